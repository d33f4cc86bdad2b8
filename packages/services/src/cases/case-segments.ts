import { and, gt, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { ore, type IsoDate } from '@fordran/core';
import { caseFlags, cases, claims } from '@fordran/store';
import { swedishDayBounds } from '../clock';
import type { CaseSegment } from '@fordran/core';

/**
 * The cases behind each dashboard figure, as one condition on `cases` that the dashboard counts
 * with and the case list filters by — so a tile's figure and the list it links to always agree.
 * `today` is the Swedish calendar day.
 */
export function caseSegmentCondition(segment: CaseSegment, orgId: string, today: IsoDate): SQL {
  const open = ne(cases.status, 'closed');
  switch (segment) {
    case 'in_work':
      return inArray(cases.status, ['active', 'on_hold']);
    case 'unpaid':
      return open;
    case 'new_today': {
      const day = swedishDayBounds(today);
      return and(gte(cases.created_at, day.start), lt(cases.created_at, day.end))!;
    }
    case 'overdue':
      // The due date is the claim's: a subquery on the claims index keeps this a filter of `cases`.
      return and(
        open,
        gt(cases.total_outstanding, ore(0)),
        sql`${cases.claim_id} IN (SELECT ${claims.id} FROM ${claims} WHERE ${claims.org_id} = ${orgId} AND ${claims.due_date} < ${today})`,
      )!;
  }
}

/** Cases with an unresolved rule flag. */
export function flaggedCaseCondition(orgId: string): SQL {
  return sql`EXISTS (SELECT 1 FROM ${caseFlags} WHERE ${caseFlags.org_id} = ${orgId} AND ${caseFlags.case_id} = ${cases.id} AND ${caseFlags.resolved_at} IS NULL)`;
}
