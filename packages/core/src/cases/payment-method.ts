/** Staff payment methods (spec part 2 §9): what a person registers. */
export const PAYMENT_METHODS = ['manual', 'bankgiro', 'swish', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Stored methods: the staff ones plus bank_transfer, booked by imports (camt.053, camt.054, CSV). */
export const STORED_PAYMENT_METHODS = [...PAYMENT_METHODS, 'bank_transfer'] as const;
export type StoredPaymentMethod = (typeof STORED_PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Readonly<Record<StoredPaymentMethod, string>> = {
  manual: 'Manuell',
  bankgiro: 'Bankgiro',
  swish: 'Swish',
  card: 'Kort',
  bank_transfer: 'Banköverföring',
};
