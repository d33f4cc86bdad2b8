import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  DomainError,
  formatOre,
  maxIsoDate,
  ore,
  oreToDecimal,
  streamBankFile,
  sumOre,
  type BankFileFormat,
  type BankFileParseOptions,
  type BankFileSummary,
  type BankPaymentRecord,
  type IsoDate,
  type Ore,
} from '@fordran/core';
import { findBankStatementIdByChecksum, findPaymentAllocationOrder, insertBankStatementIfNew, listKnownBankAccountRows } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { parseInput, z } from '../schemas/zod-setup';
import { bankImportFormatSchema, type ImportSummary } from '../schemas/payments';
import { reconcileBankStatement } from '../bank/bank-statements';
import { assertFileAccountsKnown, bankAccountOfFile, bankFileParseOptions } from '../bank/bank-file-accounts';
import { loadCaseMatchIndex } from './payments';
import { bookImportedPayment, previewImportedPayment, type ImportBookingScope, type ImportedPaymentOutcome } from './book-imported-payment';
import { linkReversal } from './payment-reversal';

/** A bank file to import: its name and bytes (the original is kept for reconciliation). */
export interface BankFileUpload {
  file_name: string;
  bytes: Uint8Array;
  format?: BankFileFormat;
  /** Check and match without booking anything. */
  dry_run?: boolean;
}

export type ImportProgress = (done: number, total: number) => void;

const uploadSchema = z.object({
  file_name: z.string().trim().min(1, 'Filnamn saknas').max(255, 'Filnamnet är för långt'),
  format: bankImportFormatSchema.optional(),
  dry_run: z.boolean().default(false),
});

/** Records booked per transaction: large enough to be fast, small enough to let other writes in. */
const BATCH_SIZE = 500;
const CHUNK_BYTES = 64 * 1024;
const FORMAT_EXTENSION: Record<BankFileFormat, string> = { bgmax: 'txt', camt053: 'xml', camt054: 'xml', csv: 'csv' };

/** The bytes as a stream of chunks, so the parsers keep only a chunk and a line in memory. */
function* chunksOf(bytes: Uint8Array): Generator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES) yield bytes.subarray(start, start + CHUNK_BYTES);
}

type ImportError = ImportSummary['errors'][number];

interface FileScan {
  summary: BankFileSummary;
  /** Money-in payments (amount > 0). */
  payments: number;
  totalInOre: Ore;
  latestPaidAt: IsoDate | null;
}

/**
 * Pass 1: reads the whole file without booking anything. A file that cannot be read, or whose
 * findings include an error (broken structure, totals that do not add up, an unreadable line), is
 * refused as a whole with the first problem and every problem by line in the details — so a bad
 * file never leaves half a booking behind.
 */
async function scanBankFile(bytes: Uint8Array, options: BankFileParseOptions): Promise<FileScan> {
  let count = 0;
  let totalInOre = ore(0);
  let latestPaidAt: IsoDate | null = null;
  for await (const event of streamBankFile(chunksOf(bytes), options)) {
    if (event.kind === 'payment' && event.record.amountOre > 0) {
      count += 1;
      totalInOre = sumOre([totalInOre, event.record.amountOre]);
      latestPaidAt = latestPaidAt ? maxIsoDate(latestPaidAt, event.record.paid_at) : event.record.paid_at;
    }
    if (event.kind === 'end') {
      const errors = event.summary.errors.filter((finding) => finding.severity === 'error');
      if (event.summary.finding_counts.error > 0) {
        const first = errors[0];
        throw new DomainError(first?.code ?? 'BANK_FILE_UNREADABLE', first ? `${first.line ? `Rad ${first.line}: ` : ''}${first.message}` : undefined, {
          errors: errors.map((finding) => ({ line: finding.line ?? null, code: finding.code, message: finding.message })),
          error_count: event.summary.finding_counts.error,
        });
      }
      return { summary: event.summary, payments: count, totalInOre, latestPaidAt };
    }
  }
  throw new DomainError('BANK_FILE_UNREADABLE');
}

/** The statement date a file states: camt.053 its statement date; otherwise the last payment day. */
function statementDateOf(scan: FileScan, today: IsoDate): IsoDate {
  const { summary } = scan;
  if (summary.format === 'camt053') return summary.statements.find((statement) => statement.statement_date)?.statement_date ?? scan.latestPaidAt ?? today;
  return scan.latestPaidAt ?? today;
}

interface BookingCounts {
  matched: number;
  allocated: number;
  partially_allocated: number;
  unmatched: number;
  duplicates: number;
  held: number;
}

/** Books one batch of payment records in one transaction (or, in a dry run, only classifies them). */
async function bookBatch(
  ctx: OrgScope,
  scope: ImportBookingScope,
  records: readonly BankPaymentRecord[],
  counts: BookingCounts,
  dryRun: boolean,
): Promise<void> {
  // Counted once the batch has committed: PostgreSQL may run the transaction again.
  const outcomes = await ctx.app.database.transaction(async (tx) => {
    const booked: (ImportedPaymentOutcome | 'matched')[] = [];
    for (const record of records) booked.push(dryRun ? await previewImportedPayment(tx, scope, record) : await bookImportedPayment(tx, scope, record));
    return booked;
  });
  for (const outcome of outcomes) {
    if (outcome === 'duplicate') counts.duplicates += 1;
    else if (outcome === 'held') counts.held += 1;
    else if (outcome === 'unmatched') counts.unmatched += 1;
    else {
      counts.matched += 1;
      if (outcome === 'allocated') counts.allocated += 1;
      else if (outcome === 'partially_allocated') counts.partially_allocated += 1;
    }
  }
}

/** The file recorded as a bank statement (once per checksum) and its bytes kept for reconciliation. */
async function recordStatement(ctx: OrgScope, upload: BankFileUpload, fileName: string, scan: FileScan, bankAccountId: string | null): Promise<string> {
  const { summary } = scan;
  const orgId = ctx.membership.org_id;
  const fileKey = `orgs/${orgId}/bank-files/${summary.content_sha256}.${FORMAT_EXTENSION[summary.format]}`;
  await ctx.app.files.put(fileKey, upload.bytes, summary.format === 'camt053' || summary.format === 'camt054' ? 'application/xml' : 'text/plain');
  const camt = summary.format === 'camt053' ? summary.statements[0] : undefined;
  // Two imports of one file at once: the unique checksum lets one row in, both then use it.
  return ctx.app.database.transaction(async (tx) => {
    await insertBankStatementIfNew(tx, {
      org_id: orgId,
      bank_account_id: bankAccountId,
      statement_date: statementDateOf(scan, ctx.app.clock.today()),
      file_format: summary.format,
      file_name: fileName,
      file_checksum: summary.content_sha256,
      file_identity: summary.file_identity,
      file_key: fileKey,
      total_credits: summary.total_creditsOre,
      total_debits: summary.total_debitsOre,
      opening_balance: camt?.opening_balanceOre ?? null,
      closing_balance: camt?.closing_balanceOre ?? null,
      imported_by: auditActor(ctx),
      created_at: ctx.app.clock.now(),
    });
    return (await findBankStatementIdByChecksum(tx, orgId, summary.content_sha256))!;
  });
}

/** A reversal as the summary lists it: linked to the payment it takes back, when that one is found. */
async function reversalError(ctx: OrgScope, record: BankPaymentRecord): Promise<ImportError> {
  const linked = await linkReversal(ctx.app.database.db, ctx.membership.org_id, record);
  // The record is signed (a reversed incoming payment is money out); the message names the amount taken back.
  const amount = formatOre(ore(Math.abs(record.amountOre)));
  return {
    line: record.line,
    code: 'BANK_FILE_REVERSAL',
    message: linked
      ? `Återföring på ${amount} av inbetalningen ${linked.paid_at}${linked.ocr ? ` med OCR ${linked.ocr}` : ''} – återför den under Inbetalningar`
      : `En återföring på ${amount} bokades inte automatiskt – hantera den manuellt`,
    severity: 'warning',
    ...(linked ? { payment_id: linked.id } : {}),
  };
}

/** What pass 2 found besides the bookings: records reported instead of booked, foreign-currency records by line. */
interface BookingPass {
  counts: BookingCounts;
  reported: ImportError[];
  foreign: Map<number, BankPaymentRecord>;
}

/**
 * Pass 2: reads the file again and books its money-in payments in batches of BATCH_SIZE (or, in a
 * dry run, only classifies them), reporting deductions and reversals and keeping foreign-currency
 * records for the summary.
 */
async function bookPayments(
  ctx: OrgScope,
  scope: ImportBookingScope,
  bytes: Uint8Array,
  parseOptions: BankFileParseOptions,
  dryRun: boolean,
  onBooked: (done: number) => void,
): Promise<BookingPass> {
  const counts: BookingCounts = { matched: 0, allocated: 0, partially_allocated: 0, unmatched: 0, duplicates: 0, held: 0 };
  const reported: ImportError[] = [];
  const foreign = new Map<number, BankPaymentRecord>();
  let batch: BankPaymentRecord[] = [];
  let done = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await bookBatch(ctx, scope, batch, counts, dryRun);
    done += batch.length;
    batch = [];
    onBooked(done);
    // SQLite's calls are synchronous underneath: let the server answer other requests between batches.
    await yieldToEventLoop();
  };
  for await (const event of streamBankFile(chunksOf(bytes), parseOptions)) {
    if (event.kind === 'end') continue;
    if (event.kind === 'payment' && event.record.amountOre > 0) {
      batch.push(event.record);
      if (batch.length >= BATCH_SIZE) await flush();
    } else if (event.kind === 'payment') {
      reported.push({
        line: event.record.line,
        code: 'BANK_FILE_RECORD_IGNORED',
        message: `Ett avdrag på ${formatOre(event.record.amountOre)} bokades inte automatiskt – hantera det manuellt`,
        severity: 'warning',
      });
    } else if (event.kind === 'reversal') {
      reported.push(await reversalError(ctx, event.record));
    } else if (event.kind === 'foreign') {
      // The parser's BANK_FILE_CURRENCY finding is the report; its amount and currency are added below.
      foreign.set(event.record.line, event.record);
    }
  }
  await flush();
  return { counts, reported, foreign };
}

/** The parser's findings as the summary lists them, a foreign-currency record's with its amount and currency. */
function fileFindings(summary: BankFileSummary, foreign: ReadonlyMap<number, BankPaymentRecord>): ImportError[] {
  return summary.errors.map((finding): ImportError => {
    const record = finding.code === 'BANK_FILE_CURRENCY' && finding.line !== undefined ? foreign.get(finding.line) : undefined;
    return {
      line: finding.line ?? null,
      code: finding.code,
      message: finding.message,
      severity: finding.severity,
      ...(record ? { amount: oreToDecimal(record.amountOre), currency: record.currency } : {}),
    };
  });
}

async function auditImport(ctx: OrgScope, statementId: string | null, result: ImportSummary, counts: BookingCounts): Promise<void> {
  await ctx.app.database.transaction((tx) =>
    appendAudit(tx, {
      org_id: ctx.membership.org_id,
      actor_id: auditActor(ctx),
      event: 'payments.imported',
      entity: 'bank_statements',
      entity_id: statementId,
      payload: { ...counts, format: result.format, file_name: result.file_name, payments: result.payments, total_amount: result.total_amount },
      created_at: ctx.app.clock.now(),
    }),
  );
}

/**
 * Imports a bank file (BgMax, camt.053, camt.054 or CSV; the format is detected unless given),
 * part 2 §2 'Importera' and `fordran import payments` (docs/bank-files.md):
 * 1. the whole file is read once; a file that cannot be read or does not add up is refused with
 *    its problems by line, and a camt.054 for an account the organisation does not have is
 *    refused; nothing is booked;
 * 2. it is read again and booked in batches: each money-in SEK payment once — a transaction
 *    already booked (from this file or another: a camt.054 notification and the camt.053 that
 *    repeats it share ids) is a duplicate and skipped; a possible repeat no bank reference can
 *    tell apart is held for review; the rest is allocated to the one case it names or booked
 *    unallocated;
 * 3. the file is recorded as a bank statement (once per checksum) and reconciled.
 * Deductions, reversals (linked to the payment they reverse), returned payments and amounts in
 * another currency are reported, never booked as incoming money.
 */
export async function importBankFile(ctx: OrgScope, upload: BankFileUpload, onProgress?: ImportProgress): Promise<ImportSummary> {
  requireScopePermission(ctx, 'payments.write');
  const options = parseInput(uploadSchema, { file_name: upload.file_name, format: upload.format, dry_run: upload.dry_run });
  const orgId = ctx.membership.org_id;
  const db = ctx.app.database.db;
  const accounts = await listKnownBankAccountRows(db, orgId);
  const parseOptions: BankFileParseOptions = { ...bankFileParseOptions(accounts), ...(options.format ? { format: options.format } : {}) };
  const scan = await scanBankFile(upload.bytes, parseOptions);
  const { summary } = scan;
  assertFileAccountsKnown(accounts, summary);

  const existing = await findBankStatementIdByChecksum(db, orgId, summary.content_sha256);
  const statementId = existing ?? (options.dry_run ? null : await recordStatement(ctx, upload, options.file_name, scan, bankAccountOfFile(accounts, summary)));
  const scope: ImportBookingScope = {
    orgId,
    statementId: statementId ?? '',
    index: await loadCaseMatchIndex(db, orgId),
    order: await findPaymentAllocationOrder(db, orgId),
    actorId: auditActor(ctx),
    now: ctx.app.clock.now(),
    today: ctx.app.clock.today(),
  };

  const reportProgress = (done: number) => onProgress?.(done, scan.payments);
  const fileOptions = { ...parseOptions, format: summary.format };
  const { counts, reported, foreign } = await bookPayments(ctx, scope, upload.bytes, fileOptions, options.dry_run, reportProgress);

  // Compare the file with what is now booked: a statement is reconciled or lists its differences.
  const reconciliation = !options.dry_run && statementId ? (await reconcileBankStatement(ctx, statementId)).statement.reconciliation_status : null;

  const result: ImportSummary = {
    format: summary.format,
    file_name: options.file_name,
    payments: scan.payments,
    total_amount: oreToDecimal(scan.totalInOre),
    ...counts,
    foreign: summary.foreign,
    errors: [...fileFindings(summary, foreign), ...reported],
    statement_id: options.dry_run ? null : statementId,
    duplicate_file: existing !== undefined && counts.duplicates === scan.payments,
    dry_run: options.dry_run,
    reconciliation_status: reconciliation,
  };
  if (!options.dry_run) await auditImport(ctx, statementId, result, counts);
  return result;
}
