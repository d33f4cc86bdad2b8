import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../database';
import { caseFlags } from '../schema';
import type { CaseFlagRow, NewCaseFlagRow } from '../types';

/** Id and rule code of a case's unresolved flags. */
export function listOpenCaseFlagRefs(db: Db, orgId: string, caseId: string): Promise<{ id: string; rule_code: string }[]> {
  return db
    .select({ id: caseFlags.id, rule_code: caseFlags.rule_code })
    .from(caseFlags)
    .where(and(eq(caseFlags.org_id, orgId), eq(caseFlags.case_id, caseId), isNull(caseFlags.resolved_at)));
}

/** A case's unresolved flags, newest first (ties by id). */
export function listOpenCaseFlagRows(db: Db, orgId: string, caseId: string): Promise<CaseFlagRow[]> {
  return db
    .select()
    .from(caseFlags)
    .where(and(eq(caseFlags.org_id, orgId), eq(caseFlags.case_id, caseId), isNull(caseFlags.resolved_at)))
    .orderBy(desc(caseFlags.created_at), desc(caseFlags.id));
}

/** Case id and rule code of the unresolved flags of `caseIds`. */
export function listOpenFlagCodesOfCases(db: Db, orgId: string, caseIds: string[]): Promise<{ case_id: string; rule_code: string }[]> {
  if (caseIds.length === 0) return Promise.resolve([]);
  return db
    .select({ case_id: caseFlags.case_id, rule_code: caseFlags.rule_code })
    .from(caseFlags)
    .where(and(eq(caseFlags.org_id, orgId), inArray(caseFlags.case_id, caseIds), isNull(caseFlags.resolved_at)));
}

/** How many unresolved flags each of `caseIds` has, per level (cases without any are absent). */
export function countOpenCaseFlagsByLevel(db: Db, orgId: string, caseIds: string[]) {
  if (caseIds.length === 0) return Promise.resolve([]);
  return db
    .select({ case_id: caseFlags.case_id, level: caseFlags.level, n: count() })
    .from(caseFlags)
    .where(and(eq(caseFlags.org_id, orgId), inArray(caseFlags.case_id, caseIds), isNull(caseFlags.resolved_at)))
    .groupBy(caseFlags.case_id, caseFlags.level);
}

/** Inserts flags (unresolved); their ids follow the order given. */
export async function insertCaseFlagRows(tx: Db, rows: NewCaseFlagRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(caseFlags).values(rows);
}

export async function findCaseFlagRow(db: Db, orgId: string, caseId: string, flagId: string): Promise<CaseFlagRow | undefined> {
  return (
    await db
      .select()
      .from(caseFlags)
      .where(and(eq(caseFlags.org_id, orgId), eq(caseFlags.case_id, caseId), eq(caseFlags.id, flagId)))
      .limit(1)
  )[0];
}

/** Marks an unresolved flag resolved; undefined when it already was. */
export async function resolveCaseFlagRow(
  tx: Db,
  orgId: string,
  flagId: string,
  resolvedAt: string,
  resolvedBy: string | null,
): Promise<CaseFlagRow | undefined> {
  return (
    await tx
      .update(caseFlags)
      .set({ resolved_at: resolvedAt, resolved_by: resolvedBy })
      .where(and(eq(caseFlags.org_id, orgId), eq(caseFlags.id, flagId), isNull(caseFlags.resolved_at)))
      .returning()
  )[0];
}
