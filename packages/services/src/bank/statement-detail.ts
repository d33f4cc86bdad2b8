import { and, count, eq, inArray } from 'drizzle-orm';
import {
  isBankBookingCurrency,
  isOre,
  oreToDecimal,
  SEED_LEDGER_ACCOUNTS,
  STATEMENT_RESOLUTION_KIND_LABELS,
  statementDifferenceKey,
  statementResolutionActions,
  statementResolutionNote,
  ZERO_ORE,
  type StatementResolution,
} from '@fordran/core';
import { bankAccounts, glAccounts, payments, profiles, users, type BankStatementRow, type DbOrTx, type StatementDifference } from '@fordran/store';
import { linkReversal } from '../payments/payment-reversal';
import { STATEMENT_REVIEW_MAX_LINES, type BankStatementDetail, type BankStatementSummary, type StatementResolutionResponse } from '../schemas/bank';
import type { BookedPaymentRow, Comparison } from './statement-comparison';

/*
 * What 'Granska bankutdrag' shows (docs/bank-files.md): the statement, its open differences with
 * the actions each offers, the decisions taken with who, when and why, and the file's lines beside
 * the bookings. Payments are named as a person knows them — date, amount, payer, OCR — never by id.
 */

/** Statement rows with their account's name and the number of payments booked from them. */
export function statementSummaries(db: DbOrTx, orgId: string, rows: BankStatementRow[]): BankStatementSummary[] {
  if (rows.length === 0) return [];
  const accountIds = [...new Set(rows.map((row) => row.bank_account_id).filter((id): id is string => id !== null))];
  const accountNames = new Map(
    accountIds.length > 0
      ? db
          .select({ id: bankAccounts.id, name: bankAccounts.account_name })
          .from(bankAccounts)
          .where(and(eq(bankAccounts.org_id, orgId), inArray(bankAccounts.id, accountIds)))
          .all()
          .map((account) => [account.id, account.name])
      : [],
  );
  const paymentCounts = new Map(
    db
      .select({ statement_id: payments.bank_statement_id, n: count() })
      .from(payments)
      .where(
        and(
          eq(payments.org_id, orgId),
          inArray(
            payments.bank_statement_id,
            rows.map((row) => row.id),
          ),
        ),
      )
      .groupBy(payments.bank_statement_id)
      .all()
      .map((row) => [row.statement_id, row.n]),
  );
  return rows.map((row) => ({
    id: row.id,
    bank_account_id: row.bank_account_id ?? null,
    account_name: row.bank_account_id ? (accountNames.get(row.bank_account_id) ?? null) : null,
    statement_date: row.statement_date,
    file_format: row.file_format,
    file_name: row.file_name,
    reconciliation_status: row.reconciliation_status,
    total_debits: oreToDecimal(row.total_debits),
    total_credits: oreToDecimal(row.total_credits),
    opening_balance: row.opening_balance === null || row.opening_balance === undefined ? null : oreToDecimal(row.opening_balance),
    closing_balance: row.closing_balance === null || row.closing_balance === undefined ? null : oreToDecimal(row.closing_balance),
    payment_count: paymentCounts.get(row.id) ?? 0,
    difference_count: row.differences_json.length,
    created_at: row.created_at,
  }));
}

/**
 * A stored difference with who paid and the OCR or reference (the line's, or the booking's):
 * what a person reads in the review instead of transaction ids.
 */
export function withSubject(difference: StatementDifference, comparison: Comparison): StatementDifference {
  const line =
    typeof difference.transaction_id === 'string' && difference.code !== 'BOOKING_NOT_IN_FILE'
      ? comparison.result?.lines.find((candidate) => candidate.transaction.transaction_id === difference.transaction_id)?.transaction
      : undefined;
  const booking =
    difference.code === 'BOOKING_NOT_IN_FILE' && typeof difference.payment_id === 'string' ? comparison.bookings.get(difference.payment_id) : undefined;
  const payer_name = line?.payer_name ?? booking?.payer_name ?? null;
  const reference = line?.reference ?? booking?.ocr ?? booking?.reference ?? null;
  return { ...difference, payer_name, reference };
}

function differenceFields(difference: StatementDifference) {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const amount = (value: unknown) => (isOre(value) ? oreToDecimal(value) : null);
  return {
    code: difference.code,
    message: difference.message,
    expected: amount(difference.expected),
    actual: amount(difference.actual),
    expected_date: text(difference.expected_date),
    actual_date: text(difference.actual_date),
    line: typeof difference.line === 'number' ? difference.line : null,
    transaction_id: text(difference.transaction_id),
    payment_id: text(difference.payment_id),
    payer_name: text(difference.payer_name),
    reference: text(difference.reference),
  };
}

/** An open difference with its key and the actions it offers beside the others open. */
export function differenceResponse(difference: StatementDifference, open: readonly StatementDifference[], comparison: Comparison) {
  const identity = {
    code: difference.code,
    ...(typeof difference.line === 'number' ? { line: difference.line } : {}),
    ...(typeof difference.transaction_id === 'string' ? { transaction_id: difference.transaction_id } : {}),
    ...(typeof difference.payment_id === 'string' ? { payment_id: difference.payment_id } : {}),
    ...(typeof difference.finding_code === 'string' ? { finding_code: difference.finding_code } : {}),
  };
  return {
    ...differenceFields(withSubject(difference, comparison)),
    key: statementDifferenceKey(identity),
    actions: statementResolutionActions(difference, open),
    action_note: statementResolutionNote(difference, open),
  };
}

/** A payment as the review names it: date, amount, payer, OCR or reference. */
export function recognisablePayment(row: Pick<BookedPaymentRow, 'id' | 'paid_at' | 'amount' | 'payer_name' | 'ocr' | 'reference' | 'status'>) {
  return {
    id: row.id,
    paid_at: row.paid_at,
    amount: oreToDecimal(row.amount),
    payer_name: row.payer_name,
    ocr: row.ocr,
    reference: row.reference,
    status: row.status,
  };
}

/** Names of the users who decided or undid, by id (their name, else their e-mail). */
function userNames(db: DbOrTx, ids: readonly string[]): Map<string, string> {
  if (ids.length === 0) return new Map();
  return new Map(
    db
      .select({ id: users.id, full_name: profiles.full_name, email: users.email })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(inArray(users.id, [...new Set(ids)]))
      .all()
      .map((row) => [row.id, row.full_name ?? row.email]),
  );
}

/** The organisation's names of ledger accounts by code (the seed chart's for any it lacks). */
export function ledgerAccountNames(db: DbOrTx, orgId: string, codes: readonly string[]): Map<string, string> {
  const names = new Map(SEED_LEDGER_ACCOUNTS.filter((account) => codes.includes(account.code)).map((account) => [account.code, account.name]));
  if (codes.length === 0) return names;
  for (const row of db
    .select({ code: glAccounts.code, name: glAccounts.name })
    .from(glAccounts)
    .where(and(eq(glAccounts.org_id, orgId), inArray(glAccounts.code, [...codes])))
    .all()) {
    names.set(row.code, row.name);
  }
  return names;
}

/** The decisions on a statement, newest first, each with who, when, why and whether it still answers its difference. */
function resolutionResponses(db: DbOrTx, orgId: string, comparison: Comparison, inEffect: ReadonlySet<StatementResolution>): StatementResolutionResponse[] {
  const rows = comparison.resolutions;
  const names = userNames(
    db,
    rows.flatMap((row) => [row.created_by, row.undone_by].filter((id): id is string => id !== null)),
  );
  const paymentIds = [...new Set(rows.map((row) => row.payment_id).filter((id): id is string => id !== null))];
  const linked = new Map(
    paymentIds.length > 0
      ? db
          .select()
          .from(payments)
          .where(and(eq(payments.org_id, orgId), inArray(payments.id, paymentIds)))
          .all()
          .map((row) => [row.id, row])
      : [],
  );
  const accounts = ledgerAccountNames(
    db,
    orgId,
    rows.map((row) => row.counter_account).filter((code): code is string => code !== null),
  );
  return [...rows].reverse().map((row) => {
    const payment = row.payment_id ? linked.get(row.payment_id) : undefined;
    const resolution = comparison.active.get(row.id);
    return {
      id: row.id,
      kind: row.kind,
      kind_label: STATEMENT_RESOLUTION_KIND_LABELS[row.kind],
      difference: differenceFields(row.difference_json),
      amount: row.amount === null ? null : oreToDecimal(row.amount),
      counter_account: row.counter_account ? { code: row.counter_account, name: accounts.get(row.counter_account) ?? row.counter_account } : null,
      payment: payment ? recognisablePayment(payment) : null,
      reason: row.reason,
      created_by_name: row.created_by ? (names.get(row.created_by) ?? null) : null,
      created_at: row.created_at,
      undone_at: row.undone_at,
      undone_by_name: row.undone_by ? (names.get(row.undone_by) ?? null) : null,
      undo_reason: row.undo_reason,
      in_effect: resolution !== undefined && inEffect.has(resolution),
    };
  });
}

function bookedPayment(row: BookedPaymentRow, statementId: string) {
  return {
    id: row.id,
    amount: oreToDecimal(row.amount),
    paid_at: row.paid_at,
    status: row.status,
    transaction_id: row.transaction_id,
    on_statement: row.bank_statement_id === statementId,
  };
}

/** The statement's balances as the file states them, each in its currency (only SEK ones are checked). */
function balancesOf(comparison: Comparison): BankStatementDetail['balances'] {
  return (comparison.reading.facts?.balances ?? []).flatMap((check) =>
    check.balances.map((balance) => ({
      type: balance.type,
      amount: oreToDecimal(balance.amountOre),
      currency: balance.currency,
      date: balance.date,
      checked: isBankBookingCurrency(balance.currency),
    })),
  );
}

/** The review view of a statement: the stored differences, the decisions taken and the file beside the bookings. */
export function detailOf(db: DbOrTx, orgId: string, statement: BankStatementRow, comparison: Comparison): BankStatementDetail {
  const [summary] = statementSummaries(db, orgId, [statement]);
  const result = comparison.result;
  const bookingRow = (id: string) => comparison.bookings.get(id)!;
  const reversalsByLine = new Map(comparison.reading.reversals.map((record) => [record.line, record]));
  const reversed = (line: number) => {
    const record = reversalsByLine.get(line);
    const linked = record ? linkReversal(db, orgId, record) : null;
    return linked ? bookedPayment(linked, statement.id) : null;
  };
  const open = statement.differences_json;
  return {
    statement: { ...summary!, file_identity: statement.file_identity ?? null, file_checksum: statement.file_checksum },
    differences: open.map((difference) => differenceResponse(difference, open, comparison)),
    resolutions: resolutionResponses(db, orgId, comparison, new Set(result?.resolved.map((pair) => pair.resolution))),
    file_available: comparison.reading.facts !== null,
    lines: (result?.lines ?? []).slice(0, STATEMENT_REVIEW_MAX_LINES).map((line) => ({
      line: line.transaction.line,
      transaction_id: line.transaction.transaction_id,
      kind: line.transaction.kind,
      amount: oreToDecimal(line.transaction.amountOre),
      currency: line.transaction.currency,
      paid_at: line.transaction.paid_at,
      payer_name: line.transaction.payer_name,
      reference: line.transaction.reference,
      status: line.status,
      payment: line.booking ? bookedPayment(bookingRow(line.booking.payment_id), statement.id) : null,
      reverses_payment: line.transaction.kind === 'reversal' ? reversed(line.transaction.line) : null,
    })),
    line_count: result?.lines.length ?? 0,
    unexpected_payments: (result?.unexpected_bookings ?? []).map((booking) => bookedPayment(bookingRow(booking.payment_id), statement.id)),
    balances: balancesOf(comparison),
    total_booked: oreToDecimal(result?.total_bookedOre ?? ZERO_ORE),
    total_adjustments: oreToDecimal(result?.adjustmentsOre ?? ZERO_ORE),
    total_excluded: oreToDecimal(result?.excluded_creditsOre ?? ZERO_ORE),
  };
}
