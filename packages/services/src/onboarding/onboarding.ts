import { and, eq } from 'drizzle-orm';
import {
  ONBOARDING_STEP_DEFINITIONS,
  isOnboardingChecklistVisible,
  onboardingProgressPercent,
  type OnboardingChecklistCode,
  type OnboardingStepDefinition,
} from '@fordran/core';
import { onboardingSteps, organisations, type DbOrTx, type OnboardingStepRow } from '@fordran/store';
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
export function createOnboardingSteps(tx: DbOrTx, orgId: string): void {
  tx.insert(onboardingSteps)
    .values(ONBOARDING_STEP_DEFINITIONS.map((step) => ({ org_id: orgId, step_code: step.step_code, completed: false })))
    .onConflictDoNothing()
    .run();
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

function isDismissed(db: DbOrTx, orgId: string): boolean {
  const org = db.select({ settings: organisations.settings_json }).from(organisations).where(eq(organisations.id, orgId)).get();
  return org?.settings?.[DISMISSED_KEY] === true;
}

/**
 * The checklist: the definitions merged with the organisation's rows and with what its data
 * shows done (onboarding-evidence.ts), progress and visibility.
 */
export function getOnboarding(ctx: OrgContext): OnboardingResponse {
  requirePermission(ctx, 'org.read');
  const db = ctx.app.store.db;
  const rows = db.select().from(onboardingSteps).where(eq(onboardingSteps.org_id, ctx.membership.org_id)).all();
  const byCode = new Map(rows.map((row) => [row.step_code, row]));
  const evidence = onboardingEvidence(db, ctx.membership.org_id);
  const steps = ONBOARDING_STEP_DEFINITIONS.map((definition) => toStep(definition, byCode.get(definition.step_code), evidence[definition.step_code] ?? false));
  const completedCount = steps.filter((step) => step.completed).length;
  const dismissed = isDismissed(db, ctx.membership.org_id);
  return {
    steps,
    progress_percent: onboardingProgressPercent(completedCount, steps.length),
    dismissed,
    visible: isOnboardingChecklistVisible({ completedCount, totalCount: steps.length, dismissed }),
  };
}

/** Marks one step done or not done (upsert on org_id + step_code, spec part 1 §7). */
export function setOnboardingStep(ctx: OrgContext, stepCode: string, input: OnboardingStepUpdateInput): OnboardingStepResponse {
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
  const row = ctx.app.store.transaction((tx) => {
    tx.insert(onboardingSteps)
      .values({ org_id: orgId, step_code: code, ...values })
      .onConflictDoUpdate({ target: [onboardingSteps.org_id, onboardingSteps.step_code], set: values })
      .run();
    appendAudit(tx, {
      org_id: orgId,
      actor_id: ctx.actor.user_id,
      event: completed ? 'onboarding.step_completed' : 'onboarding.step_reopened',
      entity: 'onboarding_steps',
      entity_id: code,
      created_at: now,
    });
    return tx
      .select()
      .from(onboardingSteps)
      .where(and(eq(onboardingSteps.org_id, orgId), eq(onboardingSteps.step_code, code)))
      .get();
  });
  return toStep(definition, row, onboardingEvidence(ctx.app.store.db, orgId)[code] ?? false);
}

/** Hides the checklist (`dismissed` true) or shows it again (false), kept in organisations.settings_json. */
function setDismissed(ctx: OrgContext, dismissed: boolean): void {
  requirePermission(ctx, 'onboarding.write');
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  ctx.app.store.transaction((tx) => {
    const org = tx.select({ settings: organisations.settings_json }).from(organisations).where(eq(organisations.id, orgId)).get();
    tx.update(organisations)
      .set({ settings_json: { ...(org?.settings ?? {}), [DISMISSED_KEY]: dismissed }, updated_at: now })
      .where(eq(organisations.id, orgId))
      .run();
    appendAudit(tx, {
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
export function dismissOnboarding(ctx: OrgContext): { dismissed: true } {
  setDismissed(ctx, true);
  return { dismissed: true };
}

/** Shows a dismissed checklist again ('Visa kom igång-listan'). */
export function restoreOnboarding(ctx: OrgContext): { dismissed: false } {
  setDismissed(ctx, false);
  return { dismissed: false };
}
