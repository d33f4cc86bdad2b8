import { ore, oreToDecimal, startOfHalfYear, type CaseSegment } from '@fordran/core';
import { countCaseSummaryRows, countDashboardCommunications, countJobRowsByStatus, findReferenceRate, sumDashboardUnpaidOre } from '@fordran/store';
import type { OrgContext } from '../context';
import { nowMs } from '../clock';
import { requirePermission } from '../access/membership';
import { caseScopeOf } from '../cases/case-scope';
import { caseDayOf } from '../cases/case-segments';
import { countUnreadNotifications } from '../notifications/notifications';
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
export async function getDashboard(ctx: OrgContext): Promise<DashboardResponse> {
  requirePermission(ctx, 'dashboard.read');
  const db = ctx.app.database.db;
  const orgId = ctx.membership.org_id;
  const today = ctx.app.clock.today();
  const scope = caseScopeOf(ctx);
  const day = caseDayOf(today);
  const countOf = (segment: CaseSegment) => countCaseSummaryRows(db, { scope, day, segment });
  const since = new Date(nowMs(ctx.app.clock) - DASHBOARD_MESSAGE_DAYS * 24 * HOUR_MS).toISOString();
  const halfYear = startOfHalfYear(today);
  const [inWork, unpaidOre, newToday, overdue, messages, unread, jobCounts, rate] = await Promise.all([
    countOf('in_work'),
    sumDashboardUnpaidOre(db, scope, day),
    countOf('new_today'),
    countOf('overdue'),
    countDashboardCommunications(db, scope, since),
    countUnreadNotifications(ctx),
    countJobRowsByStatus(db, orgId),
    findReferenceRate(db, halfYear),
  ]);

  const problems: { level: 'warning' | 'error'; text: string; link: string }[] = [];
  const failedJobs = jobCounts.find((row) => row.status === 'failed')?.n ?? 0;
  if (failedJobs > 0) {
    // The job queue is shown on the bank reconciliation page.
    problems.push({
      level: 'error',
      text: failedJobs === 1 ? '1 bakgrundsjobb har misslyckats' : `${failedJobs} bakgrundsjobb har misslyckats`,
      link: '/bank-reconciliation',
    });
  }
  if (!rate) problems.push({ level: 'warning', text: `Referensränta saknas för halvåret som börjar ${halfYear}`, link: '/finance' });

  const health = problems.some((p) => p.level === 'error') ? 'error' : problems.length > 0 ? 'warning' : 'ok';
  return {
    cases_in_work: inWork,
    unpaid_amount: oreToDecimal(ore(unpaidOre)),
    new_today: newToday,
    overdue,
    messages,
    unread_notifications: unread,
    system_health: health,
    ...(problems.length > 0 ? { system_health_details: problems.map((p) => p.text).join('; '), system_health_link: problems[0]!.link } : {}),
  };
}
