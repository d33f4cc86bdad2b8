import {
  allowedStateMachineTransitions,
  assertStateMachineTransition,
  canStateMachineTransition,
  defineStateMachine,
  isStateMachineState,
} from './state-machine';

/** Payment status (spec part 2 §4): received on registration. */
export const PAYMENT_STATUSES = ['received', 'allocated', 'partially_allocated', 'unmatched'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  received: 'Mottagen',
  allocated: 'Avräknad',
  partially_allocated: 'Delvis avräknad',
  unmatched: 'Ej matchad',
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
 *   journal (the ledger is never edited) and the payment is matched again.
 */
export const PAYMENT_STATUS_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  received: ['allocated', 'partially_allocated', 'unmatched'],
  allocated: ['received'],
  partially_allocated: ['partially_allocated', 'allocated', 'received'],
  unmatched: ['allocated', 'partially_allocated'],
};

/** The payment status machine as data (docs/state-machines.md, table `payment_status`). */
export const PAYMENT_STATUS_MACHINE = defineStateMachine<PaymentStatus>({
  key: 'payment_status',
  subject: 'Betalningens status',
  states: PAYMENT_STATUSES,
  initial: 'received',
  labels: PAYMENT_STATUS_LABELS,
  transitions: PAYMENT_STATUS_TRANSITIONS,
});

/**
 * Type guard for a stored value.
 * @example isPaymentStatus('unmatched') // true
 */
export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return isStateMachineState(PAYMENT_STATUS_MACHINE, value);
}

/**
 * Whether the table allows `from → to`.
 * @example canTransitionPaymentStatus('received', 'allocated') // true
 */
export function canTransitionPaymentStatus(from: PaymentStatus, to: PaymentStatus): boolean {
  return canStateMachineTransition(PAYMENT_STATUS_MACHINE, from, to);
}

/**
 * Throws INVALID_TRANSITION (naming both labels) unless the table allows `from → to`.
 * @example assertPaymentStatusTransition('allocated', 'unmatched') // throws "… från Avräknad till Ej matchad"
 */
export function assertPaymentStatusTransition(from: PaymentStatus, to: PaymentStatus): void {
  assertStateMachineTransition(PAYMENT_STATUS_MACHINE, from, to);
}

/**
 * The states allowed next from `from`, for the UI's buttons.
 * @example allowedPaymentStatusTransitions('received') // ['allocated', 'partially_allocated', 'unmatched']
 */
export function allowedPaymentStatusTransitions(from: PaymentStatus): readonly PaymentStatus[] {
  return allowedStateMachineTransitions(PAYMENT_STATUS_MACHINE, from);
}

/** Bank statement reconciliation status (spec part 2 §4). */
export const RECONCILIATION_STATUSES = ['pending', 'reconciled', 'mismatch'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

export const RECONCILIATION_STATUS_LABELS: Readonly<Record<ReconciliationStatus, string>> = {
  pending: 'Ej avstämd',
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
export const RECONCILIATION_STATUS_MACHINE = defineStateMachine<ReconciliationStatus>({
  key: 'reconciliation_status',
  subject: 'Avstämningsstatus',
  states: RECONCILIATION_STATUSES,
  initial: 'pending',
  labels: RECONCILIATION_STATUS_LABELS,
  transitions: RECONCILIATION_STATUS_TRANSITIONS,
});

/**
 * Type guard for a stored value.
 * @example isReconciliationStatus('mismatch') // true
 */
export function isReconciliationStatus(value: unknown): value is ReconciliationStatus {
  return isStateMachineState(RECONCILIATION_STATUS_MACHINE, value);
}

/**
 * Whether the table allows `from → to`.
 * @example canTransitionReconciliationStatus('mismatch', 'reconciled') // true
 */
export function canTransitionReconciliationStatus(from: ReconciliationStatus, to: ReconciliationStatus): boolean {
  return canStateMachineTransition(RECONCILIATION_STATUS_MACHINE, from, to);
}

/**
 * Throws INVALID_TRANSITION (naming both labels) unless the table allows `from → to`.
 * @example assertReconciliationStatusTransition('reconciled', 'mismatch') // throws "… från Avstämd till Avvikelse"
 */
export function assertReconciliationStatusTransition(from: ReconciliationStatus, to: ReconciliationStatus): void {
  assertStateMachineTransition(RECONCILIATION_STATUS_MACHINE, from, to);
}

/**
 * The states allowed next from `from`, for the UI's buttons.
 * @example allowedReconciliationStatusTransitions('pending') // ['reconciled', 'mismatch']
 */
export function allowedReconciliationStatusTransitions(from: ReconciliationStatus): readonly ReconciliationStatus[] {
  return allowedStateMachineTransitions(RECONCILIATION_STATUS_MACHINE, from);
}

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
export const PAYMENT_PLAN_STATUS_MACHINE = defineStateMachine<PaymentPlanStatus>({
  key: 'payment_plan_status',
  subject: 'Betalplanens status',
  states: PAYMENT_PLAN_STATUSES,
  initial: 'proposed',
  labels: PAYMENT_PLAN_STATUS_LABELS,
  transitions: PAYMENT_PLAN_STATUS_TRANSITIONS,
});

/**
 * Type guard for a stored value.
 * @example isPaymentPlanStatus('defaulted') // true
 */
export function isPaymentPlanStatus(value: unknown): value is PaymentPlanStatus {
  return isStateMachineState(PAYMENT_PLAN_STATUS_MACHINE, value);
}

/**
 * Whether the table allows `from → to`.
 * @example canTransitionPaymentPlanStatus('active', 'defaulted') // true
 */
export function canTransitionPaymentPlanStatus(from: PaymentPlanStatus, to: PaymentPlanStatus): boolean {
  return canStateMachineTransition(PAYMENT_PLAN_STATUS_MACHINE, from, to);
}

/**
 * Throws INVALID_TRANSITION (naming both labels) unless the table allows `from → to`.
 * @example assertPaymentPlanStatusTransition('defaulted', 'active') // throws "… från Bruten till Aktiv"
 */
export function assertPaymentPlanStatusTransition(from: PaymentPlanStatus, to: PaymentPlanStatus): void {
  assertStateMachineTransition(PAYMENT_PLAN_STATUS_MACHINE, from, to);
}

/**
 * The states allowed next from `from`, for the UI's buttons.
 * @example allowedPaymentPlanStatusTransitions('active') // ['completed', 'defaulted', 'cancelled']
 */
export function allowedPaymentPlanStatusTransitions(from: PaymentPlanStatus): readonly PaymentPlanStatus[] {
  return allowedStateMachineTransitions(PAYMENT_PLAN_STATUS_MACHINE, from);
}
