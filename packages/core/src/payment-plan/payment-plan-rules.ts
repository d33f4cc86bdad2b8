import type { PaymentPlanStatus } from '../cases/payment-status';
import { kronor, type Ore } from '../money';

/** Spec part 2 §5 and §9: 2 to 12 monthly instalments, default 6. */
export const PAYMENT_PLAN_MIN_INSTALLMENTS = 2;
export const PAYMENT_PLAN_MAX_INSTALLMENTS = 12;
export const PAYMENT_PLAN_DEFAULT_INSTALLMENTS = 6;

/** Spec part 2 §5: the first due date is at least 7 days after today. */
export const PAYMENT_PLAN_MIN_DAYS_AHEAD = 7;

/** Fee catalogue code of the payment-plan (amorteringsplan) fee. */
export const PAYMENT_PLAN_FEE_CODE = 'PAYMENT_PLAN_170';

/**
 * The most a creditor may charge for drawing up an amortization plan: 170 kr, lag (1981:739)
 * 4 § (with 3 § 2). The spec's 295 kr (part 2 §9) is above it, so the statutory amount is the
 * default and anything above needs the "särskilda skäl" the same paragraph allows, stated.
 */
export const PAYMENT_PLAN_STATUTORY_MAX_FEE_ORE: Ore = kronor(170);

/**
 * Whether a plan was drawn up with the debtor, which lag (1981:739) 3 § 2 requires before the
 * plan fee: agreed (active, later completed or defaulted) or signed. A proposal not yet agreed, or
 * one cancelled before it was signed, is no plan the fee can be charged for.
 * @example isPaymentPlanDrawnUp({ status: 'proposed', signed_at: null }) // false
 */
export function isPaymentPlanDrawnUp(plan: { status: PaymentPlanStatus; signed_at: string | null }): boolean {
  return plan.status === 'active' || plan.status === 'completed' || plan.status === 'defaulted' || plan.signed_at !== null;
}
