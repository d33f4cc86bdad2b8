import { and, count, desc, eq, inArray } from 'drizzle-orm';
import {
  DomainError,
  fileTransactionId,
  isBankBookingCurrency,
  isDomainError,
  isOre,
  oreToDecimal,
  parseBankFile,
  reconcileStatement,
  statementFileFacts,
  type BankFileFormat,
  type BankPaymentRecord,
  type BookedStatementPayment,
  type IsoDate,
  type Ore,
  type StatementFileFacts,
  type StatementReconciliationDifference,
  type StatementReconciliationResult,
  ZERO_ORE,
} from '@fordran/core';
import { bankAccounts, bankStatements, payments, type BankStatementRow, type DbOrTx, type StatementDifference } from '@fordran/store';
import { linkReversal } from '../payments/payment-reversal';
import { bankFileParseOptions, loadKnownBankAccounts } from './bank-file-accounts';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { idSchema } from '../schemas/common';
import { parseInput } from '../schemas/zod-setup';
import {
  bankStatementListQuerySchema,
  STATEMENT_REVIEW_MAX_LINES,
  type BankStatementDetail,
  type BankStatementListResponse,
  type BankStatementSummary,
  type StatementDifferenceResponse,
} from '../schemas/bank';
import type { PaymentDetailResponse } from '../schemas/payments';

/*
 * Bank statements (Bankutdrag) and their reconciliation (spec part 2 §2, §4; issue 5). An import
 * records one bank_statements row per file, keeps the original bytes in file storage (file_key)
 * and books payments that carry bank_statement_id and the bank's transaction_id. Reconciliation
 * re-reads the stored file and lets core compare it with what is booked (docs/bank-files.md).
 */

/** The most differences kept on a statement; a file nobody booked must not make a huge row. */
export const MAX_STORED_DIFFERENCES = 1000;

/** Payments are looked up by transaction id in chunks, well inside any database's variable limit. */
const TRANSACTION_ID_CHUNK = 500;

const BANK_FILE_FORMATS_READ: readonly string[] = ['bgmax', 'camt053', 'camt054', 'csv'] satisfies BankFileFormat[];

function readStatement(db: DbOrTx, orgId: string, id: string): BankStatementRow {
  const row = db
    .select()
    .from(bankStatements)
    .where(and(eq(bankStatements.org_id, orgId), eq(bankStatements.id, id)))
    .get();
  if (!row) throw new DomainError('NOT_FOUND', 'Bankutdraget hittades inte');
  return row;
}

/** Statement rows with their account's name and the number of payments booked from them. */
function statementSummaries(db: DbOrTx, orgId: string, rows: BankStatementRow[]): BankStatementSummary[] {
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
 * 'Bankutdrag' (spec part 2 §7: bank_statements with account name, statement_date desc, limit
 * 50) with the reconciliation status, totals and counts, and the organisation's statements by
 * status for the page's badges.
 */
export function listBankStatements(ctx: OrgScope, query: unknown = {}): BankStatementListResponse {
  requireScopePermission(ctx, 'ledger.read');
  const q = parseInput(bankStatementListQuerySchema, query);
  const orgId = ctx.membership.org_id;
  const db = ctx.app.store.db;
  const rows = db
    .select()
    .from(bankStatements)
    .where(and(eq(bankStatements.org_id, orgId), q.status ? eq(bankStatements.reconciliation_status, q.status) : undefined))
    .orderBy(desc(bankStatements.statement_date), desc(bankStatements.created_at), desc(bankStatements.id))
    .limit(q.limit)
    .all();
  const counts = { pending: 0, reconciled: 0, mismatch: 0 };
  for (const row of db
    .select({ status: bankStatements.reconciliation_status, n: count() })
    .from(bankStatements)
    .where(eq(bankStatements.org_id, orgId))
    .groupBy(bankStatements.reconciliation_status)
    .all()) {
    counts[row.status] = row.n;
  }
  return { statements: statementSummaries(db, orgId, rows), counts };
}

/** The stored file read back, or the difference that says why it cannot be. */
type StoredFileReading =
  | { facts: StatementFileFacts; reversals: BankPaymentRecord[]; problems: StatementDifference[] }
  | { facts: null; reversals: []; problems: StatementDifference[] };

function fileProblem(code: string, message: string): StatementDifference {
  return { code, message };
}

/** Reads the statement's original file from storage and parses it with core's parsers. */
async function readStatementFile(ctx: OrgScope, statement: BankStatementRow): Promise<StoredFileReading> {
  const stored = statement.file_key ? await ctx.app.files.get(statement.file_key) : null;
  if (!stored) return { facts: null, reversals: [], problems: [fileProblem('FILE_MISSING', 'Originalfilen saknas i fillagringen')] };
  if (!BANK_FILE_FORMATS_READ.includes(statement.file_format)) {
    return { facts: null, reversals: [], problems: [fileProblem('FILE_UNREADABLE', `Filformatet ${statement.file_format} kan inte stämmas av`)] };
  }
  try {
    const accounts = loadKnownBankAccounts(ctx.app.store.db, ctx.membership.org_id);
    const parsed = await parseBankFile(stored.bytes, statement.file_format as BankFileFormat, bankFileParseOptions(accounts));
    const problems =
      parsed.summary.content_sha256 === statement.file_checksum
        ? []
        : [fileProblem('FILE_CHECKSUM_DIFFERS', 'Den lagrade filen skiljer sig från den importerade (kontrollsumman stämmer inte)')];
    return { facts: statementFileFacts(parsed), reversals: parsed.reversals, problems };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { facts: null, reversals: [], problems: [fileProblem('FILE_UNREADABLE', error.message)] };
  }
}

interface BookedPaymentRow {
  id: string;
  amount: Ore;
  paid_at: IsoDate;
  status: string;
  transaction_id: string | null;
  bank_statement_id: string | null;
}

/** Payments booked from the statement, and payments booked anywhere with one of the file's transaction ids. */
function loadBookings(db: DbOrTx, orgId: string, statementId: string, facts: StatementFileFacts | null): BookedPaymentRow[] {
  const columns = {
    id: payments.id,
    amount: payments.amount,
    paid_at: payments.paid_at,
    status: payments.status,
    transaction_id: payments.transaction_id,
    bank_statement_id: payments.bank_statement_id,
  };
  const found = new Map<string, BookedPaymentRow>();
  const add = (rows: BookedPaymentRow[]) => rows.forEach((row) => found.set(row.id, row));
  add(
    db
      .select(columns)
      .from(payments)
      .where(and(eq(payments.org_id, orgId), eq(payments.bank_statement_id, statementId)))
      .all(),
  );
  const ids = facts ? facts.transactions.map((transaction) => transaction.transaction_id) : [];
  for (let start = 0; start < ids.length; start += TRANSACTION_ID_CHUNK) {
    const chunk = ids.slice(start, start + TRANSACTION_ID_CHUNK);
    add(
      db
        .select(columns)
        .from(payments)
        .where(and(eq(payments.org_id, orgId), inArray(payments.transaction_id, chunk)))
        .all(),
    );
  }
  return [...found.values()];
}

/**
 * A payment as reconciliation compares it. A payment held from this statement whose transaction id
 * was already booked from another file carries the id with the statement appended: it stands for
 * the file's line under the plain id.
 */
function asBooking(row: BookedPaymentRow, statementId: string): BookedStatementPayment {
  return {
    payment_id: row.id,
    transaction_id: row.transaction_id === null ? null : fileTransactionId(row.transaction_id, statementId),
    amountOre: row.amount,
    paid_at: row.paid_at,
    is_on_statement: row.bank_statement_id === statementId,
    is_held: row.status === 'held',
  };
}

/** Core's difference in the stored form (amounts in öre under expected/actual). */
function storedDifference(difference: StatementReconciliationDifference): StatementDifference {
  const { expectedOre, actualOre, ...rest } = difference;
  return { ...rest, ...(expectedOre !== undefined ? { expected: expectedOre } : {}), ...(actualOre !== undefined ? { actual: actualOre } : {}) };
}

function capped(differences: StatementDifference[]): StatementDifference[] {
  if (differences.length <= MAX_STORED_DIFFERENCES) return differences;
  const kept = differences.slice(0, MAX_STORED_DIFFERENCES - 1);
  return [...kept, { code: 'MORE_DIFFERENCES', message: `Ytterligare ${differences.length - kept.length} avvikelser visas inte` }];
}

function differenceResponse(difference: StatementDifference): StatementDifferenceResponse {
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
  };
}

interface Comparison {
  reading: StoredFileReading;
  bookings: Map<string, BookedPaymentRow>;
  result: StatementReconciliationResult | null;
}

/** Compares the read file with the bookings now in the database (inside the caller's transaction, if any). */
function compare(db: DbOrTx, orgId: string, statement: BankStatementRow, reading: StoredFileReading): Comparison {
  const rows = loadBookings(db, orgId, statement.id, reading.facts);
  const bookings = new Map(rows.map((row) => [row.id, row]));
  const result = reading.facts
    ? reconcileStatement(
        reading.facts,
        rows.map((row) => asBooking(row, statement.id)),
      )
    : null;
  return { reading, bookings, result };
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
function balancesOf(facts: StatementFileFacts | null): BankStatementDetail['balances'] {
  return (facts?.balances ?? []).flatMap((check) =>
    check.balances.map((balance) => ({
      type: balance.type,
      amount: oreToDecimal(balance.amountOre),
      currency: balance.currency,
      date: balance.date,
      checked: isBankBookingCurrency(balance.currency),
    })),
  );
}

function detailOf(db: DbOrTx, orgId: string, statement: BankStatementRow, comparison: Comparison): BankStatementDetail {
  const [summary] = statementSummaries(db, orgId, [statement]);
  const result = comparison.result;
  const bookingRow = (id: string) => comparison.bookings.get(id)!;
  const reversalsByLine = new Map(comparison.reading.reversals.map((record) => [record.line, record]));
  const reversed = (line: number) => {
    const record = reversalsByLine.get(line);
    const linked = record ? linkReversal(db, orgId, record) : null;
    return linked ? bookedPayment(linked, statement.id) : null;
  };
  return {
    statement: { ...summary!, file_identity: statement.file_identity ?? null, file_checksum: statement.file_checksum },
    differences: statement.differences_json.map(differenceResponse),
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
    balances: balancesOf(comparison.reading.facts),
    total_booked: oreToDecimal(result?.total_bookedOre ?? ZERO_ORE),
  };
}

/**
 * The review view ('Granska'): the statement, the differences its last reconciliation recorded,
 * and the file's transactions side by side with the booked payments as they are now.
 */
export async function getBankStatement(ctx: OrgScope, id: string): Promise<BankStatementDetail> {
  requireScopePermission(ctx, 'ledger.read');
  const statementId = parseInput(idSchema, id);
  const orgId = ctx.membership.org_id;
  const db = ctx.app.store.db;
  const statement = readStatement(db, orgId, statementId);
  const reading = await readStatementFile(ctx, statement);
  return detailOf(db, orgId, statement, compare(db, orgId, statement, reading));
}

/**
 * Reconciles a bank statement: re-reads the stored file, compares it with the booked payments
 * (core `reconcileStatement`, rules in docs/bank-files.md) and records reconciled or mismatch
 * with the differences, audited, in one transaction. A missing, changed or unreadable file is a
 * mismatch that says so. The payment import calls this right after booking a file.
 * @example const detail = await reconcileBankStatement(ctx, statementId); detail.statement.reconciliation_status
 */
export async function reconcileBankStatement(ctx: OrgScope, statementId: string): Promise<BankStatementDetail> {
  requireScopePermission(ctx, 'bank.write');
  const id = parseInput(idSchema, statementId);
  const orgId = ctx.membership.org_id;
  const reading = await readStatementFile(ctx, readStatement(ctx.app.store.db, orgId, id));
  const now = ctx.app.clock.now();
  return ctx.app.store.transaction((tx) => {
    // Read again inside the transaction: the comparison and the update see the same bookings.
    const statement = readStatement(tx, orgId, id);
    const comparison = compare(tx, orgId, statement, reading);
    const differences = capped([...reading.problems, ...(comparison.result?.differences ?? []).map(storedDifference)]);
    const status = differences.length === 0 ? 'reconciled' : 'mismatch';
    const updated = tx
      .update(bankStatements)
      .set({ reconciliation_status: status, differences_json: differences })
      .where(and(eq(bankStatements.org_id, orgId), eq(bankStatements.id, id)))
      .returning()
      .get()!;
    appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'bank_statement.reconciled',
      entity: 'bank_statements',
      entity_id: id,
      payload: { status, differences: differences.length, codes: [...new Set(differences.map((difference) => difference.code))] },
      created_at: now,
    });
    return detailOf(tx, orgId, updated, comparison);
  });
}

/**
 * The statement a payment was imported from, for the payment's detail view: the file, and the
 * payment's transaction read back from the stored file (null when the file is missing, changed
 * since the import or unreadable, or holds no such transaction).
 */
export async function statementOfPayment(
  ctx: OrgScope,
  statementId: string,
  transactionId: string | null,
): Promise<NonNullable<PaymentDetailResponse['bank_statement']>> {
  requireScopePermission(ctx, 'ledger.read');
  const db = ctx.app.store.db;
  const statement = readStatement(db, ctx.membership.org_id, statementId);
  const [summary] = statementSummaries(db, ctx.membership.org_id, [statement]);
  const reading = transactionId ? await readStatementFile(ctx, statement) : null;
  const transaction =
    reading?.facts && reading.problems.length === 0 ? reading.facts.transactions.find((candidate) => candidate.transaction_id === transactionId) : undefined;
  return {
    id: statement.id,
    file_name: statement.file_name,
    file_format: statement.file_format,
    statement_date: statement.statement_date,
    account_name: summary!.account_name,
    reconciliation_status: statement.reconciliation_status,
    line: transaction
      ? {
          line: transaction.line,
          amount: oreToDecimal(transaction.amountOre),
          paid_at: transaction.paid_at,
          payer_name: transaction.payer_name,
          reference: transaction.reference,
        }
      : null,
  };
}
