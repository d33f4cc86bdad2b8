import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import {
  buildUnallocatedPaymentJournal,
  DomainError,
  formatOre,
  maxIsoDate,
  matchPaymentCandidates,
  ore,
  oreToDecimal,
  selectAutoAllocationCandidate,
  streamBankFile,
  sumOre,
  type BankFileFormat,
  type BankFileSummary,
  type BankPaymentRecord,
  type CaseMatchIndex,
  type IsoDate,
  type Ore,
} from '@fordran/core';
import { bankAccounts, bankStatements, insertLedgerJournal, payments, type DbOrTx, type PaymentRow } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { parseInput, z } from '../schemas/zod-setup';
import { bankImportFormatSchema, type ImportSummary } from '../schemas/payments';
import { reconcileBankStatement } from '../bank/bank-statements';
import { allocationOrderOf, loadCaseMatchIndex } from './payments';
import { writeAllocation } from './write-allocation';

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
const FORMAT_EXTENSION: Record<BankFileFormat, string> = { bgmax: 'txt', camt053: 'xml', csv: 'csv' };

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
async function scanBankFile(bytes: Uint8Array, format: BankFileFormat | undefined): Promise<FileScan> {
  let count = 0;
  let totalInOre = ore(0);
  let latestPaidAt: IsoDate | null = null;
  for await (const event of streamBankFile(chunksOf(bytes), format ? { format } : {})) {
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

/** The statement date a file states: BgMax the last payment day, camt.053 its statement date, CSV the last row's date. */
function statementDateOf(scan: FileScan, today: IsoDate): IsoDate {
  const { summary } = scan;
  if (summary.format === 'camt053') return summary.statements.find((statement) => statement.statement_date)?.statement_date ?? scan.latestPaidAt ?? today;
  return scan.latestPaidAt ?? today;
}

/** The agency's bank account the file is for, by the recipient bankgiro (BgMax) or IBAN (camt.053). */
function bankAccountOf(db: DbOrTx, orgId: string, summary: BankFileSummary): string | null {
  const bankgiro = summary.format === 'bgmax' ? summary.sections.find((section) => section.recipient_bankgiro)?.recipient_bankgiro : null;
  const iban = summary.format === 'camt053' ? summary.statements.find((statement) => statement.account_iban)?.account_iban : null;
  if (!bankgiro && !iban) return null;
  const accounts = db
    .select({ id: bankAccounts.id, bg: bankAccounts.bg_number, iban: bankAccounts.iban })
    .from(bankAccounts)
    .where(eq(bankAccounts.org_id, orgId))
    .all();
  const digits = (value: string | null | undefined) => (value ?? '').replace(/[\s-]/g, '').toUpperCase();
  return accounts.find((account) => (bankgiro && digits(account.bg) === digits(bankgiro)) || (iban && digits(account.iban) === digits(iban)))?.id ?? null;
}

/** BgMax lines are bankgiro payments; camt.053 and CSV lines are bank transfers. */
function paymentMethodOf(format: BankFileFormat): PaymentRow['method'] {
  return format === 'bgmax' ? 'bankgiro' : 'bank_transfer';
}

interface BookingCounts {
  matched: number;
  allocated: number;
  partially_allocated: number;
  unmatched: number;
  duplicates: number;
}

interface BookingContext {
  ctx: OrgScope;
  index: CaseMatchIndex;
  statementId: string | null;
  counts: BookingCounts;
  dryRun: boolean;
}

function isBooked(tx: DbOrTx, orgId: string, transactionId: string): boolean {
  return (
    tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.org_id, orgId), eq(payments.transaction_id, transactionId)))
      .get() !== undefined
  );
}

/** Books one batch of payment records in one transaction (or, in a dry run, only matches them). */
function bookBatch(booking: BookingContext, records: readonly BankPaymentRecord[]): void {
  const { ctx, counts } = booking;
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  const today = ctx.app.clock.today();
  const actor = auditActor(ctx);
  ctx.app.store.transaction((tx) => {
    const order = allocationOrderOf(tx, orgId);
    const seenInBatch = new Set<string>();
    for (const record of records) {
      if (seenInBatch.has(record.transaction_id) || isBooked(tx, orgId, record.transaction_id)) {
        counts.duplicates += 1;
        continue;
      }
      seenInBatch.add(record.transaction_id);
      const auto = selectAutoAllocationCandidate(
        matchPaymentCandidates(booking.index, { amountOre: record.amountOre, reference: record.reference, ocr: record.ocr, message: record.message }),
      );
      if (booking.dryRun) {
        if (auto) counts.matched += 1;
        else counts.unmatched += 1;
        continue;
      }
      const payment = tx
        .insert(payments)
        .values({
          org_id: orgId,
          method: paymentMethodOf(record.format),
          amount: record.amountOre,
          unallocated_amount: record.amountOre,
          ocr: record.ocr,
          reference: record.reference,
          message: record.message,
          payer_name: record.payer_name,
          paid_at: record.paid_at,
          // Without a case to try, it is unmatched from the start; with one, received until allocated.
          status: auto ? 'received' : 'unmatched',
          bank_statement_id: booking.statementId,
          transaction_id: record.transaction_id,
          created_by: actor,
          created_at: now,
          updated_at: now,
        })
        .returning()
        .get();
      const outcome = auto ? writeAllocation(tx, { payment, caseId: auto.case_id, mode: 'import', order, actorId: actor, now, today }) : null;
      if (outcome) {
        counts.matched += 1;
        if (outcome.payment.status === 'allocated') counts.allocated += 1;
        else counts.partially_allocated += 1;
        continue;
      }
      // No case to settle it on: the money is on the client account and owed to someone (2990).
      counts.unmatched += 1;
      if (auto) tx.update(payments).set({ status: 'unmatched' }).where(eq(payments.id, payment.id)).run();
      insertLedgerJournal(tx, buildUnallocatedPaymentJournal({ amountOre: payment.amount, payment_id: payment.id, booked_at: today }), {
        orgId,
        at: now,
        createdBy: actor,
      });
    }
  });
}

/**
 * Imports a bank file (BgMax, camt.053 or CSV; the format is detected unless given), part 2 §2
 * 'Importera' and `fordran import payments`:
 * 1. the whole file is read once; a file that cannot be read or does not add up is refused with
 *    its problems by line, and nothing is booked;
 * 2. it is read again and booked in batches: each money-in payment once — a transaction already
 *    booked (from this file or another) is a duplicate and skipped, so importing a file twice
 *    books nothing twice — auto-allocated when exactly one case matches by case id, OCR or
 *    message reference (an over-payment keeps its remainder), otherwise booked unallocated
 *    (1900/2990) as `unmatched` for a person to match;
 * 3. the file is recorded as a bank statement (once per checksum) with its totals and kept, and
 *    reconciled against the bookings (reconciled, or mismatch with the differences).
 * Deductions and reversals are reported, never booked automatically.
 */
export async function importBankFile(ctx: OrgScope, upload: BankFileUpload, onProgress?: ImportProgress): Promise<ImportSummary> {
  requireScopePermission(ctx, 'payments.write');
  const options = parseInput(uploadSchema, { file_name: upload.file_name, format: upload.format, dry_run: upload.dry_run });
  const scan = await scanBankFile(upload.bytes, options.format);
  const { summary } = scan;
  const orgId = ctx.membership.org_id;
  const db = ctx.app.store.db;
  const errors: ImportError[] = summary.errors.map((finding) => ({
    line: finding.line ?? null,
    code: finding.code,
    message: finding.message,
    severity: finding.severity,
  }));
  const counts: BookingCounts = { matched: 0, allocated: 0, partially_allocated: 0, unmatched: 0, duplicates: 0 };

  const existing = db
    .select()
    .from(bankStatements)
    .where(and(eq(bankStatements.org_id, orgId), eq(bankStatements.file_checksum, summary.content_sha256)))
    .get();
  let statementId: string | null = existing?.id ?? null;
  if (!options.dry_run && !existing) {
    const fileKey = `orgs/${orgId}/bank-files/${summary.content_sha256}.${FORMAT_EXTENSION[summary.format]}`;
    await ctx.app.files.put(fileKey, upload.bytes, summary.format === 'camt053' ? 'application/xml' : 'text/plain');
    const camt = summary.format === 'camt053' ? summary.statements[0] : undefined;
    // Two imports of one file at once: the unique checksum lets one row in, both then use it.
    statementId = ctx.app.store.transaction((tx) => {
      tx.insert(bankStatements)
        .values({
          org_id: orgId,
          bank_account_id: bankAccountOf(tx, orgId, summary),
          statement_date: statementDateOf(scan, ctx.app.clock.today()),
          file_format: summary.format,
          file_name: options.file_name,
          file_checksum: summary.content_sha256,
          file_identity: summary.file_identity,
          file_key: fileKey,
          total_credits: summary.total_creditsOre,
          total_debits: summary.total_debitsOre,
          opening_balance: camt?.opening_balanceOre ?? null,
          closing_balance: camt?.closing_balanceOre ?? null,
          imported_by: auditActor(ctx),
          created_at: ctx.app.clock.now(),
        })
        .onConflictDoNothing()
        .run();
      return tx
        .select({ id: bankStatements.id })
        .from(bankStatements)
        .where(and(eq(bankStatements.org_id, orgId), eq(bankStatements.file_checksum, summary.content_sha256)))
        .get()!.id;
    });
  }

  const booking: BookingContext = { ctx, index: loadCaseMatchIndex(db, orgId), statementId, counts, dryRun: options.dry_run };
  let batch: BankPaymentRecord[] = [];
  let done = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    bookBatch(booking, batch);
    done += batch.length;
    batch = [];
    onProgress?.(done, scan.payments);
    // The database calls are synchronous: let the server answer other requests between batches.
    await yieldToEventLoop();
  };
  for await (const event of streamBankFile(chunksOf(upload.bytes), { format: summary.format })) {
    if (event.kind === 'payment' && event.record.amountOre > 0) {
      batch.push(event.record);
      if (batch.length >= BATCH_SIZE) await flush();
    } else if (event.kind === 'payment' || event.kind === 'reversal') {
      const what = event.kind === 'reversal' ? 'En återföring' : 'Ett avdrag';
      errors.push({
        line: event.record.line,
        code: event.kind === 'reversal' ? 'BANK_FILE_REVERSAL' : 'BANK_FILE_RECORD_IGNORED',
        message: `${what} på ${formatOre(event.record.amountOre)} bokades inte automatiskt – hantera den manuellt`,
        severity: 'warning',
      });
    }
  }
  await flush();

  // Compare the file with what is now booked: a statement is reconciled or lists its differences.
  const reconciliation = !options.dry_run && statementId ? (await reconcileBankStatement(ctx, statementId)).statement.reconciliation_status : null;

  const result: ImportSummary = {
    format: summary.format,
    file_name: options.file_name,
    payments: scan.payments,
    total_amount: oreToDecimal(scan.totalInOre),
    ...counts,
    errors,
    statement_id: options.dry_run ? null : statementId,
    duplicate_file: existing !== undefined && counts.duplicates === scan.payments,
    dry_run: options.dry_run,
    reconciliation_status: reconciliation,
  };
  if (!options.dry_run) {
    ctx.app.store.transaction((tx) =>
      appendAudit(tx, {
        org_id: orgId,
        actor_id: auditActor(ctx),
        event: 'payments.imported',
        entity: 'bank_statements',
        entity_id: statementId,
        payload: { ...counts, format: summary.format, file_name: options.file_name, payments: scan.payments, total_amount: result.total_amount },
        created_at: ctx.app.clock.now(),
      }),
    );
  }
  return result;
}
