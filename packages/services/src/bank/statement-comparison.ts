import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  DomainError,
  fileTransactionId,
  isDomainError,
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
  type StatementResolution,
} from '@fordran/core';
import {
  bankStatementResolutions,
  bankStatements,
  payments,
  type BankStatementResolutionRow,
  type BankStatementRow,
  type DbOrTx,
  type StatementDifference,
} from '@fordran/store';
import type { OrgScope } from '../access/operator';
import { bankFileParseOptions, loadKnownBankAccounts } from './bank-file-accounts';

/*
 * Reading a statement's stored file back and comparing it with what is booked and what people
 * decided (docs/bank-files.md "Reconciliation", "Resolving differences"). Core compares; this
 * module loads the facts it compares.
 */

/** Payments are looked up by transaction id in chunks, well inside any database's variable limit. */
const TRANSACTION_ID_CHUNK = 500;

const BANK_FILE_FORMATS_READ: readonly string[] = ['bgmax', 'camt053', 'camt054', 'csv'] satisfies BankFileFormat[];

export function readStatement(db: DbOrTx, orgId: string, id: string): BankStatementRow {
  const row = db
    .select()
    .from(bankStatements)
    .where(and(eq(bankStatements.org_id, orgId), eq(bankStatements.id, id)))
    .get();
  if (!row) throw new DomainError('NOT_FOUND', 'Bankutdraget hittades inte');
  return row;
}

/** The stored file read back, or the difference that says why it cannot be. */
export type StoredFileReading =
  | { facts: StatementFileFacts; reversals: BankPaymentRecord[]; problems: StatementDifference[] }
  | { facts: null; reversals: []; problems: StatementDifference[] };

function fileProblem(code: string, message: string): StatementDifference {
  return { code, message };
}

/** Reads the statement's original file from storage and parses it with core's parsers. */
export async function readStatementFile(ctx: OrgScope, statement: BankStatementRow): Promise<StoredFileReading> {
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

export interface BookedPaymentRow {
  id: string;
  amount: Ore;
  paid_at: IsoDate;
  status: string;
  transaction_id: string | null;
  bank_statement_id: string | null;
  payer_name: string | null;
  ocr: string | null;
  reference: string | null;
}

const BOOKED_PAYMENT_COLUMNS = {
  id: payments.id,
  amount: payments.amount,
  paid_at: payments.paid_at,
  status: payments.status,
  transaction_id: payments.transaction_id,
  bank_statement_id: payments.bank_statement_id,
  payer_name: payments.payer_name,
  ocr: payments.ocr,
  reference: payments.reference,
};

/** Payments booked from the statement, and payments booked anywhere with one of the file's transaction ids. */
function loadBookings(db: DbOrTx, orgId: string, statementId: string, facts: StatementFileFacts | null): BookedPaymentRow[] {
  const found = new Map<string, BookedPaymentRow>();
  const add = (rows: BookedPaymentRow[]) => rows.forEach((row) => found.set(row.id, row));
  add(
    db
      .select(BOOKED_PAYMENT_COLUMNS)
      .from(payments)
      .where(and(eq(payments.org_id, orgId), eq(payments.bank_statement_id, statementId)))
      .all(),
  );
  const ids = facts ? facts.transactions.map((transaction) => transaction.transaction_id) : [];
  for (let start = 0; start < ids.length; start += TRANSACTION_ID_CHUNK) {
    const chunk = ids.slice(start, start + TRANSACTION_ID_CHUNK);
    add(
      db
        .select(BOOKED_PAYMENT_COLUMNS)
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

/** Every decision taken on the statement's differences, oldest first (undone ones too). */
export function statementResolutionRows(db: DbOrTx, orgId: string, statementId: string): BankStatementResolutionRow[] {
  return (
    db
      .select()
      .from(bankStatementResolutions)
      .where(and(eq(bankStatementResolutions.org_id, orgId), eq(bankStatementResolutions.statement_id, statementId)))
      // Insertion order among decisions of the same instant (a match and what it decided with it).
      .orderBy(asc(bankStatementResolutions.created_at), sql`rowid`)
      .all()
  );
}

/** A stored decision as core reconciles with it. */
function asResolution(row: BankStatementResolutionRow): StatementResolution {
  const books = row.kind === 'bank_fee' || row.kind === 'adjustment';
  return {
    kind: row.kind,
    difference_key: row.difference_key,
    transaction_id: row.transaction_id,
    payment_id: row.payment_id,
    amountOre: books ? row.amount : null,
  };
}

/** Core's difference in the stored form (amounts in öre under expected/actual). */
export function storedDifference(difference: StatementReconciliationDifference): StatementDifference {
  const { expectedOre, actualOre, ...rest } = difference;
  return { ...rest, ...(expectedOre !== undefined ? { expected: expectedOre } : {}), ...(actualOre !== undefined ? { actual: actualOre } : {}) };
}

export interface Comparison {
  reading: StoredFileReading;
  bookings: Map<string, BookedPaymentRow>;
  /** Every decision on the statement, oldest first (undone ones too). */
  resolutions: BankStatementResolutionRow[];
  /** The decisions not undone, as core took them, by row id. */
  active: Map<string, StatementResolution>;
  result: StatementReconciliationResult | null;
}

/** Compares the read file with the bookings and active decisions now in the database (inside the caller's transaction, if any). */
export function compare(db: DbOrTx, orgId: string, statement: BankStatementRow, reading: StoredFileReading): Comparison {
  const rows = loadBookings(db, orgId, statement.id, reading.facts);
  const bookings = new Map(rows.map((row) => [row.id, row]));
  const resolutions = statementResolutionRows(db, orgId, statement.id);
  const active = new Map(resolutions.filter((row) => row.undone_at === null).map((row) => [row.id, asResolution(row)]));
  const result = reading.facts
    ? reconcileStatement(
        reading.facts,
        rows.map((row) => asBooking(row, statement.id)),
        [...active.values()],
      )
    : null;
  return { reading, bookings, resolutions, active, result };
}
