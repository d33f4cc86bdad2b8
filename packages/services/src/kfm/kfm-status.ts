import { decideKfmStatusChange, FEE_TAX_CODE_EXEMPT, KFM_CASE_STATUS_LABELS, type AcceptedFee, type IsoDate, type KfmSnapshot, type Ore } from '@fordran/core';
import { insertCaseFlagRows, insertKfmEventRow, listKfmCaseRowsOfCase, updateKfmCaseRow, type Db, type KfmCaseRow } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { appendCaseEvent } from '../cases/case-events';
import { bookCaseFee } from '../cases/case-fees';
import { loadCaseState } from '../cases/case-state';
import { readCase } from '../cases/case-scope';
import { insertNotification, publishNotification } from '../notifications/notifications';
import { parseInput } from '../schemas/zod-setup';
import { kfmStatusChangeSchema, type KfmStatusChangeInput, type KfmStatusChangeResponse } from '../schemas/kfm';
import { kfmCaseNotFound, kfmSnapshotOfRow, loadKfmCaseDetail, readKfmCase } from './kfm-case-view';

/** Fee codes of the costs an utslag orders the debtor to pay (booked on the case when KFM decides). */
export const KFM_DECIDED_COST_NAMES = {
  KFM_APPLICATION_FEE: 'Ansökningsavgift hos Kronofogden',
  KFM_WORK_COMPENSATION: 'Ersättning för arbete med ansökan hos Kronofogden',
} as const;

/** The case flag that asks staff to follow up enforcement (verkställighet) after an utslag. */
export const KFM_ENFORCEMENT_FLAG_CODE = 'KFM_ENFORCEMENT';
const KFM_ENFORCEMENT_MESSAGE = 'Utslag från Kronofogden – följ upp verkställighet';

function decidedCosts(snapshot: KfmSnapshot, today: IsoDate): AcceptedFee[] {
  const cost = (code: keyof typeof KFM_DECIDED_COST_NAMES, amountOre: Ore): AcceptedFee => ({
    code,
    name: KFM_DECIDED_COST_NAMES[code],
    amountOre,
    tax_code: FEE_TAX_CODE_EXEMPT,
    valid_from: today,
    is_active: true,
  });
  const costs = [cost('KFM_APPLICATION_FEE', snapshot.application_feeOre)];
  if (snapshot.work_compensation_claimed) costs.push(cost('KFM_WORK_COMPENSATION', snapshot.work_compensationOre));
  return costs.filter((fee) => fee.amountOre > 0);
}

/**
 * Utslag: the costs KFM decided (the application fee and the compensation for work the snapshot
 * claimed) are booked on the case as fees — case totals, `fee_added`, journal debit 1512 / credit
 * 3010 — and the case gets an info flag to follow up enforcement. The case stays in stage kfm:
 * verkställighet is Kronofogden's too.
 */
async function followUpDecision(tx: Db, ctx: OrgScope, kfmCase: KfmCaseRow, now: string): Promise<void> {
  const today = ctx.app.clock.today();
  const costs = decidedCosts(kfmSnapshotOfRow(kfmCase), today);
  for (const fee of costs) {
    // Each fee reads the case afresh: bookCaseFee adds to the totals it is given.
    await bookCaseFee(tx, ctx, await loadCaseState(tx, ctx, kfmCase.case_id), fee);
  }
  await insertKfmEventRow(tx, {
    org_id: kfmCase.org_id,
    kfm_case_id: kfmCase.id,
    type: 'costs_booked',
    payload_json: { fees: costs.map((fee) => ({ code: fee.code, amountOre: fee.amountOre })) },
    actor_id: auditActor(ctx),
    created_at: now,
  });
  await insertCaseFlagRows(tx, [
    {
      org_id: kfmCase.org_id,
      case_id: kfmCase.case_id,
      rule_code: KFM_ENFORCEMENT_FLAG_CODE,
      level: 'info',
      message: KFM_ENFORCEMENT_MESSAGE,
      created_at: now,
    },
  ]);
}

/**
 * Records what Kronofogden answered (`fordran kfm status`, the KFM case's buttons) by the KFM
 * status machine (core decideKfmStatusChange: an illegal edge is INVALID_TRANSITION naming both
 * statuses; acknowledged needs the målnummer). One transaction: the KFM case, a kfm_events row,
 * `KFM_STATUS_CHANGED` on the case, a notification to the case's handler (everyone when it has
 * none), the audit row; utslag books the decided costs and flags enforcement follow-up. Bestridd
 * answers `offer_lawsuit`: 'Överlämna till tingsrätt' creates a lawsuit draft (lawsuits module).
 */
export async function changeKfmStatus(ctx: OrgScope, kfmCaseId: string, input: KfmStatusChangeInput): Promise<KfmStatusChangeResponse> {
  requireScopePermission(ctx, 'kfm.write');
  const request = parseInput(kfmStatusChangeSchema, input);
  const now = ctx.app.clock.now();
  const actor = auditActor(ctx);
  return ctx.app.database.transaction(async (tx) => {
    const row = await readKfmCase(tx, ctx, kfmCaseId);
    const change = decideKfmStatusChange(row.current_status, row.kfm_case_no, request);
    const updated = (await updateKfmCaseRow(tx, row.org_id, row.id, { current_status: change.to, kfm_case_no: change.kfm_case_no, updated_at: now }))!;
    const payload = {
      kfm_case_id: row.id,
      from: change.from,
      to: change.to,
      from_label: KFM_CASE_STATUS_LABELS[change.from],
      to_label: KFM_CASE_STATUS_LABELS[change.to],
      kfm_case_no: change.kfm_case_no,
    };
    await insertKfmEventRow(tx, { org_id: row.org_id, kfm_case_id: row.id, type: 'status_changed', payload_json: payload, actor_id: actor, created_at: now });
    await appendCaseEvent(tx, { org_id: row.org_id, case_id: row.case_id, type: 'KFM_STATUS_CHANGED', actor_id: actor, payload, created_at: now });
    await appendAudit(tx, {
      org_id: row.org_id,
      actor_id: actor,
      event: 'kfm.status_changed',
      entity: 'kfm_cases',
      entity_id: row.id,
      payload,
      created_at: now,
    });
    if (change.follow_ups.includes('enforcement_follow_up')) await followUpDecision(tx, ctx, updated, now);
    const state = await loadCaseState(tx, ctx, row.case_id);
    const notice = await insertNotification(
      tx,
      ctx.app,
      {
        org_id: row.org_id,
        ...(state.row.handler_id ? { user_id: state.row.handler_id } : {}),
        type: 'info',
        message: `KFM-ärende ${row.reference}: ${payload.from_label} → ${payload.to_label}`,
        link: `/kfm/${row.id}`,
      },
      actor,
    );
    // Announced once the transaction commits.
    publishNotification(ctx.app, notice);
    return { kfm_case: await loadKfmCaseDetail(tx, updated), follow_ups: change.follow_ups };
  });
}

/** `fordran kfm status --case`: the status change of the case's latest KFM case. */
export async function changeCaseKfmStatus(ctx: OrgScope, caseId: string, input: KfmStatusChangeInput): Promise<KfmStatusChangeResponse> {
  requireScopePermission(ctx, 'kfm.write');
  const db = ctx.app.database.db;
  const caseRow = await readCase(db, ctx, caseId);
  const [latest] = await listKfmCaseRowsOfCase(db, caseRow.org_id, caseRow.id);
  if (!latest) throw kfmCaseNotFound();
  return changeKfmStatus(ctx, latest.id, input);
}
