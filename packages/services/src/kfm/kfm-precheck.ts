import {
  assertCaseStageChange,
  demandReachedOn,
  DomainError,
  evaluateRules,
  kfmPrecheck,
  maxIsoDate,
  type IsoDate,
  type KfmPrecheckResult,
  type KfmRuleViolation,
} from '@fordran/core';
import { listCasePaymentPlanStates, listCaseDemandDispatches, type Db } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendCaseEvent } from '../cases/case-events';
import { caseRuleFacts, loadRules } from '../cases/case-rule-facts';
import { loadCaseState, type CaseState } from '../cases/case-state';
import { swedishDateOfInstant } from '../clock';
import type { KfmPrecheckResponse } from '../schemas/kfm';

/** The pre-check of a case as it stands, with the day its inkassokrav reached the debtor. */
export interface KfmCaseCheck {
  result: KfmPrecheckResult;
  demand_delivered_on: IsoDate | null;
}

/** The day the latest inkassokrav reached the debtor: its delivery report, or a posted letter's presumed arrival (core `demandReachedOn`). */
async function demandDeliveredOn(db: Db, state: CaseState): Promise<IsoDate | null> {
  const dispatches = await listCaseDemandDispatches(db, state.row.org_id, state.row.id);
  const days = dispatches.flatMap((dispatch) => {
    const reached = demandReachedOn({
      channel: dispatch.channel,
      status: dispatch.status,
      sentOn: dispatch.sent_at === null ? null : swedishDateOfInstant(dispatch.sent_at),
      deliveredOn: dispatch.delivered_at === null ? null : swedishDateOfInstant(dispatch.delivered_at),
    });
    return reached === null ? [] : [reached];
  });
  return days.length === 0 ? null : days.reduce((latest, day) => maxIsoDate(latest, day));
}

/**
 * A rule violation as the pre-check weighs it: it blocks only when it blocks kfm_escalate; a
 * block-level rule that does not stop this action is shown as a warning.
 */
function precheckViolation(violation: { rule_code: string; level: KfmRuleViolation['level']; message: string; blocks_action: boolean }): KfmRuleViolation {
  const level = violation.blocks_action ? 'block' : violation.level === 'block' ? 'warning' : violation.level;
  return { rule_code: violation.rule_code, level, message: violation.message };
}

/**
 * Step 1 of the escalation, reading only: the case must be active in a stage KFM may follow
 * (INVALID_TRANSITION otherwise); then the organisation's rules for `kfm_escalate` (prescription,
 * dispute, 450-exclusivity, interest cap, …), no open payment plan, an inkassokrav delivered at
 * least 8 days ago, a due claim with something to claim (core `kfmPrecheck`).
 */
export async function checkCaseForKfm(db: Db, state: CaseState, today: IsoDate): Promise<KfmCaseCheck> {
  assertCaseStageChange(state.row.status, state.row.stage, 'kfm');
  const evaluation = evaluateRules('kfm_escalate', await caseRuleFacts(db, state, today), await loadRules(db, state.row.org_id));
  const plans = await listCasePaymentPlanStates(db, state.row.org_id, state.row.id);
  const demand_delivered_on = await demandDeliveredOn(db, state);
  const result = kfmPrecheck(evaluation.violations.map(precheckViolation), {
    due_date: state.claim.due_date,
    today,
    totalOre: state.row.total_outstanding,
    open_payment_plan: plans.some((plan) => plan.status === 'proposed' || plan.status === 'active'),
    demand_delivered_on,
  });
  return { result, demand_delivered_on };
}

/** Throws KFM_BLOCKED ('Ärendet kan inte eskaleras …' or the claim's problem) with every finding, unless the check lets the case go on. */
export function assertKfmCheckPassed(check: KfmCaseCheck): void {
  const { result } = check;
  if (result.can_proceed) return;
  throw new DomainError('KFM_BLOCKED', result.message ?? undefined, {
    blocking: result.blocking,
    claim_findings: result.claim_findings.map(({ code, message }) => ({ code, message })),
  });
}

export function kfmPrecheckResponse(caseId: string, check: KfmCaseCheck): KfmPrecheckResponse {
  const { result } = check;
  return {
    case_id: caseId,
    status: result.status,
    can_proceed: result.can_proceed,
    message: result.message,
    blocking: result.blocking,
    warnings: result.warnings,
    claim_findings: result.claim_findings.map(({ code, message }) => ({ code, message })),
    demand_delivered_on: check.demand_delivered_on,
  };
}

/**
 * 'Förkontroll' (step 1 of the case's KFM dialog; `fordran kfm precheck`). Blocked: the answer
 * says why and nothing is written. Otherwise (passed, or warnings to review) the case's timeline
 * gets `KFM_PRECHECK_PASSED`.
 */
export async function precheckKfmEscalation(ctx: OrgScope, caseId: string): Promise<KfmPrecheckResponse> {
  requireScopePermission(ctx, 'kfm.write');
  const today = ctx.app.clock.today();
  return ctx.app.database.transaction(async (tx) => {
    const state = await loadCaseState(tx, ctx, caseId);
    const check = await checkCaseForKfm(tx, state, today);
    if (check.result.can_proceed) {
      await appendCaseEvent(tx, {
        org_id: state.row.org_id,
        case_id: state.row.id,
        type: 'KFM_PRECHECK_PASSED',
        actor_id: auditActor(ctx),
        payload: { status: check.result.status, warnings: check.result.warnings.length },
        created_at: ctx.app.clock.now(),
      });
    }
    return kfmPrecheckResponse(state.row.id, check);
  });
}
