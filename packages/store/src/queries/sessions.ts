import { and, eq, gt, isNull } from 'drizzle-orm';
import { sessions } from '../schema';
import type { Db } from '../database';
import type { NewSessionRow, SessionRow } from '../types';

export async function insertSessionRow(tx: Db, row: NewSessionRow): Promise<void> {
  await tx.insert(sessions).values(row);
}

/** The refresh token stored under this hash, if any. */
export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  return (await db.select().from(sessions).where(eq(sessions.token_hash, tokenHash)).limit(1))[0];
}

/** Revokes every unrevoked token of a family. */
export async function revokeSessionFamily(tx: Db, familyId: string, now: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revoked_at: now })
    .where(and(eq(sessions.family_id, familyId), isNull(sessions.revoked_at)));
}

/** Revokes one used refresh token and points it at its successor. */
export async function markSessionReplaced(tx: Db, sessionId: string, successorId: string, now: string): Promise<void> {
  await tx.update(sessions).set({ revoked_at: now, replaced_by: successorId }).where(eq(sessions.id, sessionId));
}

/** True while the family has an unrevoked token (expired or not). */
export async function hasUnrevokedSession(db: Db, familyId: string): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.family_id, familyId), isNull(sessions.revoked_at)))
    .limit(1);
  return rows.length > 0;
}

/** True while the user's family has an unrevoked token that expires after `now`. */
export async function hasLiveSession(db: Db, familyId: string, userId: string, now: string): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.family_id, familyId), eq(sessions.user_id, userId), isNull(sessions.revoked_at), gt(sessions.expires_at, now)))
    .limit(1);
  return rows.length > 0;
}
