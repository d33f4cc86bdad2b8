import { and, count, desc, eq, gt, gte, lt, min } from 'drizzle-orm';
import { DomainError } from '@fordran/core';
import { authAttempts, type DbOrTx } from '@fordran/store';
import type { AppContext } from '../context';
import { nowMs } from '../clock';

/*
 * Authentication attempts are rows in auth_attempts, so every server process sharing the
 * database agrees on the count. An attempt is *reserved* — the limits checked and its row
 * written in one write transaction — before the slow part (the password hash) starts, and counts
 * as failed until the check succeeds. So a burst of concurrent guesses is cut at the limit: each
 * one sees the rows of those before it, in this process or any other (config.rateLimit).
 *
 * Sign-in and MFA count failures: a success clears the per-e-mail (per-factor) count — but never
 * the per-address count, or one valid account would let an attacker keep guessing others from
 * the same address. Sign-up counts every attempt, per address and per e-mail.
 */

export type AttemptKind = 'signin' | 'mfa' | 'signup';

interface Limit {
  kind: AttemptKind;
  /** Count attempts with this subject (e-mail / factor id)… */
  subject?: string;
  /** …or from this client address. */
  ip?: string;
  max: number;
  windowSeconds: number;
  /** 'failures': unsuccessful attempts (since the subject's last success); 'all': every attempt. */
  counts: 'failures' | 'all';
}

export interface Attempt {
  kind: AttemptKind;
  subject: string;
  ip: string | null;
}

function isoSecondsAgo(app: AppContext, seconds: number): string {
  return new Date(nowMs(app.clock) - seconds * 1000).toISOString();
}

function latestSuccess(db: DbOrTx, kind: AttemptKind, subject: string): string | null {
  const row = db
    .select({ created_at: authAttempts.created_at })
    .from(authAttempts)
    .where(and(eq(authAttempts.kind, kind), eq(authAttempts.subject, subject), eq(authAttempts.succeeded, true)))
    .orderBy(desc(authAttempts.created_at))
    .limit(1)
    .get();
  return row?.created_at ?? null;
}

/** Attempts counted against `limit` and the oldest of them (it decides when one frees up). */
function counted(db: DbOrTx, app: AppContext, limit: Limit): { count: number; oldest: string | null } {
  const conditions = [eq(authAttempts.kind, limit.kind), gt(authAttempts.created_at, isoSecondsAgo(app, limit.windowSeconds))];
  if (limit.counts === 'failures') conditions.push(eq(authAttempts.succeeded, false));
  if (limit.subject !== undefined) {
    conditions.push(eq(authAttempts.subject, limit.subject));
    // Failures in the same millisecond as the success still count (the safe side of a tie).
    const success = limit.counts === 'failures' ? latestSuccess(db, limit.kind, limit.subject) : null;
    if (success) conditions.push(gte(authAttempts.created_at, success));
  }
  if (limit.ip !== undefined) conditions.push(eq(authAttempts.ip, limit.ip));
  const row = db
    .select({ count: count(), oldest: min(authAttempts.created_at) })
    .from(authAttempts)
    .where(and(...conditions))
    .get();
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

/** Throws RATE_LIMITED (details.retry_after_seconds) when any limit is reached. */
function assertWithinLimits(db: DbOrTx, app: AppContext, limits: readonly Limit[]): void {
  for (const limit of limits) {
    const { count: used, oldest } = counted(db, app, limit);
    if (used >= limit.max) {
      const freesAtMs = oldest ? Date.parse(oldest) + limit.windowSeconds * 1000 : nowMs(app.clock);
      const retryAfterSeconds = Math.max(1, Math.ceil((freesAtMs - nowMs(app.clock)) / 1000));
      throw new DomainError('RATE_LIMITED', undefined, { retry_after_seconds: retryAfterSeconds });
    }
  }
}

/**
 * Checks `limits` and records `attempt` as not (yet) succeeded; returns its id for
 * markAttemptSucceeded. Run it in a write transaction of its own (or the caller's) before the
 * password or code is looked at: a locked-out guess learns nothing even when right, and two
 * concurrent attempts never both take the last free place.
 */
export function reserveAttempt(tx: DbOrTx, app: AppContext, attempt: Attempt, limits: readonly Limit[]): string {
  assertWithinLimits(tx, app, limits);
  const id = crypto.randomUUID();
  tx.insert(authAttempts).values({ id, kind: attempt.kind, subject: attempt.subject, ip: attempt.ip, succeeded: false, created_at: app.clock.now() }).run();
  return id;
}

/** The reserved attempt succeeded: it clears its subject's failures (sign-in, MFA). */
export function markAttemptSucceeded(db: DbOrTx, attemptId: string): void {
  db.update(authAttempts).set({ succeeded: true }).where(eq(authAttempts.id, attemptId)).run();
}

export function signInLimits(app: AppContext, email: string, ip: string | null): Limit[] {
  const { windowSeconds, maxFailuresPerEmail, maxFailuresPerIp } = app.config.rateLimit;
  const limits: Limit[] = [{ kind: 'signin', subject: email, max: maxFailuresPerEmail, windowSeconds, counts: 'failures' }];
  if (ip) limits.push({ kind: 'signin', ip, max: maxFailuresPerIp, windowSeconds, counts: 'failures' });
  return limits;
}

export function mfaLimits(app: AppContext, factorId: string): Limit[] {
  const { windowSeconds, maxFailuresPerFactor } = app.config.rateLimit;
  return [{ kind: 'mfa', subject: factorId, max: maxFailuresPerFactor, windowSeconds, counts: 'failures' }];
}

export function signUpLimits(app: AppContext, email: string, ip: string | null): Limit[] {
  const { signUpWindowSeconds: windowSeconds, maxSignUpsPerEmail, maxSignUpsPerIp } = app.config.rateLimit;
  const limits: Limit[] = [{ kind: 'signup', subject: email, max: maxSignUpsPerEmail, windowSeconds, counts: 'all' }];
  if (ip) limits.push({ kind: 'signup', ip, max: maxSignUpsPerIp, windowSeconds, counts: 'all' });
  return limits;
}

/** Forgets attempts older than a day or the longest window (they no longer count anywhere). */
export function pruneAttempts(db: DbOrTx, app: AppContext): void {
  const { windowSeconds, signUpWindowSeconds } = app.config.rateLimit;
  db.delete(authAttempts)
    .where(lt(authAttempts.created_at, isoSecondsAgo(app, Math.max(24 * 3600, windowSeconds, signUpWindowSeconds))))
    .run();
}
