import {
  ONBOARDING_STEP_DEFINITIONS,
  isOnboardingChecklistVisible,
  onboardingProgressPercent,
  type OnboardingChecklistCode,
  type OnboardingStepDefinition,
} from '@fordran/core';
import {
  findOrganisationRow,
  insertOnboardingSteps,
  listOnboardingStepRows,
  updateOrganisationRow,
  upsertOnboardingStep,
  type Db,
  type OnboardingStepRow,
} from '@fordran/store';
import type { OrgContext } from '../context';
import { requirePermission } from '../access/membership';
import { appendAudit } from '../audit/audit-log';
import { parseInput } from '../schemas/zod-setup';
import { onboardingEvidence } from './onboarding-evidence';
import {
  onboardingStepCodeSchema,
  onboardingStepUpdateSchema,
  type OnboardingResponse,
  type OnboardingStepResponse,
  type OnboardingStepUpdateInput,
} from '../schemas/onboarding';

/** settings_json key of the "dismiss" choice (spec part 1 §2: hidden once dismissed). */
const DISMISSED_KEY = 'onboarding_dismissed';

/** Creates the ten not-yet-done steps of a new organisation. */
export function createOnboardingSteps(tx: Db, orgId: string): Promise<void> {
  return insertOnboardingSteps(
    tx,
    ONBOARDING_STEP_DEFINITIONS.map((step) => ({ org_id: orgId, step_code: step.step_code, completed: false })),
  );
}

function toStep(definition: OnboardingStepDefinition, row: OnboardingStepRow | undefined, detected = false): OnboardingStepResponse {
  return {
    ...definition,
    completed: detected || (row?.completed ?? false),
    detected,
    completed_at: row?.completed_at ?? null,
    completed_by: row?.completed_by ?? null,
  };
}

async function isDismissed(db: Db, orgId: string): Promise<boolean> {
  const org = await findOrganisationRow(db, orgId);
  return org?.settings_json?.[DISMISSED_KEY] === true;
}

/**
 * The checklist: the definitions merged with the organisation's rows and with what its data
 * shows done (onboarding-evidence.ts), progress and visibility.
 */
export async function getOnboarding(ctx: OrgContext): Promise<OnboardingResponse> {
  requirePermission(ctx, 'org.read');
  const db = ctx.app.database.db;
  const rows = await listOnboardingStepRows(db, ctx.membership.org_id);
  const byCode = new Map(rows.map((row) => [row.step_code, row]));
  const evidence = await onboardingEvidence(db, ctx.membership.org_id);
  const steps = ONBOARDING_STEP_DEFINITIONS.map((definition) => toStep(definition, byCode.get(definition.step_code), evidence[definition.step_code] ?? false));
  const completedCount = steps.filter((step) => step.completed).length;
  const dismissed = await isDismissed(db, ctx.membership.org_id);
  return {
    steps,
    progress_percent: onboardingProgressPercent(completedCount, steps.length),
    dismissed,
    visible: isOnboardingChecklistVisible({ completedCount, totalCount: steps.length, dismissed }),
  };
}

/** Marks one step done or not done (upsert on org_id + step_code, spec part 1 §7). */
export async function setOnboardingStep(ctx: OrgContext, stepCode: string, input: OnboardingStepUpdateInput): Promise<OnboardingStepResponse> {
  requirePermission(ctx, 'onboarding.write');
  const code: OnboardingChecklistCode = parseInput(onboardingStepCodeSchema, stepCode);
  const { completed } = parseInput(onboardingStepUpdateSchema, input);
  const definition = ONBOARDING_STEP_DEFINITIONS.find((step) => step.step_code === code);
  if (!definition) throw new Error(`no definition for ${code}`);
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  const values = {
    completed,
    completed_at: completed ? now : null,
    completed_by: completed ? ctx.actor.user_id : null,
  };
  const row = await ctx.app.database.transaction(async (tx) => {
    const written = await upsertOnboardingStep(tx, { org_id: orgId, step_code: code, ...values });
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: ctx.actor.user_id,
      event: completed ? 'onboarding.step_completed' : 'onboarding.step_reopened',
      entity: 'onboarding_steps',
      entity_id: code,
      created_at: now,
    });
    return written;
  });
  return toStep(definition, row, (await onboardingEvidence(ctx.app.database.db, orgId))[code] ?? false);
}

/** Hides the checklist (`dismissed` true) or shows it again (false), kept in organisations.settings_json. */
async function setDismissed(ctx: OrgContext, dismissed: boolean): Promise<void> {
  requirePermission(ctx, 'onboarding.write');
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  await ctx.app.database.transaction(async (tx) => {
    const org = await findOrganisationRow(tx, orgId);
    await updateOrganisationRow(tx, orgId, { settings_json: { ...(org?.settings_json ?? {}), [DISMISSED_KEY]: dismissed }, updated_at: now });
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: ctx.actor.user_id,
      event: dismissed ? 'onboarding.dismissed' : 'onboarding.restored',
      entity: 'organisations',
      entity_id: orgId,
      created_at: now,
    });
  });
}

/** Hides the checklist for the organisation. */
export async function dismissOnboarding(ctx: OrgContext): Promise<{ dismissed: true }> {
  await setDismissed(ctx, true);
  return { dismissed: true };
}

/** Shows a dismissed checklist again ('Visa kom igång-listan'). */
export async function restoreOnboarding(ctx: OrgContext): Promise<{ dismissed: false }> {
  await setDismissed(ctx, false);
  return { dismissed: false };
}
