// 'Granska' of a payment held as a possible duplicate (issue 18): the reason a person gives for
// the decision and the two decisions, in Swedish. The server checks the reason the same way.
import type { HeldPaymentResolveInput } from '../../api/payments';

export type HeldDecision = HeldPaymentResolveInput['decision'];

export const HELD_REASON_MIN_LENGTH = 3;
export const HELD_REASON_MAX_LENGTH = 500;
export const HELD_REASON_MESSAGE = `Ange ett skäl (minst ${HELD_REASON_MIN_LENGTH} tecken)`;

/** Why the reason cannot be saved yet, or null when it can (surrounding spaces do not count). */
export function heldReasonError(reason: string): string | null {
  return reason.trim().length < HELD_REASON_MIN_LENGTH ? HELD_REASON_MESSAGE : null;
}

/** The button of each decision and the toast once it is saved. */
export const HELD_DECISIONS: Readonly<Record<HeldDecision, { action: string; done: string }>> = {
  duplicate: { action: 'Det är samma betalning', done: 'Markerad som dubblett' },
  book: { action: 'Bokför som ny betalning', done: 'Betalningen bokförd' },
};
