import { and, count, desc, eq, gt, gte, lt, min } from 'drizzle-orm';
import { DomainError } from '@fordran/core';
import { authAttempts, type DbOrTx } from '@fordran/store';
import type { AppContext } from '../context';
import { nowMs } from '../clock';

/*
 * Failed authentication attempts are rows in auth_attempts, so every server process sharing the
 * database agrees on the count. Limits (config.rateLimit): failed sign-ins per e-mail and per
 * client address, wrong MFA codes per factor, each within a sliding window. A success clears the
 * per-e-mail (per-factor) count — but never the per-address count, or one valid account would
 * let an attacker keep guessing others from the same address.
 */

export type AttemptKind = 'signin' | 'mfa';

interface Limit {
  kind: AttemptKind;
  /** Count failures with this subject (e-mail / factor id)… */
  subject?: string;
  /** …or from this client address. */
  ip?: string;
  max: number;
}

function windowStart(app: AppContext): string {
  return new Date(nowMs(app.clock) - app.config.rateLimit.windowSeconds * 1000).toISOString();
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

/** Failures counted against `limit` and the oldest of them (it decides when one frees up). */
function failures(app: AppContext, limit: Limit): { count: number; oldest: string | null } {
  const db = app.store.db;
  const conditions = [eq(authAttempts.kind, limit.kind), eq(authAttempts.succeeded, false), gt(authAttempts.created_at, windowStart(app))];
  if (limit.subject !== undefined) {
    conditions.push(eq(authAttempts.subject, limit.subject));
    // Failures in the same millisecond as the success still count (the safe side of a tie).
    const success = latestSuccess(db, limit.kind, limit.subject);
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

/**
 * Throws RATE_LIMITED (details.retry_after_seconds) when any limit is reached. Checked before
 * the password or code is looked at, so a locked-out guess learns nothing even when right.
 */
export function assertNotRateLimited(app: AppContext, limits: readonly Limit[]): void {
  for (const limit of limits) {
    const { count: failed, oldest } = failures(app, limit);
    if (failed >= limit.max) {
      const freesAtMs = oldest ? Date.parse(oldest) + app.config.rateLimit.windowSeconds * 1000 : nowMs(app.clock);
      const retryAfterSeconds = Math.max(1, Math.ceil((freesAtMs - nowMs(app.clock)) / 1000));
      throw new DomainError('RATE_LIMITED', undefined, { retry_after_seconds: retryAfterSeconds });
    }
  }
}

export function signInLimits(app: AppContext, email: string, ip: string | null): Limit[] {
  const limits: Limit[] = [{ kind: 'signin', subject: email, max: app.config.rateLimit.maxFailuresPerEmail }];
  if (ip) limits.push({ kind: 'signin', ip, max: app.config.rateLimit.maxFailuresPerIp });
  return limits;
}

export function mfaLimits(app: AppContext, factorId: string): Limit[] {
  return [{ kind: 'mfa', subject: factorId, max: app.config.rateLimit.maxFailuresPerFactor }];
}

/** Records one attempt (its own tiny write: a failure must persist although the request fails). */
export function recordAttempt(db: DbOrTx, attempt: { kind: AttemptKind; subject: string; ip: string | null; succeeded: boolean; at: string }): void {
  db.insert(authAttempts).values({ kind: attempt.kind, subject: attempt.subject, ip: attempt.ip, succeeded: attempt.succeeded, created_at: attempt.at }).run();
}

/** Forgets attempts older than a day (they no longer count for any window). */
export function pruneAttempts(db: DbOrTx, app: AppContext): void {
  const cutoff = new Date(nowMs(app.clock) - Math.max(24 * 3600, app.config.rateLimit.windowSeconds) * 1000).toISOString();
  db.delete(authAttempts).where(lt(authAttempts.created_at, cutoff)).run();
}
