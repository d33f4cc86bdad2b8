/** Why a case is a candidate for a payment, strongest first, with the Swedish names the match dialog shows. */
export const PAYMENT_MATCH_REASONS = ['case_id', 'ocr', 'message_reference', 'claim_reference', 'amount'] as const;
export type PaymentMatchReason = (typeof PAYMENT_MATCH_REASONS)[number];

export const PAYMENT_MATCH_REASON_LABELS: Readonly<Record<PaymentMatchReason, string>> = {
  case_id: 'Ärende-id',
  ocr: 'OCR',
  message_reference: 'Meddelandereferens',
  claim_reference: 'Fakturareferens',
  amount: 'Belopp',
};
