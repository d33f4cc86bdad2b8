import { DomainError } from '@fordran/core';
import {
  afterCommit,
  countUnreadNotificationRows,
  findVisibleNotificationRow,
  insertNotificationRow,
  listNotificationRows,
  markNotificationRowRead,
  markVisibleNotificationRowsRead,
  type Db,
  type NotificationReader,
  type NotificationRow,
} from '@fordran/store';
import type { AppContext, OrgContext } from '../context';
import { requirePermission } from '../access/membership';
import { appendAudit } from '../audit/audit-log';
import { parseInput } from '../schemas/zod-setup';
import { limitQuerySchema } from '../schemas/common';
import { notifyInputSchema, type NotificationListResponse, type NotificationResponse, type NotifyInput } from '../schemas/notifications';

function toNotification(row: NotificationRow): NotificationResponse {
  return { id: row.id, type: row.type, message: row.message, link: row.link, read_at: row.read_at, created_at: row.created_at, user_id: row.user_id };
}

/** Notifications the member sees: addressed to them or to everyone (user_id null), spec part 1 §6. */
function readerOf(ctx: OrgContext): NotificationReader {
  return { orgId: ctx.membership.org_id, userId: ctx.actor.user_id };
}

/** How many notifications the member has not read (the bell's and the dashboard's count). */
export async function countUnreadNotifications(ctx: OrgContext): Promise<number> {
  requirePermission(ctx, 'notifications.read');
  return countUnreadNotificationRows(ctx.app.database.db, readerOf(ctx));
}

/** Newest first, with the unread count. */
export async function listNotifications(ctx: OrgContext, query: unknown = {}): Promise<NotificationListResponse> {
  requirePermission(ctx, 'notifications.read');
  const { limit } = parseInput(limitQuerySchema, query);
  const [rows, unreadCount] = await Promise.all([listNotificationRows(ctx.app.database.db, readerOf(ctx), limit), countUnreadNotifications(ctx)]);
  return { notifications: rows.map(toNotification), unread_count: unreadCount };
}

/**
 * Marks one notification read. read_at is one column per notification (spec part 1 §3), so a
 * notification for everyone is read for everyone once one member reads it.
 */
export async function markNotificationRead(ctx: OrgContext, notificationId: string): Promise<NotificationResponse> {
  requirePermission(ctx, 'notifications.read');
  const now = ctx.app.clock.now();
  return ctx.app.database.transaction(async (tx) => {
    const row = await findVisibleNotificationRow(tx, readerOf(ctx), notificationId);
    if (!row) throw new DomainError('NOT_FOUND');
    if (row.read_at !== null) return toNotification(row);
    await markNotificationRowRead(tx, row.id, now);
    await appendAudit(tx, {
      org_id: row.org_id,
      actor_id: ctx.actor.user_id,
      event: 'notification.read',
      entity: 'notifications',
      entity_id: row.id,
      created_at: now,
    });
    return toNotification({ ...row, read_at: now });
  });
}

/** Marks every unread notification the member sees as read ('Markera alla som lästa'). */
export async function markAllNotificationsRead(ctx: OrgContext): Promise<{ updated: number }> {
  requirePermission(ctx, 'notifications.read');
  const now = ctx.app.clock.now();
  return ctx.app.database.transaction(async (tx) => {
    const updated = await markVisibleNotificationRowsRead(tx, readerOf(ctx), now);
    if (updated > 0) {
      await appendAudit(tx, {
        org_id: ctx.membership.org_id,
        actor_id: ctx.actor.user_id,
        event: 'notification.read_all',
        entity: 'notifications',
        payload: { updated },
        created_at: now,
      });
    }
    return { updated };
  });
}

/**
 * Inserts a notification inside the caller's transaction and returns it; publish it with
 * `publishNotification` (in the same transaction or after it: it is announced once committed).
 */
export async function insertNotification(tx: Db, app: AppContext, input: NotifyInput, actorId: string | null = null): Promise<NotificationRow> {
  const value = parseInput(notifyInputSchema, input);
  const now = app.clock.now();
  const row = await insertNotificationRow(tx, {
    org_id: value.org_id,
    user_id: value.user_id ?? null,
    type: value.type,
    message: value.message,
    link: value.link ?? null,
    read_at: null,
    created_at: now,
  });
  await appendAudit(tx, {
    org_id: row.org_id,
    actor_id: actorId,
    event: 'notification.created',
    entity: 'notifications',
    entity_id: row.id,
    payload: { type: row.type, user_id: row.user_id },
    created_at: now,
  });
  return row;
}

/**
 * Announces a notification to the organisation's live listeners (SSE): inside a transaction once
 * it has committed (never announce what might roll back), outside one at once.
 */
export function publishNotification(app: AppContext, row: NotificationRow): void {
  afterCommit(() => app.events.publish({ type: 'notification', org_id: row.org_id, user_id: row.user_id, data: toNotification(row) }));
}

/** Raises a notification in its own transaction and publishes it. */
export async function notify(app: AppContext, input: NotifyInput, actorId: string | null = null): Promise<NotificationResponse> {
  const row = await app.database.transaction(async (tx) => {
    const inserted = await insertNotification(tx, app, input, actorId);
    publishNotification(app, inserted);
    return inserted;
  });
  return toNotification(row);
}
