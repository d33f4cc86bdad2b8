// The payment values the API sends as codes in Swedish (spec part 2 §4, §9): core's tables, with
// the code itself for one this UI does not know yet.
import {
  CASE_FULL_PAYMENT_FOLLOW_UP_LABELS,
  PAYMENT_MATCH_REASON_LABELS,
  PAYMENT_METHOD_LABELS,
  type CaseFullPaymentFollowUp,
  type PaymentMatchReason,
  type PaymentStatus,
  type StoredPaymentMethod,
} from '@fordran/core/labels';

/** A method in Swedish; a code this UI does not know yet is shown as sent. */
export function paymentMethodLabel(method: string): string {
  return PAYMENT_METHOD_LABELS[method as StoredPaymentMethod] ?? method;
}

/** Why a payment has nothing to allocate and nothing booked, whatever its amount (issue 18). */
export const UNBOOKED_PAYMENT_NOTES: Readonly<Partial<Record<PaymentStatus, string>>> = {
  held: 'Hållen som möjlig dubblett: inget bokförs eller avräknas förrän den har granskats.',
  duplicate: 'Samma betalning som en tidigare inläst: bokförs inte och avräknas inte.',
  reversed: 'Återförd av banken: avräknas inte.',
};

/** A candidate's reason in Swedish; a reason this UI does not know yet is shown as sent. */
export function matchReasonLabel(reason: string): string {
  return PAYMENT_MATCH_REASON_LABELS[reason as PaymentMatchReason] ?? reason;
}

/** What a paid-in-full case still requires outside the case. */
export function followUpLabel(followUp: string): string {
  return CASE_FULL_PAYMENT_FOLLOW_UP_LABELS[followUp as CaseFullPaymentFollowUp] ?? followUp;
}
