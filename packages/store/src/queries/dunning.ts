import { and, asc, desc, eq, exists, gt, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { ZERO_ORE } from '@fordran/core';
import type { Db } from '../database';
import { cases, claims, communications, disputes, dunningCaseSteps, dunningPlans, dunningRuns, dunningSteps, organisations } from '../schema';
import type { DunningCaseStepRow, DunningPlanRow, DunningRunRow, DunningStepRow, NewDunningCaseStepRow, NewDunningStepRow } from '../types';
import type { CaseBatchStart } from './case-nightly';
import { realCaseCondition } from './template-qa';

/*
 * Dunning (issue 11): plans and their steps, runs, and the steps taken on cases — one row per
 * (case, step), the record that makes a step go out once.
 */

// ── plans ──────────────────────────────────────────────────────────────────────────────────────

/** The organisation's plan (creditorId null) or a creditor's own; undefined when there is none. */
export async function findDunningPlanRow(db: Db, orgId: string, creditorId: string | null): Promise<DunningPlanRow | undefined> {
  const creditor = creditorId === null ? isNull(dunningPlans.creditor_id) : eq(dunningPlans.creditor_id, creditorId);
  return (
    await db
      .select()
      .from(dunningPlans)
      .where(and(eq(dunningPlans.org_id, orgId), creditor))
      .orderBy(asc(dunningPlans.id))
      .limit(1)
  )[0];
}

/** Every plan of the organisation, its own first (creditor_id null), then by creditor. */
export function listDunningPlanRows(db: Db, orgId: string): Promise<DunningPlanRow[]> {
  return db
    .select()
    .from(dunningPlans)
    .where(eq(dunningPlans.org_id, orgId))
    .orderBy(sql`${dunningPlans.creditor_id} is not null`, asc(dunningPlans.creditor_id), asc(dunningPlans.id));
}

export async function insertDunningPlanRow(tx: Db, row: typeof dunningPlans.$inferInsert): Promise<DunningPlanRow> {
  return (await tx.insert(dunningPlans).values(row).returning())[0]!;
}

export async function touchDunningPlanRow(tx: Db, orgId: string, planId: string, at: string, by: string | null): Promise<void> {
  await tx
    .update(dunningPlans)
    .set({ updated_at: at, updated_by: by })
    .where(and(eq(dunningPlans.org_id, orgId), eq(dunningPlans.id, planId)));
}

/** Removes a creditor's own plan and its steps (its cases follow the organisation's plan again). */
export async function deleteDunningPlanRow(tx: Db, orgId: string, planId: string): Promise<void> {
  await tx.delete(dunningSteps).where(and(eq(dunningSteps.org_id, orgId), eq(dunningSteps.plan_id, planId)));
  await tx.delete(dunningPlans).where(and(eq(dunningPlans.org_id, orgId), eq(dunningPlans.id, planId)));
}

/** The organisations that have no plan of their own yet. */
export async function listOrganisationIdsWithoutDunningPlan(db: Db): Promise<string[]> {
  const own = db
    .select({ id: dunningPlans.id })
    .from(dunningPlans)
    .where(and(eq(dunningPlans.org_id, organisations.id), isNull(dunningPlans.creditor_id)));
  return (await db.select({ id: organisations.id }).from(organisations).where(notExists(own))).map((row) => row.id);
}

/** The steps of the organisation's plans, each plan's in order of days past due. */
export function listDunningStepRows(db: Db, orgId: string, planIds?: string[]): Promise<DunningStepRow[]> {
  const plans = planIds === undefined ? undefined : inArray(dunningSteps.plan_id, planIds);
  return db
    .select()
    .from(dunningSteps)
    .where(and(eq(dunningSteps.org_id, orgId), plans))
    .orderBy(asc(dunningSteps.plan_id), asc(dunningSteps.days_past_due));
}

export async function insertDunningStepRows(tx: Db, rows: NewDunningStepRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(dunningSteps).values(rows);
}

export async function updateDunningStepRow(tx: Db, orgId: string, id: string, set: Partial<NewDunningStepRow>): Promise<void> {
  await tx
    .update(dunningSteps)
    .set(set)
    .where(and(eq(dunningSteps.org_id, orgId), eq(dunningSteps.id, id)));
}

export async function deleteDunningStepRows(tx: Db, orgId: string, ids: string[]): Promise<void> {
  if (ids.length > 0) await tx.delete(dunningSteps).where(and(eq(dunningSteps.org_id, orgId), inArray(dunningSteps.id, ids)));
}

// ── runs ───────────────────────────────────────────────────────────────────────────────────────

export async function insertDunningRunRow(tx: Db, row: typeof dunningRuns.$inferInsert): Promise<DunningRunRow> {
  return (await tx.insert(dunningRuns).values(row).returning())[0]!;
}

/**
 * The day's scheduled run of an organisation, made by whichever instance comes first: undefined
 * when another has already made it (the unique (org_id, scheduled_for) index).
 */
export async function insertScheduledDunningRunRow(
  tx: Db,
  row: typeof dunningRuns.$inferInsert & { scheduled_for: string },
): Promise<DunningRunRow | undefined> {
  return (await tx.insert(dunningRuns).values(row).onConflictDoNothing().returning())[0];
}

/** The organisations whose run for `day` the server has started already. */
export async function listScheduledDunningOrgIds(db: Db, day: string): Promise<Set<string>> {
  return new Set((await db.select({ org_id: dunningRuns.org_id }).from(dunningRuns).where(eq(dunningRuns.scheduled_for, day))).map((row) => row.org_id));
}

export async function finishDunningRunRow(
  tx: Db,
  orgId: string,
  id: string,
  set: { finished_at: string; summary_json: Record<string, unknown>; failure: string | null },
): Promise<void> {
  await tx
    .update(dunningRuns)
    .set(set)
    .where(and(eq(dunningRuns.org_id, orgId), eq(dunningRuns.id, id)));
}

/** The latest runs of the organisation, newest first. */
export function listDunningRunRows(db: Db, orgId: string, limit: number): Promise<DunningRunRow[]> {
  return db.select().from(dunningRuns).where(eq(dunningRuns.org_id, orgId)).orderBy(desc(dunningRuns.started_at), desc(dunningRuns.id)).limit(limit);
}

// ── cases and the steps taken on them ──────────────────────────────────────────────────────────

/** The dunning statuses and stages: an active or paused case at intake, reminder or demand. */
const DUNNING_STAGES = ['intake', 'reminder', 'demand'] as const;

/**
 * A batch of real cases (never a template QA case) the dunning looks at, in id order (a range of the (org_id, status, id) index):
 * those that owe something, at a stage dunning handles, with what picking their step needs.
 */
export function listDunningCaseRows(tx: Db, start: CaseBatchStart, limit: number) {
  const openDispute = tx
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.org_id, cases.org_id), eq(disputes.case_id, cases.id), eq(disputes.status, 'open')));
  return tx
    .select({
      id: cases.id,
      status: cases.status,
      stage: cases.stage,
      creditor_id: cases.creditor_id,
      due_date: claims.due_date,
      disputed: sql<boolean>`${exists(openDispute)}`.mapWith(Boolean),
    })
    .from(cases)
    .innerJoin(claims, eq(claims.id, cases.claim_id))
    .where(
      and(
        eq(cases.org_id, start.orgId),
        eq(cases.status, start.status),
        gt(cases.id, start.afterId),
        realCaseCondition(),
        gt(cases.total_outstanding, ZERO_ORE),
        inArray(cases.stage, [...DUNNING_STAGES]),
      ),
    )
    .orderBy(asc(cases.id))
    .limit(limit);
}

export type DunningCaseRow = Awaited<ReturnType<typeof listDunningCaseRows>>[number];

/** The steps taken on these cases: which, and on which day. */
export function listDunningCaseStepRefs(db: Db, orgId: string, caseIds: string[]): Promise<{ case_id: string; step_id: string; as_of: string }[]> {
  if (caseIds.length === 0) return Promise.resolve([]);
  return db
    .select({ case_id: dunningCaseSteps.case_id, step_id: dunningCaseSteps.step_id, as_of: dunningCaseSteps.as_of })
    .from(dunningCaseSteps)
    .where(and(eq(dunningCaseSteps.org_id, orgId), inArray(dunningCaseSteps.case_id, caseIds)));
}

/** Records a step taken on a case; undefined when the case already has it (another run took it meanwhile). */
export async function insertDunningCaseStepRow(tx: Db, row: NewDunningCaseStepRow): Promise<DunningCaseStepRow | undefined> {
  return (await tx.insert(dunningCaseSteps).values(row).onConflictDoNothing().returning())[0];
}

/** A batch of the organisation's steps (or one case's) whose fee waits for its message, in id order after `afterId`, with the message's status. */
export function listWaitingDunningFeeRows(db: Db, orgId: string, afterId: string, limit: number, caseId?: string) {
  return db
    .select({
      id: dunningCaseSteps.id,
      case_id: dunningCaseSteps.case_id,
      fee_code: dunningCaseSteps.fee_code,
      template_code: dunningCaseSteps.template_code,
      communication_id: dunningCaseSteps.communication_id,
      message_status: communications.status,
    })
    .from(dunningCaseSteps)
    .innerJoin(communications, eq(communications.id, dunningCaseSteps.communication_id))
    .where(
      and(
        eq(dunningCaseSteps.org_id, orgId),
        eq(dunningCaseSteps.fee_status, 'waiting'),
        gt(dunningCaseSteps.id, afterId),
        caseId === undefined ? undefined : eq(dunningCaseSteps.case_id, caseId),
      ),
    )
    .orderBy(asc(dunningCaseSteps.id))
    .limit(limit);
}

export type WaitingDunningFeeRow = Awaited<ReturnType<typeof listWaitingDunningFeeRows>>[number];

/** Settles a waiting fee, only while it still waits (so two runs never both charge it); false when it no longer did. */
export async function settleDunningCaseStepFee(
  tx: Db,
  orgId: string,
  id: string,
  set: { fee_status: DunningCaseStepRow['fee_status']; fee_id: string | null; fee_note: string | null; updated_at: string },
): Promise<boolean> {
  const rows = await tx
    .update(dunningCaseSteps)
    .set(set)
    .where(and(eq(dunningCaseSteps.org_id, orgId), eq(dunningCaseSteps.id, id), eq(dunningCaseSteps.fee_status, 'waiting')))
    .returning({ id: dunningCaseSteps.id });
  return rows.length > 0;
}
