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
  type StatementFileFacts,
  type StatementReconciliationDifference,
  type StatementReconciliationResult,
  type StatementResolution,
} from '@fordran/core';
import {
  findBankStatementRow,
  listKnownBankAccountRows,
  listStatementBookingRows,
  listStatementResolutionRows,
  type BankStatementResolutionRow,
  type BankStatementRow,
  type Db,
  type StatementBookingRow,
  type StatementDifference,
} from '@fordran/store';
import type { OrgScope } from '../access/operator';
import { bankFileParseOptions } from './bank-file-accounts';

/*
 * Reading a statement's stored file back and comparing it with what is booked and what people
 * decided (docs/bank-files.md "Reconciliation", "Resolving differences"). Core compares; this
 * module loads the facts it compares.
 */

const BANK_FILE_FORMATS_READ: readonly string[] = ['bgmax', 'camt053', 'camt054', 'csv'] satisfies BankFileFormat[];

export async function readStatement(db: Db, orgId: string, id: string): Promise<BankStatementRow> {
  const row = await findBankStatementRow(db, orgId, id);
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
    const accounts = await listKnownBankAccountRows(ctx.app.database.db, ctx.membership.org_id);
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

/**
 * A payment as reconciliation compares it. A payment held from this statement whose transaction id
 * was already booked from another file carries the id with the statement appended: it stands for
 * the file's line under the plain id.
 */
function asBooking(row: StatementBookingRow, statementId: string): BookedStatementPayment {
  return {
    payment_id: row.id,
    transaction_id: row.transaction_id === null ? null : fileTransactionId(row.transaction_id, statementId),
    amountOre: row.amount,
    paid_at: row.paid_at,
    is_on_statement: row.bank_statement_id === statementId,
    is_held: row.status === 'held',
  };
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
  bookings: Map<string, StatementBookingRow>;
  /** Every decision on the statement, oldest first (undone ones too). */
  resolutions: BankStatementResolutionRow[];
  /** The decisions not undone, as core took them, by row id. */
  active: Map<string, StatementResolution>;
  result: StatementReconciliationResult | null;
}

/** Compares the read file with the bookings and active decisions now in the database (inside the caller's transaction, if any). */
export async function compare(db: Db, orgId: string, statement: BankStatementRow, reading: StoredFileReading): Promise<Comparison> {
  const transactionIds = reading.facts ? reading.facts.transactions.map((transaction) => transaction.transaction_id) : [];
  const rows = await listStatementBookingRows(db, orgId, statement.id, transactionIds);
  const bookings = new Map(rows.map((row) => [row.id, row]));
  const resolutions = await listStatementResolutionRows(db, orgId, statement.id);
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
