import {
  buildUnallocatedPaymentJournal,
  heldTransactionId,
  matchPaymentCandidates,
  selectAutoAllocationCandidate,
  transactionIdsComparable,
  type AllocationOrder,
  type BankPaymentRecord,
  type CaseMatchIndex,
  type IsoDate,
  type PaymentStatus,
} from '@fordran/core';
import {
  findPaymentByTransactionId,
  insertLedgerJournal,
  insertPaymentRow,
  listPaymentTwinRows,
  updatePaymentRow,
  type Db,
  type PaymentRow,
} from '@fordran/store';
import { writeAllocation } from './write-allocation';

/*
 * Booking one payment of a bank file (docs/bank-files.md "Import" and "One booking per bank
 * transaction"): each bank transaction once, whatever file it comes in; a possible repeat that
 * no bank reference can tell apart is held for a person; the rest is settled on the one case it
 * names, or booked unallocated.
 */

/** What an import writes with: one per transaction of batches. */
export interface ImportBookingScope {
  orgId: string;
  /** The statement the file was recorded as. */
  statementId: string;
  index: CaseMatchIndex;
  order: AllocationOrder;
  actorId: string | null;
  now: string;
  today: IsoDate;
}

/** How a record ended: not booked again, held for review, or booked with its settlement. */
export type ImportedPaymentOutcome = 'duplicate' | 'held' | 'allocated' | 'partially_allocated' | 'unmatched';

/** Statuses of payments that are not (or no longer) money booked from a file. */
const NOT_BOOKED: PaymentStatus[] = ['held', 'duplicate', 'reversed'];

/**
 * A payment booked from another file that this record may be — same OCR, amount and payment day —
 * when their ids cannot tell them apart (another family of files, or a content id).
 */
async function possibleTwin(tx: Db, scope: ImportBookingScope, record: BankPaymentRecord): Promise<PaymentRow | undefined> {
  if (!record.ocr) return undefined;
  const rows = await listPaymentTwinRows(tx, scope.orgId, {
    ocr: record.ocr,
    amountOre: record.amountOre,
    paidAt: record.paid_at,
    statementId: scope.statementId,
    notStatuses: NOT_BOOKED,
  });
  return rows.find((row) => row.transaction_id === null || !transactionIdsComparable(row.transaction_id, record.transaction_id));
}

function insertImported(
  tx: Db,
  scope: ImportBookingScope,
  record: BankPaymentRecord,
  fields: Pick<PaymentRow, 'status' | 'transaction_id' | 'duplicate_of_payment_id'>,
): Promise<PaymentRow> {
  return insertPaymentRow(tx, {
    org_id: scope.orgId,
    // BgMax lines are bankgiro payments; camt and CSV lines bank transfers.
    method: record.format === 'bgmax' ? 'bankgiro' : 'bank_transfer',
    amount: record.amountOre,
    unallocated_amount: record.amountOre,
    ocr: record.ocr,
    reference: record.reference,
    message: record.message,
    payer_name: record.payer_name,
    paid_at: record.paid_at,
    bank_statement_id: scope.statementId,
    created_by: scope.actorId,
    created_at: scope.now,
    updated_at: scope.now,
    ...fields,
  });
}

/**
 * Settles a booked payment from a file: allocated to the one open case its case id, OCR or message
 * reference names (an over-payment keeps its remainder), else booked unallocated (1900/2990) as
 * `unmatched` for a person to match.
 */
export async function settleImportedPayment(
  tx: Db,
  scope: Omit<ImportBookingScope, 'statementId'>,
  payment: PaymentRow,
): Promise<Exclude<ImportedPaymentOutcome, 'duplicate' | 'held'>> {
  const auto = selectAutoAllocationCandidate(
    matchPaymentCandidates(scope.index, { amountOre: payment.amount, reference: payment.reference, ocr: payment.ocr, message: payment.message }),
  );
  const outcome = auto
    ? await writeAllocation(tx, {
        payment,
        caseId: auto.case_id,
        mode: 'import',
        order: scope.order,
        actorId: scope.actorId,
        now: scope.now,
        today: scope.today,
      })
    : null;
  if (outcome) return outcome.payment.status === 'allocated' ? 'allocated' : 'partially_allocated';
  // No case to settle it on: the money is on the client account and owed to someone (2990).
  await updatePaymentRow(tx, scope.orgId, payment.id, { status: 'unmatched', updated_at: scope.now });
  await insertLedgerJournal(tx, buildUnallocatedPaymentJournal({ amountOre: payment.amount, payment_id: payment.id, booked_at: scope.today }), {
    orgId: scope.orgId,
    at: scope.now,
    createdBy: scope.actorId,
  });
  return 'unmatched';
}

/** A record already booked, or one to hold beside the payment it may be; null for a new transaction. */
type Repeat = { kind: 'duplicate' } | { kind: 'held'; transactionId: string; of: PaymentRow };

/**
 * Whether a record repeats a booked transaction:
 * - its transaction already booked (from this file or another) with an id that names it surely →
 *   duplicate;
 * - the same content id from another file, or another file's payment with the same OCR, amount and
 *   day that no bank reference tells apart → held: a person decides (never booked silently twice,
 *   never dropped silently).
 */
async function repeatOf(tx: Db, scope: ImportBookingScope, record: BankPaymentRecord): Promise<Repeat | null> {
  const existing = await findPaymentByTransactionId(tx, scope.orgId, record.transaction_id);
  if (existing) {
    const sure = record.identity !== 'content' || existing.bank_statement_id === scope.statementId || NOT_BOOKED.includes(existing.status);
    const heldId = heldTransactionId(record.transaction_id, scope.statementId);
    if (sure || (await findPaymentByTransactionId(tx, scope.orgId, heldId))) return { kind: 'duplicate' };
    return { kind: 'held', transactionId: heldId, of: existing };
  }
  const twin = await possibleTwin(tx, scope, record);
  return twin ? { kind: 'held', transactionId: record.transaction_id, of: twin } : null;
}

/** What importing the record would do, without writing anything (a dry run). */
export async function previewImportedPayment(
  tx: Db,
  scope: ImportBookingScope,
  record: BankPaymentRecord,
): Promise<'duplicate' | 'held' | 'matched' | 'unmatched'> {
  const repeat = await repeatOf(tx, scope, record);
  if (repeat) return repeat.kind;
  const auto = selectAutoAllocationCandidate(
    matchPaymentCandidates(scope.index, { amountOre: record.amountOre, reference: record.reference, ocr: record.ocr, message: record.message }),
  );
  return auto ? 'matched' : 'unmatched';
}

/** Books one money-in record of a file inside the caller's transaction: a repeat as above, else booked and settled. */
export async function bookImportedPayment(tx: Db, scope: ImportBookingScope, record: BankPaymentRecord): Promise<ImportedPaymentOutcome> {
  const repeat = await repeatOf(tx, scope, record);
  if (repeat?.kind === 'duplicate') return 'duplicate';
  if (repeat) {
    await insertImported(tx, scope, record, { status: 'held', transaction_id: repeat.transactionId, duplicate_of_payment_id: repeat.of.id });
    return 'held';
  }
  const payment = await insertImported(tx, scope, record, { status: 'received', transaction_id: record.transaction_id, duplicate_of_payment_id: null });
  return settleImportedPayment(tx, scope, payment);
}
