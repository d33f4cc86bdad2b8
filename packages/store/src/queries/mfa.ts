import { and, asc, count, eq, isNull, lt, or } from 'drizzle-orm';
import { mfaChallenges, mfaFactors } from '../schema';
import type { Db } from '../database';
import type { MfaChallengeRow, MfaFactorRow, NewMfaChallengeRow, NewMfaFactorRow } from '../types';

/** True when the user has a verified second factor. */
export async function hasVerifiedMfaFactor(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: mfaFactors.id })
    .from(mfaFactors)
    .where(and(eq(mfaFactors.user_id, userId), eq(mfaFactors.status, 'verified')))
    .limit(1);
  return rows.length > 0;
}

/** The user's own factor with this id, if any. */
export async function findUserMfaFactor(db: Db, userId: string, factorId: string): Promise<MfaFactorRow | undefined> {
  const rows = await db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.user_id, userId)))
    .limit(1);
  return rows[0];
}

/** The user's factors, oldest first. */
export function listUserMfaFactors(db: Db, userId: string): Promise<MfaFactorRow[]> {
  return db.select().from(mfaFactors).where(eq(mfaFactors.user_id, userId)).orderBy(asc(mfaFactors.created_at), asc(mfaFactors.id));
}

export async function countUserMfaFactors(db: Db, userId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(mfaFactors).where(eq(mfaFactors.user_id, userId));
  return rows[0]?.n ?? 0;
}

export async function deleteUnverifiedMfaFactors(tx: Db, userId: string): Promise<void> {
  await tx.delete(mfaFactors).where(and(eq(mfaFactors.user_id, userId), eq(mfaFactors.status, 'unverified')));
}

export async function insertMfaFactor(tx: Db, row: NewMfaFactorRow): Promise<void> {
  await tx.insert(mfaFactors).values(row);
}

export async function deleteMfaFactor(tx: Db, factorId: string): Promise<void> {
  await tx.delete(mfaFactors).where(eq(mfaFactors.id, factorId));
}

/**
 * Records `step` as the factor's last accepted TOTP step (and marks it verified) unless that step
 * or a later one was accepted before; true when it was recorded.
 */
export async function recordMfaFactorStep(tx: Db, factorId: string, step: number, now: string): Promise<boolean> {
  const rows = await tx
    .update(mfaFactors)
    .set({ last_used_step: step, updated_at: now, status: 'verified' })
    .where(and(eq(mfaFactors.id, factorId), or(isNull(mfaFactors.last_used_step), lt(mfaFactors.last_used_step, step))))
    .returning({ id: mfaFactors.id });
  return rows.length > 0;
}

export async function insertMfaChallenge(tx: Db, row: NewMfaChallengeRow): Promise<void> {
  await tx.insert(mfaChallenges).values(row);
}

/** The challenge with this id against this factor, if any. */
export async function findMfaChallenge(db: Db, factorId: string, challengeId: string): Promise<MfaChallengeRow | undefined> {
  const rows = await db
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.id, challengeId), eq(mfaChallenges.factor_id, factorId)))
    .limit(1);
  return rows[0];
}

export async function markMfaChallengeVerified(tx: Db, challengeId: string, now: string): Promise<void> {
  await tx.update(mfaChallenges).set({ verified_at: now }).where(eq(mfaChallenges.id, challengeId));
}
