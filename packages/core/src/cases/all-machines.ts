import { CASE_STAGE_MACHINE } from './case-stage';
import { CASE_STATUS_MACHINE } from './case-status';
import { AI_SUGGESTION_STATUS_MACHINE, DISPUTE_STATUS_MACHINE } from './dispute-status';
import { JOB_STATUS_MACHINE } from './job-status';
import { KFM_CASE_STATUS_MACHINE, KFM_FILE_STATUS_MACHINE, KFM_SUBMISSION_STATUS_MACHINE } from './kfm-status';
import { LAWSUIT_SERVICE_STATUS_MACHINE, LAWSUIT_STATUS_MACHINE } from './lawsuit-status';
import { PAYMENT_PLAN_STATUS_MACHINE, PAYMENT_STATUS_MACHINE, RECONCILIATION_STATUS_MACHINE } from './payment-status';
import type { StateMachine } from './state-machine';

/**
 * Every state machine, in the order of docs/state-machines.md (tests check the page against it).
 * @example STATE_MACHINES.map((machine) => machine.key) // ['case_status', 'case_stage', …]
 */
export const STATE_MACHINES: readonly StateMachine<string>[] = [
  CASE_STATUS_MACHINE,
  CASE_STAGE_MACHINE,
  KFM_CASE_STATUS_MACHINE,
  KFM_FILE_STATUS_MACHINE,
  KFM_SUBMISSION_STATUS_MACHINE,
  LAWSUIT_STATUS_MACHINE,
  LAWSUIT_SERVICE_STATUS_MACHINE,
  PAYMENT_STATUS_MACHINE,
  RECONCILIATION_STATUS_MACHINE,
  PAYMENT_PLAN_STATUS_MACHINE,
  JOB_STATUS_MACHINE,
  DISPUTE_STATUS_MACHINE,
  AI_SUGGESTION_STATUS_MACHINE,
];
