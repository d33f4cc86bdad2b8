import { and, count, desc, eq, isNull, or } from 'drizzle-orm';
import { DomainError } from '@fordran/core';
import { notifications, type DbOrTx, type NotificationRow } from '@fordran/store';
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
function visibleTo(ctx: OrgContext) {
  return and(eq(notifications.org_id, ctx.membership.org_id), or(eq(notifications.user_id, ctx.actor.user_id), isNull(notifications.user_id)));
}

/** How many notifications the member has not read (the bell's and the dashboard's count). */
export function countUnreadNotifications(ctx: OrgContext): number {
  requirePermission(ctx, 'notifications.read');
  return (
    ctx.app.store.db
      .select({ n: count() })
      .from(notifications)
      .where(and(visibleTo(ctx), isNull(notifications.read_at)))
      .get()?.n ?? 0
  );
}

/** Newest first, with the unread count. */
export function listNotifications(ctx: OrgContext, query: unknown = {}): NotificationListResponse {
  requirePermission(ctx, 'notifications.read');
  const { limit } = parseInput(limitQuerySchema, query);
  const rows = ctx.app.store.db
    .select()
    .from(notifications)
    .where(visibleTo(ctx))
    .orderBy(desc(notifications.created_at), desc(notifications.id))
    .limit(limit)
    .all();
  return { notifications: rows.map(toNotification), unread_count: countUnreadNotifications(ctx) };
}

/**
 * Marks one notification read. read_at is one column per notification (spec part 1 §3), so a
 * notification for everyone is read for everyone once one member reads it.
 */
export function markNotificationRead(ctx: OrgContext, notificationId: string): NotificationResponse {
  requirePermission(ctx, 'notifications.read');
  const now = ctx.app.clock.now();
  return ctx.app.store.transaction((tx) => {
    const row = tx
      .select()
      .from(notifications)
      .where(and(visibleTo(ctx), eq(notifications.id, notificationId)))
      .get();
    if (!row) throw new DomainError('NOT_FOUND');
    if (row.read_at !== null) return toNotification(row);
    tx.update(notifications).set({ read_at: now }).where(eq(notifications.id, row.id)).run();
    appendAudit(tx, {
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
export function markAllNotificationsRead(ctx: OrgContext): { updated: number } {
  requirePermission(ctx, 'notifications.read');
  const now = ctx.app.clock.now();
  return ctx.app.store.transaction((tx) => {
    const result = tx
      .update(notifications)
      .set({ read_at: now })
      .where(and(visibleTo(ctx), isNull(notifications.read_at)))
      .run();
    const updated = result.changes;
    if (updated > 0) {
      appendAudit(tx, {
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
 * `publishNotification` after the transaction commits (never announce what might roll back).
 */
export function insertNotification(tx: DbOrTx, app: AppContext, input: NotifyInput, actorId: string | null = null): NotificationRow {
  const value = parseInput(notifyInputSchema, input);
  const now = app.clock.now();
  const id = crypto.randomUUID();
  const row: NotificationRow = {
    id,
    org_id: value.org_id,
    user_id: value.user_id ?? null,
    type: value.type,
    message: value.message,
    link: value.link ?? null,
    read_at: null,
    created_at: now,
  };
  tx.insert(notifications).values(row).run();
  appendAudit(tx, {
    org_id: row.org_id,
    actor_id: actorId,
    event: 'notification.created',
    entity: 'notifications',
    entity_id: id,
    payload: { type: row.type, user_id: row.user_id },
    created_at: now,
  });
  return row;
}

/** Announces a committed notification to the organisation's live listeners (SSE). */
export function publishNotification(app: AppContext, row: NotificationRow): void {
  app.events.publish({ type: 'notification', org_id: row.org_id, user_id: row.user_id, data: toNotification(row) });
}

/** Raises a notification in its own transaction and publishes it. */
export function notify(app: AppContext, input: NotifyInput, actorId: string | null = null): NotificationResponse {
  const row = app.store.transaction((tx) => insertNotification(tx, app, input, actorId));
  publishNotification(app, row);
  return toNotification(row);
}
