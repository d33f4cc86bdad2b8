import { assertCaseStageChange, assertCaseStatusTransition, CASE_STAGE_LABELS, CASE_STATUS_LABELS, type CaseStage } from '@fordran/core';
import { updateCaseRow, type Db, type NewCaseRow } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { parseInput } from '../schemas/zod-setup';
import { caseStageChangeSchema, caseStatusChangeSchema, type CaseDetail, type CaseStageChangeInput, type CaseStatusChangeInput } from '../schemas/cases';
import { appendCaseEvent } from './case-events';
import { loadCaseDetail } from './case-detail';
import { guardedCaseAction } from './case-rules';
import type { CaseState } from './case-state';

/**
 * The guarded action a stage change is checked as: applying to KFM is `kfm_escalate` (part 1
 * §5). Other stage and status changes are not rule-checked: a rule that blocks "every action"
 * (e.g. a prescribed claim) must not stop a handler from closing or pausing the case.
 */
const STAGE_ACTIONS: Partial<Record<CaseState['row']['stage'], string>> = { kfm: 'kfm_escalate' };

async function recordChange(
  tx: Db,
  ctx: OrgScope,
  state: CaseState,
  change: { type: 'status_changed' | 'stage_changed'; set: Partial<NewCaseRow>; payload: Record<string, unknown> },
): Promise<void> {
  const now = ctx.app.clock.now();
  const actor = auditActor(ctx);
  const { row } = state;
  await updateCaseRow(tx, row.org_id, row.id, { ...change.set, updated_at: now });
  await appendCaseEvent(tx, { org_id: row.org_id, case_id: row.id, type: change.type, actor_id: actor, payload: change.payload, created_at: now });
  await appendAudit(tx, {
    org_id: row.org_id,
    actor_id: actor,
    event: `case.${change.type}`,
    entity: 'cases',
    entity_id: row.id,
    payload: change.payload,
    created_at: now,
  });
}

/** Moves the case to `stage` inside the caller's transaction: the row, the `stage_changed` event and the audit row (the caller checked the change). */
export function recordStageChange(tx: Db, ctx: OrgScope, state: CaseState, stage: CaseStage): Promise<void> {
  const from = state.row.stage;
  return recordChange(tx, ctx, state, {
    type: 'stage_changed',
    set: { stage },
    payload: { from, to: stage, from_label: CASE_STAGE_LABELS[from], to_label: CASE_STAGE_LABELS[stage] },
  });
}

/**
 * Changes the case status through the status machine (docs/state-machines.md): draft → active
 * starts collection, active ⇄ on_hold pauses it, closing needs a reason, a closed case is
 * reopened to active. Anything else is INVALID_TRANSITION naming both states.
 */
export async function changeCaseStatus(ctx: OrgScope, caseId: string, input: CaseStatusChangeInput): Promise<CaseDetail> {
  requireScopePermission(ctx, 'cases.write');
  const { status, reason } = parseInput(caseStatusChangeSchema, input);
  return guardedCaseAction(ctx, caseId, null, async (tx, state) => {
    const from = state.row.status;
    assertCaseStatusTransition(from, status);
    const now = ctx.app.clock.now();
    await recordChange(tx, ctx, state, {
      type: 'status_changed',
      set: { status, closed_at: status === 'closed' ? now : null },
      payload: { from, to: status, from_label: CASE_STATUS_LABELS[from], to_label: CASE_STATUS_LABELS[status], ...(reason ? { reason } : {}) },
    });
    return loadCaseDetail(tx, ctx, state.row.id);
  });
}

/**
 * Moves an active case to another stage of the collection process (docs/state-machines.md).
 * Moving to kfm is checked by the rules as `kfm_escalate`, so a disputed or prescribed claim
 * is not sent to Kronofogden by hand either.
 */
export async function changeCaseStage(ctx: OrgScope, caseId: string, input: CaseStageChangeInput): Promise<CaseDetail> {
  requireScopePermission(ctx, 'cases.write');
  const { stage } = parseInput(caseStageChangeSchema, input);
  const action = STAGE_ACTIONS[stage];
  const assertAllowed = (state: CaseState) => assertCaseStageChange(state.row.status, state.row.stage, stage);
  return guardedCaseAction(ctx, caseId, action ? { action, precheck: assertAllowed } : null, async (tx, state) => {
    assertAllowed(state);
    await recordStageChange(tx, ctx, state, stage);
    return loadCaseDetail(tx, ctx, state.row.id);
  });
}
