import { DomainError, LAWSUIT_STATUS_LABELS, type LawsuitStatus } from '@fordran/core';
import { findLawsuitRow, lockLawsuitRow, type Db, type LawsuitRow, type NotificationRow } from '@fordran/store';
import type { OrgScope } from '../access/operator';
import type { AppContext } from '../context';
import { insertNotification } from '../notifications/notifications';
import { parseInput } from '../schemas/zod-setup';
import { uuidSchema } from '../schemas/values';

export const LAWSUIT_NOT_FOUND_MESSAGE = 'Tvistemålet hittades inte';

/** One of the organisation's lawsuits, or NOT_FOUND (another organisation's id included). */
export async function readLawsuit(db: Db, ctx: OrgScope, lawsuitId: string): Promise<LawsuitRow> {
  const row = await findLawsuitRow(db, ctx.membership.org_id, parseInput(uuidSchema, lawsuitId));
  if (!row) throw new DomainError('NOT_FOUND', LAWSUIT_NOT_FOUND_MESSAGE);
  return row;
}

/**
 * One of the organisation's lawsuits read for a change in transaction `tx`, its row locked until
 * the transaction ends: a status change, a deadline added and the nightly reminder of the same
 * lawsuit never overwrite each other's deadlines or status. NOT_FOUND as `readLawsuit`.
 */
export async function lockLawsuit(tx: Db, ctx: OrgScope, lawsuitId: string): Promise<LawsuitRow> {
  const row = await lockLawsuitRow(tx, ctx.membership.org_id, parseInput(uuidSchema, lawsuitId));
  if (!row) throw new DomainError('NOT_FOUND', LAWSUIT_NOT_FOUND_MESSAGE);
  return row;
}

/** A lawsuit that is over: nothing is filed, served or reminded any more. */
export const LAWSUIT_ENDED_STATUSES: readonly LawsuitStatus[] = ['closed', 'failed'];

export function lawsuitStatusLabel(status: LawsuitStatus): string {
  return LAWSUIT_STATUS_LABELS[status];
}

/**
 * Tells whoever follows a lawsuit: the member who opened it (on the lawsuit page) and the case's
 * handler (on the case page, as handlers do not read lawsuits), not the one who acted, and the
 * whole organisation when nobody is named (a lawsuit opened from the CLI on a case without a
 * handler). Inserted in the caller's transaction; publish once committed.
 */
export async function noticeOfLawsuit(
  tx: Db,
  app: AppContext,
  target: { lawsuit: LawsuitRow; handler_id: string | null },
  message: string,
  actorId: string | null,
  type: 'info' | 'warning' = 'info',
): Promise<NotificationRow[]> {
  const { lawsuit } = target;
  const recipients = new Map<string | null, string>();
  if (lawsuit.created_by) recipients.set(lawsuit.created_by, `/lawsuits/${lawsuit.id}`);
  if (target.handler_id && !recipients.has(target.handler_id)) recipients.set(target.handler_id, `/cases/${lawsuit.case_id}`);
  if (actorId !== null) recipients.delete(actorId);
  if (recipients.size === 0 && actorId === null) recipients.set(null, `/lawsuits/${lawsuit.id}`);
  const rows: NotificationRow[] = [];
  for (const [user_id, link] of recipients) {
    rows.push(await insertNotification(tx, app, { org_id: lawsuit.org_id, user_id, type, message, link }, actorId));
  }
  return rows;
}
