import {
  allowedStateMachineTransitions,
  assertStateMachineTransition,
  canStateMachineTransition,
  defineStateMachine,
  isStateMachineState,
} from './state-machine';

/** Case status (spec part 1 §4). A new case starts as draft. */
export const CASE_STATUSES = ['draft', 'active', 'on_hold', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** Swedish labels, verbatim from spec part 1 §4. */
export const CASE_STATUS_LABELS: Readonly<Record<CaseStatus, string>> = {
  draft: 'Utkast',
  active: 'Aktiv',
  on_hold: 'Pausad',
  closed: 'Stängd',
};

/**
 * Allowed status changes (docs/state-machines.md, "Case status"):
 * - draft → active (collection starts) or closed (a draft registered by mistake is cancelled;
 *   nothing was sent, so there is nothing to pause);
 * - active ⇄ on_hold (a dispute pauses collection under god inkassosed, inkassolagen 4 §; the
 *   creditor may also ask for a pause), and both → closed;
 * - closed → active only: a closed case is reopened when a payment is returned or reversed, or
 *   it was closed by mistake. It goes back to active (not draft: it has a history) and is
 *   paused from there if needed.
 */
export const CASE_STATUS_TRANSITIONS: Readonly<Record<CaseStatus, readonly CaseStatus[]>> = {
  draft: ['active', 'closed'],
  active: ['on_hold', 'closed'],
  on_hold: ['active', 'closed'],
  closed: ['active'],
};

/** The case status machine as data (docs/state-machines.md, table `case_status`). */
export const CASE_STATUS_MACHINE = /* @__PURE__ */ defineStateMachine<CaseStatus>({
  key: 'case_status',
  subject: 'Ärendets status',
  states: CASE_STATUSES,
  initial: 'draft',
  labels: CASE_STATUS_LABELS,
  transitions: CASE_STATUS_TRANSITIONS,
});

/**
 * Type guard for a stored case status.
 * @example isCaseStatus('on_hold') // true
 */
export function isCaseStatus(value: unknown): value is CaseStatus {
  return isStateMachineState(CASE_STATUS_MACHINE, value);
}

/**
 * Whether a case may go from one status to another.
 * @example canTransitionCaseStatus('closed', 'active') // true (reopen)
 */
export function canTransitionCaseStatus(from: CaseStatus, to: CaseStatus): boolean {
  return canStateMachineTransition(CASE_STATUS_MACHINE, from, to);
}

/**
 * Throws INVALID_TRANSITION (naming both labels) unless the status change is allowed.
 * @example assertCaseStatusTransition('closed', 'on_hold') // throws "… från Stängd till Pausad"
 */
export function assertCaseStatusTransition(from: CaseStatus, to: CaseStatus): void {
  assertStateMachineTransition(CASE_STATUS_MACHINE, from, to);
}

/**
 * The statuses a case may move to from `from`, for the UI's buttons.
 * @example allowedCaseStatusTransitions('draft') // ['active', 'closed']
 */
export function allowedCaseStatusTransitions(from: CaseStatus): readonly CaseStatus[] {
  return allowedStateMachineTransitions(CASE_STATUS_MACHINE, from);
}
