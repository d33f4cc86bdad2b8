/**
 * The order in which a payment settles a case's open balances. No Swedish statute fixes it
 * (domain reference §4.6: "keep the order configurable"), and the spec says two things:
 * part 1 §9 (guide text) "costs, then interest, then principal" — the common Swedish practice —
 * and part 2 §5 (the allocation dialog) "principal, interest, fees". The organisation chooses;
 * the default follows practice and the guide text.
 */
export const ALLOCATION_ORDERS = ['costs_first', 'principal_first'] as const;
export type AllocationOrder = (typeof ALLOCATION_ORDERS)[number];

/** The three balances a payment can settle, named as in the allocation result. */
export type AllocationBucket = 'principal' | 'interest' | 'fees';

/** Practice and the spec's guide text (part 1 §9): fees → interest → principal. */
export const DEFAULT_ALLOCATION_ORDER: AllocationOrder = 'costs_first';

/** Buckets of each order, first-paid first. */
export const ALLOCATION_ORDER_BUCKETS: Readonly<Record<AllocationOrder, readonly AllocationBucket[]>> = {
  costs_first: ['fees', 'interest', 'principal'],
  principal_first: ['principal', 'interest', 'fees'],
};

/** Swedish labels for the organisation setting. */
export const ALLOCATION_ORDER_LABELS: Readonly<Record<AllocationOrder, string>> = {
  costs_first: 'Kostnader först (avgifter, ränta, kapital)',
  principal_first: 'Kapital först (kapital, ränta, avgifter)',
};

/**
 * Type guard for a stored organisation setting.
 * @example isAllocationOrder('costs_first') // true
 */
export function isAllocationOrder(value: unknown): value is AllocationOrder {
  return value === 'costs_first' || value === 'principal_first';
}
