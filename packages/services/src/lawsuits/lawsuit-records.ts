import { DomainError } from '@fordran/core';
import { updateLawsuitRow, uuidV7 } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { parseInput } from '../schemas/zod-setup';
import { lawsuitDeadlineAddSchema, lawsuitNotesSchema, type LawsuitDeadlineAddInput, type LawsuitDetail, type LawsuitNotesInput } from '../schemas/lawsuits';
import { lockLawsuit } from './lawsuit-scope';
import { loadLawsuitDetail } from './lawsuit-view';

/*
 * What staff record on a lawsuit besides its status: procedural deadlines (svaromål,
 * föreläggande, huvudförhandling …) and the notes. Each write is audited.
 */

/** Adds a deadline (label and due date); the nightly check reminds about it before it falls due. */
export async function addLawsuitDeadline(ctx: OrgScope, lawsuitId: string, input: LawsuitDeadlineAddInput): Promise<LawsuitDetail> {
  requireScopePermission(ctx, 'lawsuits.write');
  const { label, due_date } = parseInput(lawsuitDeadlineAddSchema, input);
  const now = ctx.app.clock.now();
  const id = await ctx.app.database.transaction(async (tx) => {
    const lawsuit = await lockLawsuit(tx, ctx, lawsuitId);
    const code = uuidV7();
    await updateLawsuitRow(tx, lawsuit.org_id, lawsuit.id, {
      deadlines_json: [...lawsuit.deadlines_json, { code, label, due_date, done_at: null }],
      updated_at: now,
    });
    await appendAudit(tx, {
      org_id: lawsuit.org_id,
      actor_id: auditActor(ctx),
      event: 'lawsuit.deadline_added',
      entity: 'lawsuits',
      entity_id: lawsuit.id,
      payload: { code, label, due_date },
      created_at: now,
    });
    return lawsuit.id;
  });
  return loadLawsuitDetail(ctx.app.database.db, ctx, id);
}

/** Marks a deadline done (met): it is no longer reminded. Done twice is refused. */
export async function completeLawsuitDeadline(ctx: OrgScope, lawsuitId: string, code: string): Promise<LawsuitDetail> {
  requireScopePermission(ctx, 'lawsuits.write');
  const now = ctx.app.clock.now();
  const id = await ctx.app.database.transaction(async (tx) => {
    const lawsuit = await lockLawsuit(tx, ctx, lawsuitId);
    const deadline = lawsuit.deadlines_json.find((candidate) => candidate.code === code);
    if (!deadline) throw new DomainError('NOT_FOUND', 'Fristen hittades inte');
    if (deadline.done_at) throw new DomainError('CONFLICT', 'Fristen är redan klarmarkerad');
    const deadlines = lawsuit.deadlines_json.map((candidate) => (candidate.code === code ? { ...candidate, done_at: now } : candidate));
    await updateLawsuitRow(tx, lawsuit.org_id, lawsuit.id, { deadlines_json: deadlines, updated_at: now });
    await appendAudit(tx, {
      org_id: lawsuit.org_id,
      actor_id: auditActor(ctx),
      event: 'lawsuit.deadline_done',
      entity: 'lawsuits',
      entity_id: lawsuit.id,
      payload: { code, label: deadline.label ?? code, due_date: deadline.due_date },
      created_at: now,
    });
    return lawsuit.id;
  });
  return loadLawsuitDetail(ctx.app.database.db, ctx, id);
}

/** Replaces the lawsuit's notes (empty clears them). */
export async function updateLawsuitNotes(ctx: OrgScope, lawsuitId: string, input: LawsuitNotesInput): Promise<LawsuitDetail> {
  requireScopePermission(ctx, 'lawsuits.write');
  const { notes } = parseInput(lawsuitNotesSchema, input);
  const now = ctx.app.clock.now();
  const id = await ctx.app.database.transaction(async (tx) => {
    const lawsuit = await lockLawsuit(tx, ctx, lawsuitId);
    await updateLawsuitRow(tx, lawsuit.org_id, lawsuit.id, { notes, updated_at: now });
    await appendAudit(tx, {
      org_id: lawsuit.org_id,
      actor_id: auditActor(ctx),
      event: 'lawsuit.notes_updated',
      entity: 'lawsuits',
      entity_id: lawsuit.id,
      payload: { length: notes?.length ?? 0 },
      created_at: now,
    });
    return lawsuit.id;
  });
  return loadLawsuitDetail(ctx.app.database.db, ctx, id);
}
