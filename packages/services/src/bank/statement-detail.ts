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
  type StatementReconciliationLine,
  type StatementResolution,
} from '@fordran/core';
import {
  bankAccountNamesById,
  countPaymentsOfBankStatements,
  ledgerAccountNamesByCode,
  listStatementResolutionPaymentRows,
  statementDeciderNames,
  type BankStatementRow,
  type Db,
  type PaymentRow,
  type StatementBookingRow,
  type StatementDifference,
} from '@fordran/store';
import { linkReversal } from '../payments/payment-reversal';
import { STATEMENT_REVIEW_MAX_LINES, type BankStatementDetail, type BankStatementSummary, type StatementResolutionResponse } from '../schemas/bank';
import type { Comparison } from './statement-comparison';

/*
 * What 'Granska bankutdrag' shows (docs/bank-files.md): the statement, its open differences with
 * the actions each offers, the decisions taken with who, when and why, and the file's lines beside
 * the bookings. Payments are named as a person knows them — date, amount, payer, OCR — never by id.
 */

/** Statement rows with their account's name and the number of payments booked from them. */
export async function statementSummaries(db: Db, orgId: string, rows: BankStatementRow[]): Promise<BankStatementSummary[]> {
  if (rows.length === 0) return [];
  const accountIds = [...new Set(rows.map((row) => row.bank_account_id).filter((id): id is string => id !== null))];
  const accountNames = await bankAccountNamesById(db, orgId, accountIds);
  const paymentCounts = await countPaymentsOfBankStatements(
    db,
    orgId,
    rows.map((row) => row.id),
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
export function recognisablePayment(row: Pick<StatementBookingRow, 'id' | 'paid_at' | 'amount' | 'payer_name' | 'ocr' | 'reference' | 'status'>) {
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

/** The organisation's names of ledger accounts by code (the seed chart's for any it lacks). */
export async function ledgerAccountNames(db: Db, orgId: string, codes: readonly string[]): Promise<Map<string, string>> {
  const seeded = SEED_LEDGER_ACCOUNTS.filter((account) => codes.includes(account.code)).map((account): [string, string] => [account.code, account.name]);
  return new Map([...seeded, ...(await ledgerAccountNamesByCode(db, orgId, codes))]);
}

/** The decisions on a statement, newest first, each with who, when, why and whether it still answers its difference. */
async function resolutionResponses(
  db: Db,
  orgId: string,
  comparison: Comparison,
  inEffect: ReadonlySet<StatementResolution>,
): Promise<StatementResolutionResponse[]> {
  const rows = comparison.resolutions;
  const names = await statementDeciderNames(
    db,
    rows.flatMap((row) => [row.created_by, row.undone_by].filter((id): id is string => id !== null)),
  );
  const paymentIds = [...new Set(rows.map((row) => row.payment_id).filter((id): id is string => id !== null))];
  const linked = new Map((await listStatementResolutionPaymentRows(db, orgId, paymentIds)).map((row) => [row.id, row]));
  const accounts = await ledgerAccountNames(
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

function bookedPayment(row: StatementBookingRow, statementId: string) {
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

/** The payments the reversal lines among `lines` take back, by line (a reversal nothing is linked to is left out). */
async function reversedPayments(
  db: Db,
  orgId: string,
  comparison: Comparison,
  lines: readonly StatementReconciliationLine[],
): Promise<Map<number, PaymentRow>> {
  const reversalsByLine = new Map(comparison.reading.reversals.map((record) => [record.line, record]));
  const linked = new Map<number, PaymentRow>();
  // In sequence: inside a transaction the look-ups share one connection.
  for (const line of lines) {
    const record = line.transaction.kind === 'reversal' ? reversalsByLine.get(line.transaction.line) : undefined;
    const payment = record ? await linkReversal(db, orgId, record) : null;
    if (payment) linked.set(line.transaction.line, payment);
  }
  return linked;
}

/** The review view of a statement: the stored differences, the decisions taken and the file beside the bookings. */
export async function detailOf(db: Db, orgId: string, statement: BankStatementRow, comparison: Comparison): Promise<BankStatementDetail> {
  const [summary] = await statementSummaries(db, orgId, [statement]);
  const result = comparison.result;
  const bookingRow = (id: string) => comparison.bookings.get(id)!;
  const shown = (result?.lines ?? []).slice(0, STATEMENT_REVIEW_MAX_LINES);
  const reversed = await reversedPayments(db, orgId, comparison, shown);
  const reversedOf = (line: number) => {
    const payment = reversed.get(line);
    return payment ? bookedPayment(payment, statement.id) : null;
  };
  const open = statement.differences_json;
  return {
    statement: { ...summary!, file_identity: statement.file_identity ?? null, file_checksum: statement.file_checksum },
    differences: open.map((difference) => differenceResponse(difference, open, comparison)),
    resolutions: await resolutionResponses(db, orgId, comparison, new Set(result?.resolved.map((pair) => pair.resolution))),
    file_available: comparison.reading.facts !== null,
    lines: shown.map((line) => ({
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
      reverses_payment: reversedOf(line.transaction.line),
    })),
    line_count: result?.lines.length ?? 0,
    unexpected_payments: (result?.unexpected_bookings ?? []).map((booking) => bookedPayment(bookingRow(booking.payment_id), statement.id)),
    balances: balancesOf(comparison),
    total_booked: oreToDecimal(result?.total_bookedOre ?? ZERO_ORE),
    total_adjustments: oreToDecimal(result?.adjustmentsOre ?? ZERO_ORE),
    total_excluded: oreToDecimal(result?.excluded_creditsOre ?? ZERO_ORE),
  };
}
