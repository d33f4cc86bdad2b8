// Swedish names of the payment values the API sends as codes (spec part 2 §4, §9).
import type { BankImportFormat, PaymentMatchReason, PaymentStatus, StoredPaymentMethod } from '../../api/payments';

/** bank_transfer comes from imports only (camt.053, camt.054); the staff dialog offers the other four. */
export const PAYMENT_METHOD_LABELS: Readonly<Record<StoredPaymentMethod, string>> = {
  manual: 'Manuell',
  bankgiro: 'Bankgiro',
  swish: 'Swish',
  card: 'Kort',
  bank_transfer: 'Banköverföring',
};

/** A method in Swedish; a code this UI does not know yet is shown as sent. */
export function paymentMethodLabel(method: string): string {
  return PAYMENT_METHOD_LABELS[method as StoredPaymentMethod] ?? method;
}

export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  received: 'Mottagen',
  allocated: 'Avräknad',
  partially_allocated: 'Delvis avräknad',
  unmatched: 'Ej matchad',
  held: 'Möjlig dubblett',
  duplicate: 'Dubblett',
  reversed: 'Återförd',
};

/** Why a payment has nothing to allocate and nothing booked, whatever its amount (issue 18). */
export const UNBOOKED_PAYMENT_NOTES: Readonly<Partial<Record<PaymentStatus, string>>> = {
  held: 'Hållen som möjlig dubblett: inget bokförs eller avräknas förrän den har granskats.',
  duplicate: 'Samma betalning som en tidigare inläst: bokförs inte och avräknas inte.',
  reversed: 'Återförd av banken: avräknas inte.',
};

export const MATCH_REASON_LABELS: Readonly<Record<PaymentMatchReason, string>> = {
  case_id: 'Ärende-id',
  ocr: 'OCR',
  message_reference: 'Meddelandereferens',
  claim_reference: 'Fakturareferens',
  amount: 'Belopp',
};

/** A candidate's reason in Swedish; a reason this UI does not know yet is shown as sent. */
export function matchReasonLabel(reason: string): string {
  return MATCH_REASON_LABELS[reason as PaymentMatchReason] ?? reason;
}

export const BANK_IMPORT_FORMAT_LABELS: Readonly<Record<BankImportFormat, string>> = {
  bgmax: 'BgMax',
  camt053: 'camt.053',
  camt054: 'camt.054',
  csv: 'CSV',
};

/** What a paid-in-full case still requires outside the case (core CASE_FULL_PAYMENT_FOLLOW_UP_LABELS). */
const FOLLOW_UP_LABELS: Readonly<Record<string, string>> = {
  withdraw_kfm_application: 'Återkalla ansökan hos Kronofogden',
  withdraw_lawsuit: 'Återkalla talan eller avsluta tvistemålet',
  complete_payment_plan: 'Markera betalplanen som fullföljd',
  refund_credit: 'Återbetala överskjutande belopp',
};

export function followUpLabel(followUp: string): string {
  return FOLLOW_UP_LABELS[followUp] ?? followUp;
}
