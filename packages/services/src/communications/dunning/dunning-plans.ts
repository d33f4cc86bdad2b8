import {
  CASE_STAGE_LABELS,
  checkDunningPlan,
  COMM_CHANNEL_LABELS,
  DEFAULT_DUNNING_PLAN,
  DomainError,
  feeCatalogueInForce,
  oreToDecimal,
  type DunningStep,
  type DunningStepSpec,
} from '@fordran/core';
import {
  deleteDunningPlanRow,
  deleteDunningStepRows,
  findDunningPlanRow,
  insertDunningPlanRow,
  insertDunningStepRows,
  listCaseCreditorRefs,
  listCommTemplateRows,
  listDunningPlanRows,
  listDunningStepRows,
  listOrganisationIdsWithoutDunningPlan,
  touchDunningPlanRow,
  updateDunningStepRow,
  uuidV7,
  type Db,
  type DunningPlanRow,
  type DunningStepRow,
} from '@fordran/store';
import type { AppContext } from '../../context';
import { auditActor, requireScopePermission, type OrgScope } from '../../access/operator';
import { appendAudit } from '../../audit/audit-log';
import { loadFeeCatalogue } from '../../cases/case-detail';
import { parseInput } from '../../schemas/zod-setup';
import { idSchema } from '../../schemas/common';
import { dunningPlanSaveSchema, type DunningPlanResponse, type DunningPlanSaveInput, type DunningPlansResponse } from '../../schemas/dunning';

/** Gives an organisation the default plan (core DEFAULT_DUNNING_PLAN) unless it has its own already. */
export async function ensureDunningPlan(tx: Db, orgId: string, now: string): Promise<void> {
  if (await findDunningPlanRow(tx, orgId, null)) return;
  const plan = await insertDunningPlanRow(tx, { org_id: orgId, creditor_id: null, created_at: now, updated_at: now });
  await insertDunningStepRows(
    tx,
    DEFAULT_DUNNING_PLAN.map((step) => ({ ...step, org_id: orgId, plan_id: plan.id, created_at: now, updated_at: now })),
  );
}

/**
 * The default plan for every organisation without one, run when the app opens (as the template
 * library is): organisations made before dunning existed get it on the next start. New
 * organisations get it when created.
 */
export async function ensureDunningPlans(app: AppContext): Promise<void> {
  const now = app.clock.now();
  for (const orgId of await listOrganisationIdsWithoutDunningPlan(app.database.db)) {
    await app.database.transaction((tx) => ensureDunningPlan(tx, orgId, now));
  }
}

/** A stored step as core reads it. */
export function dunningStepOf(row: DunningStepRow): DunningStep {
  const { id, name, days_past_due, template_code, channel, fee_code } = row;
  return { id, name, days_past_due, template_code, channel, fee_code, stage: row.stage === 'reminder' || row.stage === 'demand' ? row.stage : null };
}

/** Every plan's steps by plan id, in order. */
export async function loadDunningSteps(db: Db, orgId: string, plans: DunningPlanRow[]): Promise<Map<string, DunningStep[]>> {
  const byPlan = new Map<string, DunningStep[]>(plans.map((plan) => [plan.id, []]));
  for (const row of await listDunningStepRows(
    db,
    orgId,
    plans.map((plan) => plan.id),
  ))
    byPlan.get(row.plan_id)?.push(dunningStepOf(row));
  return byPlan;
}

/** What the plans are shown with: template names, fee names and amounts in force today, creditor names. */
async function planViews(db: Db, orgId: string, today: string) {
  const plans = await listDunningPlanRows(db, orgId);
  const steps = await loadDunningSteps(db, orgId, plans);
  const templates = await listCommTemplateRows(db, orgId);
  const fees = feeCatalogueInForce(await loadFeeCatalogue(db, orgId), today);
  const creditors = new Map(
    (
      await listCaseCreditorRefs(
        db,
        orgId,
        plans.flatMap((plan) => (plan.creditor_id ? [plan.creditor_id] : [])),
      )
    ).map((row) => [row.id, row.name]),
  );
  const templateNames = new Map(templates.map((template) => [template.code, template.name]));
  const feeByCode = new Map(fees.map((fee) => [fee.code, fee]));
  const view = (plan: DunningPlanRow): DunningPlanResponse => ({
    id: plan.id,
    creditor_id: plan.creditor_id,
    creditor_name: plan.creditor_id ? (creditors.get(plan.creditor_id) ?? null) : null,
    updated_at: plan.updated_at,
    steps: (steps.get(plan.id) ?? []).map((step) => {
      const fee = step.fee_code ? feeByCode.get(step.fee_code) : undefined;
      return {
        ...step,
        template_name: templateNames.get(step.template_code) ?? null,
        channel_label: COMM_CHANNEL_LABELS[step.channel],
        fee_name: fee?.name ?? null,
        fee_amount: fee ? oreToDecimal(fee.amountOre) : null,
        stage_label: step.stage ? CASE_STAGE_LABELS[step.stage] : null,
      };
    }),
  });
  return { plans, view, templates, fees };
}

/** The organisation's plan and the creditors' own, with the templates and fees the editor offers. */
export async function getDunningPlans(ctx: OrgScope): Promise<DunningPlansResponse> {
  requireScopePermission(ctx, 'dunning.read');
  const orgId = ctx.membership.org_id;
  const { plans, view, templates, fees } = await planViews(ctx.app.database.db, orgId, ctx.app.clock.today());
  const own = plans.find((plan) => plan.creditor_id === null);
  if (!own) throw new DomainError('INTERNAL_ERROR', undefined, { reason: 'organisation without a dunning plan' });
  return {
    organisation: view(own),
    creditors: plans.filter((plan) => plan.creditor_id !== null).map(view),
    templates: templates.map(({ code, name, category, channel, is_active }) => ({ code, name, category, channel, is_active })),
    fees: fees.map((fee) => ({ code: fee.code, name: fee.name, amount: oreToDecimal(fee.amountOre) })),
  };
}

/** The creditor named, of this organisation (NOT_FOUND otherwise). */
async function creditorOf(db: Db, orgId: string, creditorId: string): Promise<{ id: string; name: string }> {
  const found = (await listCaseCreditorRefs(db, orgId, [creditorId]))[0];
  if (!found) throw new DomainError('NOT_FOUND', 'Kunden hittades inte');
  return found;
}

/** Checks the steps against the organisation's templates and fee catalogue (VALIDATION_FAILED with every issue). */
async function assertPlanValid(db: Db, orgId: string, steps: readonly DunningStepSpec[], today: string): Promise<void> {
  const templates = new Map((await listCommTemplateRows(db, orgId)).map((template) => [template.code, template]));
  const feeCodes = new Set(feeCatalogueInForce(await loadFeeCatalogue(db, orgId), today).map((fee) => fee.code));
  const issues = checkDunningPlan(steps, { templates, feeCodes });
  if (issues.length > 0)
    throw new DomainError('VALIDATION_FAILED', issues[0]!.message, { issues: issues.map(({ path, message }) => ({ path: path.join('.'), message })) });
}

/** Writes the steps: an id that is the plan's keeps its row (edited in place), the others are new; steps left out are removed. */
async function writeSteps(tx: Db, orgId: string, planId: string, steps: (DunningStepSpec & { id?: string | undefined })[], now: string): Promise<void> {
  const existing = new Set((await listDunningStepRows(tx, orgId, [planId])).map((row) => row.id));
  const kept = new Set<string>();
  const added = [];
  for (const { id, ...step } of steps) {
    if (id !== undefined && existing.has(id) && !kept.has(id)) {
      kept.add(id);
      await updateDunningStepRow(tx, orgId, id, { ...step, updated_at: now });
    } else added.push({ ...step, id: uuidV7(), org_id: orgId, plan_id: planId, created_at: now, updated_at: now });
  }
  await deleteDunningStepRows(
    tx,
    orgId,
    [...existing].filter((id) => !kept.has(id)),
  );
  await insertDunningStepRows(tx, added);
}

/**
 * Saves the organisation's plan (`creditorId` null) or a creditor's own, which replaces the
 * organisation's for that creditor's cases (made on its first save). The steps are checked as a
 * whole (core `checkDunningPlan`: order, stages, templates, fees); a step saved with its id keeps
 * its identity, so cases that had it do not get it again. Audited (`dunning.plan_saved`).
 */
export async function saveDunningPlan(ctx: OrgScope, creditorId: string | null, input: DunningPlanSaveInput): Promise<DunningPlanResponse> {
  requireScopePermission(ctx, 'dunning.plan');
  const { steps } = parseInput(dunningPlanSaveSchema, input);
  const orgId = ctx.membership.org_id;
  const creditor = creditorId === null ? null : parseInput(idSchema, creditorId);
  const now = ctx.app.clock.now();
  const today = ctx.app.clock.today();
  const actor = auditActor(ctx);
  return ctx.app.database.transaction(async (tx) => {
    if (creditor !== null) await creditorOf(tx, orgId, creditor);
    await assertPlanValid(tx, orgId, steps, today);
    const plan =
      (await findDunningPlanRow(tx, orgId, creditor)) ??
      (await insertDunningPlanRow(tx, { org_id: orgId, creditor_id: creditor, created_at: now, updated_at: now, updated_by: actor }));
    await writeSteps(tx, orgId, plan.id, steps, now);
    await touchDunningPlanRow(tx, orgId, plan.id, now, actor);
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: actor,
      event: 'dunning.plan_saved',
      entity: 'dunning_plans',
      entity_id: plan.id,
      payload: {
        creditor_id: creditor,
        steps: steps.map(({ name, days_past_due, template_code, channel, fee_code, stage }) => ({
          name,
          days_past_due,
          template_code,
          channel,
          fee_code,
          stage,
        })),
      },
      created_at: now,
    });
    const { plans, view } = await planViews(tx, orgId, today);
    return view(plans.find((row) => row.id === plan.id)!);
  });
}

/** Removes a creditor's own plan: its cases follow the organisation's plan again. Audited (`dunning.plan_removed`). */
export async function removeCreditorDunningPlan(ctx: OrgScope, creditorId: string): Promise<void> {
  requireScopePermission(ctx, 'dunning.plan');
  const orgId = ctx.membership.org_id;
  const creditor = parseInput(idSchema, creditorId);
  const now = ctx.app.clock.now();
  await ctx.app.database.transaction(async (tx) => {
    const plan = await findDunningPlanRow(tx, orgId, creditor);
    if (!plan) throw new DomainError('NOT_FOUND', 'Kunden har ingen egen påminnelseplan');
    await deleteDunningPlanRow(tx, orgId, plan.id);
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'dunning.plan_removed',
      entity: 'dunning_plans',
      entity_id: plan.id,
      payload: { creditor_id: creditor },
      created_at: now,
    });
  });
}
