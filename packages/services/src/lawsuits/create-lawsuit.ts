import {
  CASE_CLOSED_MESSAGE,
  courtFeeFor,
  DomainError,
  LAWSUIT_TRACK_LABELS,
  minOre,
  maxOre,
  ZERO_ORE,
  oreToDecimal,
  suggestLawsuitTrack,
  type IsoDate,
  type TrackSuggestion,
} from '@fordran/core';
import { findKfmCaseCaseId, insertLawsuitRow, listOpenLawsuitRowsOfCase, type CaseRow, type Db } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { appendCaseEvent } from '../cases/case-events';
import { readCase } from '../cases/case-scope';
import { publishNotification } from '../notifications/notifications';
import { parseInput } from '../schemas/zod-setup';
import {
  lawsuitCreateSchema,
  lawsuitSuggestionQuerySchema,
  type LawsuitCreateInput,
  type LawsuitDetail,
  type LawsuitTrackSuggestion,
} from '../schemas/lawsuits';
import { loadLawsuitSettings, type LawsuitSettings } from './lawsuit-settings';
import { LAWSUIT_ENDED_STATUSES, noticeOfLawsuit } from './lawsuit-scope';
import { caseNames, loadLawsuitDetail } from './lawsuit-view';

export const OPEN_LAWSUIT_EXISTS_MESSAGE = 'Ärendet har redan ett pågående tvistemål';

/** The value the track is judged on: the capital still claimed (interest and costs do not count, RB 1 kap. 3 d §). */
function claimValueOf(row: CaseRow) {
  return maxOre(ZERO_ORE, minOre(row.total_principal, row.total_outstanding));
}

function suggestionFor(row: CaseRow, settings: LawsuitSettings, filingDate: IsoDate): TrackSuggestion {
  return suggestLawsuitTrack(claimValueOf(row), Number(filingDate.slice(0, 4)), settings.prisbasbelopp);
}

/**
 * What the create form shows for a case: the suggested track with its reason, the claim value,
 * the limit (half a prisbasbelopp of the filing year) and the court fee of each track.
 */
export async function suggestLawsuitForCase(ctx: OrgScope, query: unknown): Promise<LawsuitTrackSuggestion> {
  requireScopePermission(ctx, 'lawsuits.write');
  const { case_id, filing_date } = parseInput(lawsuitSuggestionQuerySchema, query);
  const db = ctx.app.database.db;
  const row = await readCase(db, ctx, case_id);
  const settings = await loadLawsuitSettings(db, row.org_id);
  const suggestion = suggestionFor(row, settings, filing_date ?? ctx.app.clock.today());
  return {
    track: suggestion.track,
    track_label: LAWSUIT_TRACK_LABELS[suggestion.track],
    reason: suggestion.reason,
    claim_value: oreToDecimal(claimValueOf(row)),
    limit: oreToDecimal(suggestion.limitOre),
    prisbasbelopp: oreToDecimal(suggestion.prisbasbeloppOre),
    year: suggestion.year,
    court_fees: { FT: oreToDecimal(courtFeeFor('FT', settings.courtFees)), ORD: oreToDecimal(courtFeeFor('ORD', settings.courtFees)) },
  };
}

async function assertKfmCaseOfCase(db: Db, orgId: string, kfmCaseId: string, caseId: string): Promise<void> {
  const kfmCase = await findKfmCaseCaseId(db, orgId, kfmCaseId);
  if (kfmCase === undefined) throw new DomainError('NOT_FOUND', 'KFM-ärendet hittades inte');
  if (kfmCase !== caseId) throw new DomainError('VALIDATION_FAILED', 'KFM-ärendet gäller ett annat ärende');
}

/**
 * A lawsuit draft for a case ('Ny stämning'; KFM's 'Överlämna till tingsrätt' passes the
 * contested KFM case): the track as chosen or suggested from the claim value, the court fee of
 * the track (booked when the lawsuit is filed), a planned filing date and notes. A closed case
 * and a case with a lawsuit still going are refused. Writes the lawsuit, the case event
 * `lawsuit_created`, the audit row and the handler's notification in one transaction.
 */
export async function createLawsuitDraft(ctx: OrgScope, input: LawsuitCreateInput): Promise<LawsuitDetail> {
  requireScopePermission(ctx, 'lawsuits.write');
  const value = parseInput(lawsuitCreateSchema, input);
  const now = ctx.app.clock.now();
  const actor = auditActor(ctx);
  const lawsuitId = await ctx.app.database.transaction(async (tx) => {
    const row = await readCase(tx, ctx, value.case_id);
    if (row.status === 'closed') throw new DomainError('INVALID_TRANSITION', CASE_CLOSED_MESSAGE, { case_id: row.id });
    if (value.kfm_case_id) await assertKfmCaseOfCase(tx, row.org_id, value.kfm_case_id, row.id);
    if ((await listOpenLawsuitRowsOfCase(tx, row.org_id, row.id, LAWSUIT_ENDED_STATUSES)).length > 0) {
      throw new DomainError('CONFLICT', OPEN_LAWSUIT_EXISTS_MESSAGE, { case_id: row.id });
    }
    const settings = await loadLawsuitSettings(tx, row.org_id);
    const suggestion = suggestionFor(row, settings, value.filing_date ?? ctx.app.clock.today());
    const track = value.track ?? suggestion.track;
    const courtFee = courtFeeFor(track, settings.courtFees);
    const lawsuit = await insertLawsuitRow(tx, {
      org_id: row.org_id,
      case_id: row.id,
      status: 'draft',
      track,
      court_name: value.court_name,
      court_fee_sek: courtFee,
      filing_date: value.filing_date ?? null,
      service_status: 'pending',
      deadlines_json: [],
      notes: value.notes,
      created_by: actor,
      created_at: now,
      updated_at: now,
    });
    const payload = {
      lawsuit_id: lawsuit.id,
      track,
      court_fee: oreToDecimal(courtFee),
      suggested_track: suggestion.track,
      ...(value.kfm_case_id ? { kfm_case_id: value.kfm_case_id } : {}),
    };
    await appendCaseEvent(tx, { org_id: row.org_id, case_id: row.id, type: 'lawsuit_created', actor_id: actor, payload, created_at: now });
    await appendAudit(tx, {
      org_id: row.org_id,
      actor_id: actor,
      event: 'lawsuit.created',
      entity: 'lawsuits',
      entity_id: lawsuit.id,
      payload: { case_id: row.id, ...payload },
      created_at: now,
    });
    const { reference_no } = await caseNames(tx, row);
    const message = `Nytt tvistemål (${LAWSUIT_TRACK_LABELS[track]}) på ärende ${reference_no}`;
    const notices = await noticeOfLawsuit(tx, ctx.app, { lawsuit, handler_id: row.handler_id }, message, actor);
    for (const notice of notices) publishNotification(ctx.app, notice);
    return lawsuit.id;
  });
  return loadLawsuitDetail(ctx.app.database.db, ctx, lawsuitId);
}
