// 'Granska' of a payment held as a possible duplicate (issue 18): the two decisions, in Swedish
// (the reason for either is lib/decision-reason).
import type { HeldPaymentResolveInput } from '../../api/payments';

export type HeldDecision = HeldPaymentResolveInput['decision'];

/** The button of each decision and the toast once it is saved. */
export const HELD_DECISIONS: Readonly<Record<HeldDecision, { action: string; done: string }>> = {
  duplicate: { action: 'Det är samma betalning', done: 'Markerad som dubblett' },
  book: { action: 'Bokför som ny betalning', done: 'Betalningen bokförd' },
};
