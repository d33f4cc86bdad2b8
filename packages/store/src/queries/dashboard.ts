import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { cases, communications } from '../schema';
import { caseScopeCondition, type CaseScope } from './cases';
import { caseSegmentCondition, type CaseDay } from './case-list';
import { realCaseCondition } from './template-qa';

/** Σ total_outstanding (öre) of the cases in scope that are not closed (the 'unpaid' segment). */
export async function sumDashboardUnpaidOre(db: Db, scope: CaseScope, day: CaseDay): Promise<number> {
  const rows = await db
    .select({ total: sql<number>`coalesce(sum(${cases.total_outstanding}), 0)`.mapWith(Number) })
    .from(cases)
    .where(and(caseScopeCondition(scope), realCaseCondition(), caseSegmentCondition('unpaid', scope.orgId, day)));
  return rows[0]?.total ?? 0;
}

/** How many communications of the cases in scope were written at or after `since`. */
export async function countDashboardCommunications(db: Db, scope: CaseScope, since: string): Promise<number> {
  const rows = await db
    .select({ n: count().mapWith(Number) })
    .from(communications)
    .innerJoin(cases, eq(cases.id, communications.case_id))
    .where(and(eq(communications.org_id, scope.orgId), caseScopeCondition(scope), gte(communications.created_at, since)));
  return rows[0]?.n ?? 0;
}
