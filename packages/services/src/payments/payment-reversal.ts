import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import { negOre, transactionIdScheme, type BankPaymentRecord, type PaymentStatus } from '@fordran/core';
import { payments, type DbOrTx, type PaymentRow } from '@fordran/store';

/*
 * A camt reversal (`RvslInd`) takes back money the bank credited earlier. Fordran never books it
 * as money out by itself: the import links it to the payment it reverses, so a person can reverse
 * that payment's bookings (docs/bank-files.md "Reversals").
 */

/** Payments whose money is booked and can be taken back. */
const BOOKED: PaymentStatus[] = ['received', 'allocated', 'partially_allocated', 'unmatched'];

/**
 * The booked payment a reversal takes back: from the same family of files, the reversed amount,
 * the same OCR (else reference), paid on or before the reversal; the latest such payment when
 * exactly one is latest, else null (a person must look).
 */
export function linkReversal(db: DbOrTx, orgId: string, reversal: BankPaymentRecord): PaymentRow | null {
  const amountOre = negOre(reversal.amountOre);
  const key = reversal.ocr ? eq(payments.ocr, reversal.ocr) : reversal.reference ? eq(payments.reference, reversal.reference) : null;
  if (amountOre <= 0 || !key) return null;
  const scheme = transactionIdScheme(reversal.transaction_id);
  const candidates = db
    .select()
    .from(payments)
    .where(and(eq(payments.org_id, orgId), key, eq(payments.amount, amountOre), lte(payments.paid_at, reversal.paid_at), inArray(payments.status, BOOKED)))
    .orderBy(desc(payments.paid_at))
    .all()
    .filter((row) => row.transaction_id !== null && transactionIdScheme(row.transaction_id) === scheme);
  const [latest, next] = candidates;
  return latest && (!next || next.paid_at !== latest.paid_at) ? latest : null;
}
