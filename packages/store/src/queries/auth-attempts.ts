import { and, count, desc, eq, gt, gte, lt, min, type SQL } from 'drizzle-orm';
import { authAttempts } from '../schema';
import type { Db } from '../database';
import type { AuthAttemptRow, NewAuthAttemptRow } from '../types';

/** Which attempts a rate limit counts. */
export interface AuthAttemptFilter {
  kind: AuthAttemptRow['kind'];
  /** Attempts after this instant (the window). */
  after: string;
  /** Only the unsuccessful ones. */
  failuresOnly: boolean;
  subject?: string;
  /** Attempts at or after this instant (the subject's last success). */
  notBefore?: string;
  ip?: string;
}

/** When the subject last succeeded, if ever. */
export async function latestAuthAttemptSuccess(db: Db, kind: AuthAttemptRow['kind'], subject: string): Promise<string | null> {
  const rows = await db
    .select({ created_at: authAttempts.created_at })
    .from(authAttempts)
    .where(and(eq(authAttempts.kind, kind), eq(authAttempts.subject, subject), eq(authAttempts.succeeded, true)))
    .orderBy(desc(authAttempts.created_at))
    .limit(1);
  return rows[0]?.created_at ?? null;
}

/** How many attempts match `filter`, and when the oldest of them was made. */
export async function countAuthAttempts(db: Db, filter: AuthAttemptFilter): Promise<{ count: number; oldest: string | null }> {
  const conditions: SQL[] = [eq(authAttempts.kind, filter.kind), gt(authAttempts.created_at, filter.after)];
  if (filter.failuresOnly) conditions.push(eq(authAttempts.succeeded, false));
  if (filter.subject !== undefined) conditions.push(eq(authAttempts.subject, filter.subject));
  if (filter.notBefore !== undefined) conditions.push(gte(authAttempts.created_at, filter.notBefore));
  if (filter.ip !== undefined) conditions.push(eq(authAttempts.ip, filter.ip));
  const rows = await db
    .select({ count: count(), oldest: min(authAttempts.created_at) })
    .from(authAttempts)
    .where(and(...conditions));
  return { count: rows[0]?.count ?? 0, oldest: rows[0]?.oldest ?? null };
}

export async function insertAuthAttempt(tx: Db, row: NewAuthAttemptRow): Promise<void> {
  await tx.insert(authAttempts).values(row);
}

export async function markAuthAttemptSucceeded(tx: Db, attemptId: string): Promise<void> {
  await tx.update(authAttempts).set({ succeeded: true }).where(eq(authAttempts.id, attemptId));
}

/** Deletes the attempts made before `instant`. */
export async function deleteAuthAttemptsBefore(tx: Db, instant: string): Promise<void> {
  await tx.delete(authAttempts).where(lt(authAttempts.created_at, instant));
}
