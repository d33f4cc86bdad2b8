import { DomainError } from '../errors';
import { CASE_STATUS_LABELS, type CaseStatus } from './case-status';
import {
  allowedStateMachineTransitions,
  assertStateMachineTransition,
  canStateMachineTransition,
  defineStateMachine,
  isStateMachineState,
} from './state-machine';

/** Case stage (spec part 1 §4): where the case is in the collection process. New case: intake. */
export const CASE_STAGES = ['intake', 'reminder', 'demand', 'payment_plan', 'kfm', 'legal'] as const;
export type CaseStage = (typeof CASE_STAGES)[number];

/** Swedish labels, verbatim from spec part 1 §4. */
export const CASE_STAGE_LABELS: Readonly<Record<CaseStage, string>> = {
  intake: 'Intag',
  reminder: 'Påminnelse',
  demand: 'Inkassokrav',
  payment_plan: 'Betalningsplan',
  kfm: 'Kronofogden',
  legal: 'Juridisk',
};

/**
 * Allowed stage changes (docs/state-machines.md, "Case stage"). The process runs forward:
 * intake → reminder → demand → (payment_plan | kfm | legal). Decisions:
 * - intake → demand skips the reminder: a påminnelse is optional and not an inkassoåtgärd
 *   (inkassolagen 1 §); creditors often send their own reminders before handing the claim over.
 * - reminder → payment_plan: a debtor who answers the reminder may agree on instalments at once.
 * - kfm only from demand, payment_plan or legal: KFM is applied for after a compliant inkassokrav
 *   (god inkassosed), after a broken plan, or for enforcement (verkställighet) of a judgment.
 * - demand → legal: a disputed claim may be taken to tingsrätt directly instead of through KFM.
 * - payment_plan → demand | kfm: a broken plan goes back to a new demand or on to KFM.
 * - kfm → legal: a contested betalningsföreläggande goes to tingsrätt on the applicant's request
 *   (domain reference §5.4 step 4); kfm → payment_plan: a plan agreed during or after KFM.
 * - legal → payment_plan (settlement paid in instalments) | kfm (enforcement of the judgment).
 * - Never back to intake or reminder: a reminder after an inkassokrav is not a thing.
 * "Closed" is a status, not a stage: a closed case keeps the stage it ended in.
 */
export const CASE_STAGE_TRANSITIONS: Readonly<Record<CaseStage, readonly CaseStage[]>> = {
  intake: ['reminder', 'demand'],
  reminder: ['demand', 'payment_plan'],
  demand: ['payment_plan', 'kfm', 'legal'],
  payment_plan: ['demand', 'kfm'],
  kfm: ['payment_plan', 'legal'],
  legal: ['payment_plan', 'kfm'],
};

/** The case stage machine as data (docs/state-machines.md, table `case_stage`). */
export const CASE_STAGE_MACHINE = /* @__PURE__ */ defineStateMachine<CaseStage>({
  key: 'case_stage',
  subject: 'Ärendets fas',
  states: CASE_STAGES,
  initial: 'intake',
  labels: CASE_STAGE_LABELS,
  transitions: CASE_STAGE_TRANSITIONS,
});

/**
 * The only case status in which the stage may change. A draft has not started (activate it
 * first); a paused case must not advance, since a dispute stops collection pressure (god
 * inkassosed); a closed case is reopened before anything else happens to it.
 */
export const CASE_STAGE_CHANGE_STATUS: CaseStatus = 'active';

/**
 * Type guard for a stored case stage.
 * @example isCaseStage('kfm') // true
 */
export function isCaseStage(value: unknown): value is CaseStage {
  return isStateMachineState(CASE_STAGE_MACHINE, value);
}

/**
 * Whether the stage table allows `from → to` (ignoring the case status).
 * @example canTransitionCaseStage('intake', 'demand') // true
 */
export function canTransitionCaseStage(from: CaseStage, to: CaseStage): boolean {
  return canStateMachineTransition(CASE_STAGE_MACHINE, from, to);
}

/**
 * Throws INVALID_TRANSITION (naming both labels) unless the stage table allows `from → to`.
 * @example assertCaseStageTransition('kfm', 'reminder') // throws "… från Kronofogden till Påminnelse"
 */
export function assertCaseStageTransition(from: CaseStage, to: CaseStage): void {
  assertStateMachineTransition(CASE_STAGE_MACHINE, from, to);
}

/**
 * The stages reachable in one step from `from` (ignoring the case status).
 * @example allowedCaseStageTransitions('demand') // ['payment_plan', 'kfm', 'legal']
 */
export function allowedCaseStageTransitions(from: CaseStage): readonly CaseStage[] {
  return allowedStateMachineTransitions(CASE_STAGE_MACHINE, from);
}

/**
 * Whether a case with `status` may change stage `from → to`: only an active case moves.
 * @example canChangeCaseStage('on_hold', 'demand', 'kfm') // false
 */
export function canChangeCaseStage(status: CaseStatus, from: CaseStage, to: CaseStage): boolean {
  return status === CASE_STAGE_CHANGE_STATUS && canTransitionCaseStage(from, to);
}

/**
 * Throws INVALID_TRANSITION unless `canChangeCaseStage` holds; the message says why.
 * @example assertCaseStageChange('draft', 'intake', 'reminder') // throws "… bara ändras när ärendet är Aktiv (nu Utkast)"
 */
export function assertCaseStageChange(status: CaseStatus, from: CaseStage, to: CaseStage): void {
  if (status !== CASE_STAGE_CHANGE_STATUS) {
    const statusLabel = CASE_STATUS_LABELS[status] ?? status;
    throw new DomainError(
      'INVALID_TRANSITION',
      `Övergången är inte tillåten: ärendets fas kan bara ändras när ärendet är ${CASE_STATUS_LABELS[CASE_STAGE_CHANGE_STATUS]} (nu ${statusLabel})`,
      { machine: CASE_STAGE_MACHINE.key, status, from, to },
    );
  }
  assertCaseStageTransition(from, to);
}

/**
 * The stages offered to a case with `status` at stage `from`: none unless the case is active.
 * @example allowedCaseStageChanges('active', 'intake') // ['reminder', 'demand']
 */
export function allowedCaseStageChanges(status: CaseStatus, from: CaseStage): readonly CaseStage[] {
  return status === CASE_STAGE_CHANGE_STATUS ? allowedCaseStageTransitions(from) : [];
}
