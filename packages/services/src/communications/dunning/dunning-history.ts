import { findUserNameRow, listDunningRunRows } from '@fordran/store';
import { requireScopePermission, type OrgScope } from '../../access/operator';
import { dunningRunSummarySchema, type DunningRunListResponse } from '../../schemas/dunning';

const RECENT_RUNS = 30;

/** The organisation's latest runs, newest first, with their counts and who started them (null: the server's daily run or the CLI). */
export async function listDunningRuns(ctx: OrgScope): Promise<DunningRunListResponse> {
  requireScopePermission(ctx, 'dunning.read');
  const db = ctx.app.database.db;
  const rows = await listDunningRunRows(db, ctx.membership.org_id, RECENT_RUNS);
  const names = new Map<string, string>();
  for (const userId of new Set(rows.flatMap((row) => (row.started_by ? [row.started_by] : [])))) {
    const user = await findUserNameRow(db, userId);
    if (user) names.set(userId, user.full_name ?? user.email);
  }
  return {
    items: rows.map((row) => {
      const summary = dunningRunSummarySchema.safeParse(row.summary_json);
      return {
        id: row.id,
        as_of: row.as_of,
        scheduled: row.scheduled_for !== null,
        started_by: row.started_by ? (names.get(row.started_by) ?? null) : null,
        started_at: row.started_at,
        finished_at: row.finished_at,
        failure: row.failure,
        summary: summary.success ? summary.data : null,
      };
    }),
  };
}
