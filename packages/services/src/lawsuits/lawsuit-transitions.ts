import {
  assertStateMachineTransition,
  buildCourtFeeJournal,
  canChangeCaseStage,
  compareIsoDates,
  DomainError,
  LAWSUIT_STATUS_LABELS,
  LAWSUIT_STATUS_MACHINE,
  oreToDecimal,
  type LawsuitStatus,
} from '@fordran/core';
import { insertLedgerJournal, updateLawsuitRow, type Db, type LawsuitRow, type NewLawsuitRow } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { appendCaseEvent } from '../cases/case-events';
import { recordStageChange } from '../cases/case-transitions';
import { loadCaseState } from '../cases/case-state';
import { publishNotification } from '../notifications/notifications';
import { parseInput } from '../schemas/zod-setup';
import { lawsuitStatusChangeSchema, type LawsuitDetail, type LawsuitStatusChangeInput } from '../schemas/lawsuits';
import { lockLawsuit, noticeOfLawsuit } from './lawsuit-scope';
import { caseNames, loadLawsuitDetail } from './lawsuit-view';

/** What a status change writes besides the status (the filing, the service, the end). */
function changeOf(lawsuit: LawsuitRow, to: LawsuitStatus, date: string, courtCaseNo: string | null, now: string): Partial<NewLawsuitRow> {
  const change: Partial<NewLawsuitRow> = { status: to, updated_at: now };
  if (courtCaseNo) change.court_case_no = courtCaseNo;
  if (to === 'filed') change.filing_date = date;
  // The summons is served: 'Inväntar delgivning' ends. A refiled lawsuit (failed → draft) is served anew.
  if (to === 'served') change.service_status = 'served';
  if (to === 'draft') change.service_status = 'pending';
  change.closed_at = to === 'closed' ? now : (lawsuit.closed_at ?? null);
  if (to === 'draft') change.closed_at = null;
  return change;
}

/**
 * Moves a lawsuit through its status machine (docs/state-machines.md, `lawsuit_status`); an
 * illegal move is INVALID_TRANSITION 'Övergången är inte tillåten: Tvistemålets status kan inte
 * ändras från … till …'. Filing (→ filed) records the filing date (today unless given; never in
 * the future), books the track's court fee to the ledger (debit 2890, credit 1930) and moves the
 * case to the legal stage where its stage machine allows it; served ends 'Inväntar delgivning'.
 * Each move writes the case event `lawsuit_status_changed`, an audit row and notifications, in
 * one transaction.
 */
export async function changeLawsuitStatus(ctx: OrgScope, lawsuitId: string, input: LawsuitStatusChangeInput): Promise<LawsuitDetail> {
  requireScopePermission(ctx, 'lawsuits.write');
  const value = parseInput(lawsuitStatusChangeSchema, input);
  const today = ctx.app.clock.today();
  const date = value.date ?? today;
  if (compareIsoDates(date, today) > 0) throw new DomainError('VALIDATION_FAILED', 'Datumet kan inte vara i framtiden');
  const now = ctx.app.clock.now();
  const actor = auditActor(ctx);
  const id = await ctx.app.database.transaction(async (tx) => {
    const lawsuit = await lockLawsuit(tx, ctx, lawsuitId);
    const from = lawsuit.status;
    assertStateMachineTransition(LAWSUIT_STATUS_MACHINE, from, value.status);
    const state = await loadCaseState(tx, ctx, lawsuit.case_id);
    const updated = await updateLawsuitRow(tx, lawsuit.org_id, lawsuit.id, changeOf(lawsuit, value.status, date, value.court_case_no, now));
    if (value.status === 'filed') await bookFiling(tx, ctx, updated, state.row.creditor_id, date);
    if (value.status === 'filed' && state.row.stage !== 'legal' && canChangeCaseStage(state.row.status, state.row.stage, 'legal')) {
      await recordStageChange(tx, ctx, state, 'legal');
    }
    const payload = {
      lawsuit_id: lawsuit.id,
      from,
      to: value.status,
      from_label: LAWSUIT_STATUS_LABELS[from],
      to_label: LAWSUIT_STATUS_LABELS[value.status],
      date,
      ...(value.court_case_no ? { court_case_no: value.court_case_no } : {}),
      ...(value.reason ? { reason: value.reason } : {}),
    };
    await appendCaseEvent(tx, { org_id: lawsuit.org_id, case_id: lawsuit.case_id, type: 'lawsuit_status_changed', actor_id: actor, payload, created_at: now });
    await appendAudit(tx, {
      org_id: lawsuit.org_id,
      actor_id: actor,
      event: 'lawsuit.status_changed',
      entity: 'lawsuits',
      entity_id: lawsuit.id,
      payload,
      created_at: now,
    });
    const { reference_no } = await caseNames(tx, state.row);
    const message = `Tvistemålet på ärende ${reference_no}: ${LAWSUIT_STATUS_LABELS[from]} → ${LAWSUIT_STATUS_LABELS[value.status]}`;
    const notices = await noticeOfLawsuit(
      tx,
      ctx.app,
      { lawsuit: updated, handler_id: state.row.handler_id },
      message,
      actor,
      value.status === 'failed' ? 'warning' : 'info',
    );
    for (const notice of notices) publishNotification(ctx.app, notice);
    return lawsuit.id;
  });
  return loadLawsuitDetail(ctx.app.database.db, ctx, id);
}

/** The court fee of a filing, booked on the filing date (each filing pays its own fee; a lawsuit without a fee books nothing). */
async function bookFiling(tx: Db, ctx: OrgScope, lawsuit: LawsuitRow, creditorId: string, date: string): Promise<void> {
  if (lawsuit.court_fee_sek === null || lawsuit.court_fee_sek <= 0) return;
  await insertLedgerJournal(
    tx,
    buildCourtFeeJournal({
      amountOre: lawsuit.court_fee_sek,
      source_ref: lawsuit.id,
      case_id: lawsuit.case_id,
      creditor_id: creditorId,
      booked_at: date,
      meta: { track: lawsuit.track, court_fee: oreToDecimal(lawsuit.court_fee_sek) },
    }),
    { orgId: lawsuit.org_id, at: ctx.app.clock.now(), createdBy: auditActor(ctx) },
  );
}
