import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { auditLogs, cases, commChannelsSettings, communications, creditors, onboardingSteps, payments } from '../schema';
import type { Db } from '../database';
import type { NewOnboardingStepRow, OnboardingStepRow } from '../types';

/** Adds the steps the organisation does not have yet. */
export async function insertOnboardingSteps(tx: Db, rows: NewOnboardingStepRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(onboardingSteps).values(rows).onConflictDoNothing();
}

export function listOnboardingStepRows(db: Db, orgId: string): Promise<OnboardingStepRow[]> {
  return db.select().from(onboardingSteps).where(eq(onboardingSteps.org_id, orgId));
}

/** Writes one step's state (insert or update on org_id + step_code); returns the row. */
export async function upsertOnboardingStep(
  tx: Db,
  row: Pick<OnboardingStepRow, 'org_id' | 'step_code' | 'completed' | 'completed_at' | 'completed_by'>,
): Promise<OnboardingStepRow> {
  const { completed, completed_at, completed_by } = row;
  const written = await tx
    .insert(onboardingSteps)
    .values(row)
    .onConflictDoUpdate({ target: [onboardingSteps.org_id, onboardingSteps.step_code], set: { completed, completed_at, completed_by } })
    .returning();
  return written[0]!;
}

async function exists(db: Db, table: SQLiteTable, where: SQL | undefined): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(1);
  return rows.length > 0;
}

/** The tenant tables whose first row shows an onboarding step done. */
const EVIDENCE_TABLES = { creditors, cases, communications, payments } as const;

/** True when the organisation has a row in the table. */
export function organisationHasRows(db: Db, orgId: string, table: keyof typeof EVIDENCE_TABLES): Promise<boolean> {
  const chosen = EVIDENCE_TABLES[table];
  return exists(db, chosen, eq(chosen.org_id, orgId));
}

/** True when the organisation has an active communication channel. */
export function organisationHasActiveChannel(db: Db, orgId: string): Promise<boolean> {
  return exists(db, commChannelsSettings, and(eq(commChannelsSettings.org_id, orgId), eq(commChannelsSettings.is_active, true)));
}

/** True when a member (not the system) wrote one of these audit events in the organisation. */
export function memberWroteAuditEvent(db: Db, orgId: string, events: string[]): Promise<boolean> {
  return exists(db, auditLogs, and(eq(auditLogs.org_id, orgId), inArray(auditLogs.event, events), isNotNull(auditLogs.actor_id)));
}
