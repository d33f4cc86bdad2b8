import { defineStateMachine } from './state-machine';

/**
 * Payment status (spec part 2 §4): received on registration. Beyond the spec: `held` — a bank-file
 * payment that may be one already booked from another file, waiting for a person; `duplicate` —
 * held and found to be the same transaction (never booked); `reversed` — the bank took the money
 * back (camt reversal) and its bookings were reversed.
 */
export const PAYMENT_STATUSES = ['received', 'allocated', 'partially_allocated', 'unmatched', 'held', 'duplicate', 'reversed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  received: 'Mottagen',
  allocated: 'Avräknad',
  partially_allocated: 'Delvis avräknad',
  unmatched: 'Ej matchad',
  held: 'Möjlig dubblett',
  duplicate: 'Dubblett',
  reversed: 'Återförd',
};

/**
 * - received → allocated (matched and settled on a case) | partially_allocated (part of it, the
 *   rest waits for another case or a refund) | unmatched (an imported payment no case matched);
 * - unmatched → allocated | partially_allocated: a person matches it later, so an unmatched
 *   payment can be matched too (the spec offers 'Matcha' only for received, where unmatched
 *   never arises);
 * - partially_allocated → partially_allocated (a further part to another case: the one listed
 *   self-transition) | allocated (the rest placed);
 * - allocated, partially_allocated → received: a wrong allocation is reversed by a reversing
 *   journal (the ledger is never edited) and the payment is matched again;
 * - received → held: an imported payment that may be a transaction already booked from another
 *   file is held on arrival (nothing booked);
 * - held →
 *   duplicate (a person finds it is: it stays unbooked) | allocated | partially_allocated |
 *   unmatched (it is not: booked like every other imported payment);
 * - every booked status → reversed: the bank reversed the payment (camt RvslInd), its allocations
 *   and journals are reversed. duplicate and reversed are final.
 */
export const PAYMENT_STATUS_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  received: ['allocated', 'partially_allocated', 'unmatched', 'held', 'reversed'],
  allocated: ['received', 'reversed'],
  partially_allocated: ['partially_allocated', 'allocated', 'received', 'reversed'],
  unmatched: ['allocated', 'partially_allocated', 'reversed'],
  held: ['duplicate', 'allocated', 'partially_allocated', 'unmatched'],
  duplicate: [],
  reversed: [],
};

/** The payment status machine as data (docs/state-machines.md, table `payment_status`). */
export const PAYMENT_STATUS_MACHINE = /* @__PURE__ */ defineStateMachine<PaymentStatus>({
  key: 'payment_status',
  subject: 'Betalningens status',
  states: PAYMENT_STATUSES,
  initial: 'received',
  labels: PAYMENT_STATUS_LABELS,
  transitions: PAYMENT_STATUS_TRANSITIONS,
});

/** Bank statement reconciliation status (spec part 2 §4). */
export const RECONCILIATION_STATUSES = ['pending', 'reconciled', 'mismatch'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

export const RECONCILIATION_STATUS_LABELS: Readonly<Record<ReconciliationStatus, string>> = {
  pending: 'Väntar',
  reconciled: 'Avstämd',
  mismatch: 'Avvikelse',
};

/**
 * pending → reconciled | mismatch; a mismatch is reviewed (the spec's review button) and then
 * reconciled, or sent back to pending for a new run after corrections; a reconciled statement
 * is reopened (pending) when a booking on it is corrected.
 */
export const RECONCILIATION_STATUS_TRANSITIONS: Readonly<Record<ReconciliationStatus, readonly ReconciliationStatus[]>> = {
  pending: ['reconciled', 'mismatch'],
  reconciled: ['pending'],
  mismatch: ['reconciled', 'pending'],
};

/** The reconciliation status machine as data (docs/state-machines.md, table `reconciliation_status`). */
export const RECONCILIATION_STATUS_MACHINE = /* @__PURE__ */ defineStateMachine<ReconciliationStatus>({
  key: 'reconciliation_status',
  subject: 'Avstämningsstatus',
  states: RECONCILIATION_STATUSES,
  initial: 'pending',
  labels: RECONCILIATION_STATUS_LABELS,
  transitions: RECONCILIATION_STATUS_TRANSITIONS,
});

/** Payment plan (avbetalningsplan) status. The spec shows a status but not its values. */
export const PAYMENT_PLAN_STATUSES = ['proposed', 'active', 'completed', 'defaulted', 'cancelled'] as const;
export type PaymentPlanStatus = (typeof PAYMENT_PLAN_STATUSES)[number];

export const PAYMENT_PLAN_STATUS_LABELS: Readonly<Record<PaymentPlanStatus, string>> = {
  proposed: 'Föreslagen',
  active: 'Aktiv',
  completed: 'Fullföljd',
  defaulted: 'Bruten',
  cancelled: 'Avbruten',
};

/**
 * A plan is an agreement: proposed until both sides accept it (a portal plan is signed with
 * BankID and activated at once), then active until it is completed (all instalments paid),
 * defaulted (an instalment missed; the case goes back to demand or on to KFM) or cancelled (by
 * agreement, or the case was settled another way). The end states are final: a new agreement
 * is a new plan, so the history of defaulted plans stays visible.
 */
export const PAYMENT_PLAN_STATUS_TRANSITIONS: Readonly<Record<PaymentPlanStatus, readonly PaymentPlanStatus[]>> = {
  proposed: ['active', 'cancelled'],
  active: ['completed', 'defaulted', 'cancelled'],
  completed: [],
  defaulted: [],
  cancelled: [],
};

/** The payment plan status machine as data (docs/state-machines.md, table `payment_plan_status`). */
export const PAYMENT_PLAN_STATUS_MACHINE = /* @__PURE__ */ defineStateMachine<PaymentPlanStatus>({
  key: 'payment_plan_status',
  subject: 'Betalplanens status',
  states: PAYMENT_PLAN_STATUSES,
  initial: 'proposed',
  labels: PAYMENT_PLAN_STATUS_LABELS,
  transitions: PAYMENT_PLAN_STATUS_TRANSITIONS,
});
