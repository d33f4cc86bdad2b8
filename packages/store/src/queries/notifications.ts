import { and, count, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../database';
import { notifications } from '../schema';
import type { NewNotificationRow, NotificationRow } from '../types';

/** Whose notifications: the member `userId` of `orgId` sees those addressed to them or to everyone (user_id null). */
export interface NotificationReader {
  orgId: string;
  userId: string;
}

function visibleTo(reader: NotificationReader): SQL | undefined {
  return and(eq(notifications.org_id, reader.orgId), or(eq(notifications.user_id, reader.userId), isNull(notifications.user_id)));
}

/** How many notifications the member has not read. */
export async function countUnreadNotificationRows(db: Db, reader: NotificationReader): Promise<number> {
  const rows = await db
    .select({ n: count().mapWith(Number) })
    .from(notifications)
    .where(and(visibleTo(reader), isNull(notifications.read_at)));
  return rows[0]?.n ?? 0;
}

/** The member's notifications, newest first. */
export function listNotificationRows(db: Db, reader: NotificationReader, limit: number): Promise<NotificationRow[]> {
  return db.select().from(notifications).where(visibleTo(reader)).orderBy(desc(notifications.created_at), desc(notifications.id)).limit(limit);
}

/** One notification the member sees; undefined otherwise (another member's or organisation's). */
export async function findVisibleNotificationRow(db: Db, reader: NotificationReader, id: string): Promise<NotificationRow | undefined> {
  return (
    await db
      .select()
      .from(notifications)
      .where(and(visibleTo(reader), eq(notifications.id, id)))
      .limit(1)
  )[0];
}

export async function markNotificationRowRead(tx: Db, id: string, readAt: string): Promise<void> {
  await tx.update(notifications).set({ read_at: readAt }).where(eq(notifications.id, id));
}

/** Marks every unread notification the member sees as read; returns how many. */
export async function markVisibleNotificationRowsRead(tx: Db, reader: NotificationReader, readAt: string): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ read_at: readAt })
    .where(and(visibleTo(reader), isNull(notifications.read_at)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function insertNotificationRow(tx: Db, row: NewNotificationRow): Promise<NotificationRow> {
  return (await tx.insert(notifications).values(row).returning())[0]!;
}
