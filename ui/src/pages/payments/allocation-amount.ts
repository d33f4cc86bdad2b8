// The amount arithmetic of matching, on the API's decimal strings ("2000.00") turned into whole
// öre as BigInt: comparing kronor as floats could pick the wrong one by an öre.
import type { Payment } from '../../api/payments';

const DECIMAL_PATTERN = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** "2000.5" → 200050n; null for text that is not an amount with at most two decimals. */
export function decimalToOre(decimal: string): bigint | null {
  const match = DECIMAL_PATTERN.exec(decimal.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const ore = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign ? -ore : ore;
}

/**
 * What to allocate to a case unless the user says otherwise: the smaller of what is left of the
 * payment and what the case still owes, so one click settles the case or uses up the payment.
 * @example defaultAllocationAmount('2000.00', '1500.50') // '1500.50'
 */
export function defaultAllocationAmount(unallocated: string, outstanding: string): string {
  const unallocatedOre = decimalToOre(unallocated);
  const outstandingOre = decimalToOre(outstanding);
  if (unallocatedOre === null || outstandingOre === null) return unallocated;
  return outstandingOre < unallocatedOre ? outstanding : unallocated;
}

/** True for an amount above zero. */
export function isAboveZero(decimal: string): boolean {
  const ore = decimalToOre(decimal);
  return ore !== null && ore > 0n;
}

/** Statuses that may still be allocated (the API allows unmatched and a partial's remainder too). */
const MATCHABLE_STATUSES: ReadonlySet<Payment['status']> = new Set(['received', 'unmatched', 'partially_allocated']);

/** 'Matcha' is offered while a payment has something left to place on a case. */
export function canMatchPayment(payment: Pick<Payment, 'status' | 'unallocated_amount'>): boolean {
  return MATCHABLE_STATUSES.has(payment.status) && isAboveZero(payment.unallocated_amount);
}
