import { and, count, eq, gt, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { ore, oreToDecimal, startOfHalfYear, type IsoDate } from '@fordran/core';
import { cases, claims, communications, jobQueue, referenceRates } from '@fordran/store';
import type { OrgContext } from '../context';
import { nowMs, swedishDateOfInstant } from '../clock';
import { requirePermission } from '../access/membership';
import type { DashboardResponse } from '../schemas/dashboard';

/** The "messages" tile counts communications of this many most recent days. */
export const DASHBOARD_MESSAGE_DAYS = 30;

const HOUR_MS = 3_600_000;

/** [start, end) of a Swedish calendar day as ISO instants (handles CET/CEST). */
export function swedishDayBounds(date: IsoDate): { start: string; end: string } {
  const startOf = (day: IsoDate): string => {
    const utcMidnight = Date.parse(`${day}T00:00:00.000Z`);
    // Stockholm is UTC+1 or UTC+2: its midnight is 1–2 hours before UTC midnight.
    for (const offset of [2, 1, 0]) {
      const candidate = utcMidnight - offset * HOUR_MS;
      if (swedishDateOfInstant(new Date(candidate)) === day && swedishDateOfInstant(new Date(candidate - 1)) !== day) {
        return new Date(candidate).toISOString();
      }
    }
    return new Date(utcMidnight).toISOString();
  };
  const next = new Date(Date.parse(`${date}T00:00:00.000Z`) + 24 * HOUR_MS).toISOString().slice(0, 10);
  return { start: startOf(date), end: startOf(next) };
}

/**
 * The six dashboard tiles from the organisation's real data (spec part 1 §2 shows placeholders;
 * issue 3 asks for real figures). A `client` member sees only its creditor's cases.
 * - cases in work: status active or on_hold;
 * - unpaid: Σ total_outstanding of cases that are not closed;
 * - new today: cases created on today's Swedish calendar day;
 * - overdue: not-closed cases whose claim's due date is before today and that still owe something;
 * - messages: communications created in the last 30 days (the debtor correspondence of the
 *   organisation; unread notifications have their own count on /notifications);
 * - system health: error when background jobs failed, warning when the Riksbank reference rate
 *   of the current half-year is missing (interest cannot be computed), else ok.
 */
export function getDashboard(ctx: OrgContext): DashboardResponse {
  requirePermission(ctx, 'dashboard.read');
  const db = ctx.app.store.db;
  const orgId = ctx.membership.org_id;
  const today = ctx.app.clock.today();
  const scope: SQL[] = [eq(cases.org_id, orgId)];
  if (ctx.membership.role === 'client') {
    scope.push(ctx.membership.creditor_id ? eq(cases.creditor_id, ctx.membership.creditor_id) : sql`1 = 0`);
  }
  const open = ne(cases.status, 'closed');

  const casesInWork =
    db
      .select({ n: count() })
      .from(cases)
      .where(and(...scope, inArray(cases.status, ['active', 'on_hold'])))
      .get()?.n ?? 0;

  const unpaidOre =
    db
      .select({ total: sql<number>`coalesce(sum(${cases.total_outstanding}), 0)`.mapWith(Number) })
      .from(cases)
      .where(and(...scope, open))
      .get()?.total ?? 0;

  const day = swedishDayBounds(today);
  const newToday =
    db
      .select({ n: count() })
      .from(cases)
      .where(and(...scope, gte(cases.created_at, day.start), lt(cases.created_at, day.end)))
      .get()?.n ?? 0;

  const overdue =
    db
      .select({ n: count() })
      .from(cases)
      .innerJoin(claims, eq(claims.id, cases.claim_id))
      .where(and(...scope, open, lt(claims.due_date, today), gt(cases.total_outstanding, ore(0))))
      .get()?.n ?? 0;

  const since = new Date(nowMs(ctx.app.clock) - DASHBOARD_MESSAGE_DAYS * 24 * HOUR_MS).toISOString();
  const messages =
    db
      .select({ n: count() })
      .from(communications)
      .innerJoin(cases, eq(cases.id, communications.case_id))
      .where(and(eq(communications.org_id, orgId), ...scope, gte(communications.created_at, since)))
      .get()?.n ?? 0;

  const problems: { level: 'warning' | 'error'; text: string }[] = [];
  const failedJobs =
    db
      .select({ n: count() })
      .from(jobQueue)
      .where(and(eq(jobQueue.org_id, orgId), eq(jobQueue.status, 'failed')))
      .get()?.n ?? 0;
  if (failedJobs > 0)
    problems.push({ level: 'error', text: failedJobs === 1 ? '1 bakgrundsjobb har misslyckats' : `${failedJobs} bakgrundsjobb har misslyckats` });
  const halfYear = startOfHalfYear(today);
  const rate = db.select({ id: referenceRates.id }).from(referenceRates).where(eq(referenceRates.valid_from, halfYear)).get();
  if (!rate) problems.push({ level: 'warning', text: `Referensränta saknas för halvåret som börjar ${halfYear}` });

  const health = problems.some((p) => p.level === 'error') ? 'error' : problems.length > 0 ? 'warning' : 'ok';
  return {
    cases_in_work: casesInWork,
    unpaid_amount: oreToDecimal(ore(unpaidOre)),
    new_today: newToday,
    overdue,
    messages,
    system_health: health,
    ...(problems.length > 0 ? { system_health_details: problems.map((p) => p.text).join('; ') } : {}),
  };
}
