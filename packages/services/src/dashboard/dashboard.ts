import { and, count, eq, gte, sql } from 'drizzle-orm';
import { ore, oreToDecimal, startOfHalfYear } from '@fordran/core';
import { cases, communications, jobQueue, referenceRates } from '@fordran/store';
import type { OrgContext } from '../context';
import { nowMs } from '../clock';
import { requirePermission } from '../access/membership';
import { caseScope } from '../cases/case-scope';
import { caseSegmentCondition } from '../cases/case-segments';
import { countUnreadNotifications } from '../notifications/notifications';
import type { CaseSegment } from '@fordran/core';
import type { DashboardResponse } from '../schemas/dashboard';

/** The "messages" tile counts communications of this many most recent days. */
export const DASHBOARD_MESSAGE_DAYS = 30;

const HOUR_MS = 3_600_000;

/**
 * The six dashboard tiles from the organisation's real data (spec part 1 §2 shows placeholders;
 * issue 3 asks for real figures). A `client` member sees only its creditor's cases. The case
 * figures are the case list's segments (case-segments.ts), so a tile links to what it counts.
 * - cases in work: status active or on_hold;
 * - unpaid: Σ total_outstanding of cases that are not closed;
 * - new today: cases created on today's Swedish calendar day;
 * - overdue: not-closed cases whose claim's due date is before today and that still owe something;
 * - messages: the member's unread notifications (what the bell counts), and the communications
 *   of the last 30 days (the debtor correspondence of the organisation);
 * - system health: error when background jobs failed, warning when the Riksbank reference rate
 *   of the current half-year is missing (interest cannot be computed), else ok; with the page
 *   where the first problem is dealt with.
 */
export function getDashboard(ctx: OrgContext): DashboardResponse {
  requirePermission(ctx, 'dashboard.read');
  const db = ctx.app.store.db;
  const orgId = ctx.membership.org_id;
  const today = ctx.app.clock.today();
  const scope = caseScope(ctx);
  const countOf = (segment: CaseSegment) =>
    db
      .select({ n: count() })
      .from(cases)
      .where(and(scope, caseSegmentCondition(segment, orgId, today)))
      .get()?.n ?? 0;

  const unpaidOre =
    db
      .select({ total: sql<number>`coalesce(sum(${cases.total_outstanding}), 0)`.mapWith(Number) })
      .from(cases)
      .where(and(scope, caseSegmentCondition('unpaid', orgId, today)))
      .get()?.total ?? 0;

  const since = new Date(nowMs(ctx.app.clock) - DASHBOARD_MESSAGE_DAYS * 24 * HOUR_MS).toISOString();
  const messages =
    db
      .select({ n: count() })
      .from(communications)
      .innerJoin(cases, eq(cases.id, communications.case_id))
      .where(and(eq(communications.org_id, orgId), scope, gte(communications.created_at, since)))
      .get()?.n ?? 0;

  const problems: { level: 'warning' | 'error'; text: string; link: string }[] = [];
  const failedJobs =
    db
      .select({ n: count() })
      .from(jobQueue)
      .where(and(eq(jobQueue.org_id, orgId), eq(jobQueue.status, 'failed')))
      .get()?.n ?? 0;
  if (failedJobs > 0) {
    // The job queue is shown on the bank reconciliation page.
    problems.push({
      level: 'error',
      text: failedJobs === 1 ? '1 bakgrundsjobb har misslyckats' : `${failedJobs} bakgrundsjobb har misslyckats`,
      link: '/bank-reconciliation',
    });
  }
  const halfYear = startOfHalfYear(today);
  const rate = db.select({ id: referenceRates.id }).from(referenceRates).where(eq(referenceRates.valid_from, halfYear)).get();
  if (!rate) problems.push({ level: 'warning', text: `Referensränta saknas för halvåret som börjar ${halfYear}`, link: '/finance' });

  const health = problems.some((p) => p.level === 'error') ? 'error' : problems.length > 0 ? 'warning' : 'ok';
  return {
    cases_in_work: countOf('in_work'),
    unpaid_amount: oreToDecimal(ore(unpaidOre)),
    new_today: countOf('new_today'),
    overdue: countOf('overdue'),
    messages,
    unread_notifications: countUnreadNotifications(ctx),
    system_health: health,
    ...(problems.length > 0 ? { system_health_details: problems.map((p) => p.text).join('; '), system_health_link: problems[0]!.link } : {}),
  };
}
