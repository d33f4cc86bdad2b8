// The amount arithmetic of matching, on the API's decimal strings ("2000.00") read as whole öre by
// core's parser: comparing kronor as floats (or as text) could pick the wrong one by an öre.
import type { Payment } from '../../api/payments';
import { oreOfDecimal } from '../../lib/money';

/**
 * What to allocate to a case unless the user says otherwise: the smaller of what is left of the
 * payment and what the case still owes, so one click settles the case or uses up the payment.
 * @example defaultAllocationAmount('2000.00', '1500.50') // '1500.50'
 */
export function defaultAllocationAmount(unallocated: string, outstanding: string): string {
  const unallocatedOre = oreOfDecimal(unallocated);
  const outstandingOre = oreOfDecimal(outstanding);
  if (unallocatedOre === null || outstandingOre === null) return unallocated;
  return outstandingOre < unallocatedOre ? outstanding : unallocated;
}

/** True for an amount above zero. */
export function isAboveZero(decimal: string): boolean {
  const amountOre = oreOfDecimal(decimal);
  return amountOre !== null && amountOre > 0;
}

/** Statuses that may still be allocated (the API allows unmatched and a partial's remainder too). */
const MATCHABLE_STATUSES: ReadonlySet<Payment['status']> = new Set(['received', 'unmatched', 'partially_allocated']);

/** 'Matcha' is offered while a payment has something left to place on a case. */
export function canMatchPayment(payment: Pick<Payment, 'status' | 'unallocated_amount'>): boolean {
  return MATCHABLE_STATUSES.has(payment.status) && isAboveZero(payment.unallocated_amount);
}
