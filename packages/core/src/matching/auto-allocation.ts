import type { PaymentMatchCandidate } from './match-payment';
import type { PaymentMatchReason } from './match-reasons';

/**
 * Reasons that identify one case on their own. Claim reference numbers and amounts are shared
 * between cases often enough that they only ever suggest, never auto-allocate.
 */
export const AUTO_ALLOCATION_MATCH_REASONS: readonly PaymentMatchReason[] = ['case_id', 'ocr', 'message_reference'];

function isIdentifying(candidate: PaymentMatchCandidate): boolean {
  return candidate.reasons.some((reason) => AUTO_ALLOCATION_MATCH_REASONS.includes(reason));
}

/**
 * The candidate an import may allocate to without a person: exactly one candidate has an
 * identifying reason (case id, OCR, message reference) and no other has one; otherwise null.
 * @example selectAutoAllocationCandidate([{ case_id: 'a…', score: 8, reasons: ['ocr'] }, { case_id: 'b…', score: 1, reasons: ['amount'] }]) // the first
 */
export function selectAutoAllocationCandidate(candidates: readonly PaymentMatchCandidate[]): PaymentMatchCandidate | null {
  const identifying = candidates.filter(isIdentifying);
  return identifying.length === 1 ? identifying[0]! : null;
}

/**
 * Whether a match is strong enough to auto-allocate on import (see `selectAutoAllocationCandidate`).
 * @example isAutoAllocatableMatch([{ case_id: 'a…', score: 1, reasons: ['amount'] }]) // false
 */
export function isAutoAllocatableMatch(candidates: readonly PaymentMatchCandidate[]): boolean {
  return selectAutoAllocationCandidate(candidates) !== null;
}
