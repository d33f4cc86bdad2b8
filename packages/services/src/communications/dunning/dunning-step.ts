import {
  canChangeCaseStage,
  CASE_CLOSED_MESSAGE,
  decideDunningStepFee,
  dunningSkipReasonOf,
  isDomainError,
  settleWaitingDunningFee,
  type DunningSkipReason,
  type DunningStep,
  type DunningStepFee,
  type FeeCatalogueEntry,
  type IsoDate,
  type RuleEvaluation,
  type RuleFacts,
} from '@fordran/core';
import { findCommTemplateRowByCode, type CommTemplateRow, type Db, type WaitingDunningFeeRow } from '@fordran/store';
import type { OrgScope } from '../../access/operator';
import { caseFeeFacts } from '../../cases/case-fees';
import type { CaseState } from '../../cases/case-state';
import { prepareMessage, type PreparedMessage } from '../sending/send-communication';

/*
 * What one step does on one case, decided the same way by a dry run (reading) and a real run
 * (inside the transaction that then writes it): which message, which fee, or why it is skipped.
 */

/** The rules for an action on a case: evaluated only (dry run) or evaluated and their flags recorded (real run). */
export type RuleCheck = (state: CaseState, action: 'send_communication' | 'add_fee', extra?: Partial<RuleFacts>) => Promise<RuleEvaluation>;

/** What the run knows for every case: its day and the fee catalogue. */
export interface StepContext {
  ctx: OrgScope;
  asOf: IsoDate;
  catalogue: FeeCatalogueEntry[];
}

/** A step to take: the message ready to write, its template, its fee as decided. */
export interface StepDecision {
  prepared: PreparedMessage;
  template: CommTemplateRow;
  fee: DunningStepFee;
}

/** The rule block of an action as a fee that is not allowed, or the fee as it was. */
async function feeUnlessBlocked(state: CaseState, fee: DunningStepFee, check: RuleCheck, code: string): Promise<DunningStepFee> {
  if (fee.status !== 'charged') return fee;
  const evaluation = await check(state, 'add_fee', { feeCode: code });
  const block = evaluation.violations.find((violation) => violation.blocks_action);
  return block ? { status: 'not_allowed', message: block.message } : fee;
}

/**
 * A due step on a case: the template (missing or switched off → skipped), the message as it
 * would go out now — through the sending service's own checks (no contact, opted out, the same
 * message today, a value the template lacks) — the rules for `send_communication`, and the fee
 * by the fee rules and the rules for `add_fee`.
 */
export async function decideStep(db: Db, run: StepContext, state: CaseState, step: DunningStep, check: RuleCheck): Promise<StepDecision | DunningSkipReason> {
  const template = await findCommTemplateRowByCode(db, state.row.org_id, step.template_code);
  if (!template || !template.is_active) return 'template_missing';
  let prepared: PreparedMessage;
  try {
    prepared = await prepareMessage(db, run.ctx, state, { template: template.id, channel: step.channel });
  } catch (error) {
    const reason = isDomainError(error) ? dunningSkipReasonOf(error.code) : null;
    if (reason === null) throw error;
    return reason;
  }
  if ((await check(state, 'send_communication')).blocked) return 'blocked_by_rule';
  const fee = decideDunningStepFee(step.fee_code, caseFeeFacts(state, run.catalogue, run.asOf), { messageIsDemand: template.category === 'demand' });
  return { prepared, template, fee: step.fee_code ? await feeUnlessBlocked(state, fee, check, step.fee_code) : fee };
}

/** Whether the step moves the case: it names a stage the case may go to from where it is. */
export function stageAfterStep(state: CaseState, step: DunningStep): DunningStep['stage'] {
  return step.stage !== null && canChangeCaseStage(state.row.status, state.row.stage, step.stage) ? step.stage : null;
}

/**
 * A fee that waited for its inkassokrav, once more: charged when the rules now allow it, still
 * waiting while the message is on its way or the case is paused, not allowed when the message did
 * not go out, the case is closed, or a rule blocks it.
 */
export async function decideWaitingFee(run: StepContext, state: CaseState, row: WaitingDunningFeeRow, check: RuleCheck): Promise<DunningStepFee> {
  if (state.row.status === 'closed') return { status: 'not_allowed', message: CASE_CLOSED_MESSAGE };
  const fee = settleWaitingDunningFee(row.fee_code!, caseFeeFacts(state, run.catalogue, run.asOf), row.message_status);
  if (fee.status === 'charged' && state.row.status !== 'active') return { status: 'waiting', fee: fee.fee };
  return feeUnlessBlocked(state, fee, check, row.fee_code!);
}
