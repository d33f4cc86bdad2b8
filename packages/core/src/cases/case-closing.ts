import { negOre, ore, ZERO_ORE, type Ore } from '../money/ore';
import type { CaseStage } from './case-stage';
import { canTransitionCaseStatus, type CaseStatus } from './case-status';

/** Why a case was closed. Kept on the case so a report can tell paid cases from written-off ones. */
export const CASE_CLOSE_REASONS = ['paid', 'withdrawn', 'written_off', 'cancelled', 'prescribed', 'dispute_accepted', 'other'] as const;
export type CaseCloseReason = (typeof CASE_CLOSE_REASONS)[number];

export const CASE_CLOSE_REASON_LABELS: Readonly<Record<CaseCloseReason, string>> = {
  paid: 'Betald',
  withdrawn: 'Återkallad av borgenären',
  written_off: 'Avskriven',
  cancelled: 'Makulerad',
  prescribed: 'Preskriberad',
  dispute_accepted: 'Invändning godtagen',
  other: 'Annan orsak',
};

/** What must still be done after a case is paid in full, outside the case itself. */
export const CASE_FULL_PAYMENT_FOLLOW_UPS = ['withdraw_kfm_application', 'withdraw_lawsuit', 'complete_payment_plan', 'refund_credit'] as const;
export type CaseFullPaymentFollowUp = (typeof CASE_FULL_PAYMENT_FOLLOW_UPS)[number];

export const CASE_FULL_PAYMENT_FOLLOW_UP_LABELS: Readonly<Record<CaseFullPaymentFollowUp, string>> = {
  withdraw_kfm_application: 'Återkalla ansökan hos Kronofogden',
  withdraw_lawsuit: 'Återkalla talan eller avsluta tvistemålet',
  complete_payment_plan: 'Markera betalplanen som fullföljd',
  refund_credit: 'Återbetala överskjutande belopp',
};

export interface CaseFullPaymentInput {
  status: CaseStatus;
  stage: CaseStage;
  /** The case's total outstanding after the payment, in öre (negative = paid too much). */
  totalOutstandingOre: Ore;
}

export interface CaseStateAfterFullPayment {
  status: CaseStatus;
  close_reason: CaseCloseReason | null;
  /** True when the status changes (the caller writes the case and a case event). */
  isChanged: boolean;
  followUps: CaseFullPaymentFollowUp[];
  /** What the debtor paid beyond the debt, in öre (>= 0), to be refunded. */
  creditOre: Ore;
}

/**
 * The case state once a payment has been allocated. When nothing is left to pay (outstanding
 * <= 0) an open case (draft, active, on_hold) is closed with reason `paid`: a collection agency
 * does not keep collecting a settled claim, and inkassolagen 4 § forbids needless pressure.
 * Closing is not final: closed → active reopens the case if the payment is returned. The stage
 * is kept (it tells where the case ended); the follow-ups name what the stage still requires:
 * a pending KFM application or lawsuit must be withdrawn (domain reference §5.4 step 7), an
 * active plan completed, and an over-payment refunded. A closed case or one with money still
 * owed is returned unchanged.
 * @example caseStateAfterFullPayment({ status: 'active', stage: 'kfm', totalOutstandingOre: ore(0) })
 * // { status: 'closed', close_reason: 'paid', isChanged: true, followUps: ['withdraw_kfm_application'], creditOre: 0 }
 */
export function caseStateAfterFullPayment(input: CaseFullPaymentInput): CaseStateAfterFullPayment {
  const outstandingOre = ore(input.totalOutstandingOre);
  const creditOre = outstandingOre < 0 ? negOre(outstandingOre) : ZERO_ORE;
  if (outstandingOre > 0 || !canTransitionCaseStatus(input.status, 'closed')) {
    return { status: input.status, close_reason: null, isChanged: false, followUps: [], creditOre };
  }
  const followUps: CaseFullPaymentFollowUp[] = [];
  if (input.stage === 'kfm') followUps.push('withdraw_kfm_application');
  if (input.stage === 'legal') followUps.push('withdraw_lawsuit');
  if (input.stage === 'payment_plan') followUps.push('complete_payment_plan');
  if (creditOre > 0) followUps.push('refund_credit');
  return { status: 'closed', close_reason: 'paid', isChanged: true, followUps, creditOre };
}
