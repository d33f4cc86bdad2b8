import { DomainError } from '@fordran/core';
import { countAuthAttempts, deleteAuthAttemptsBefore, insertAuthAttempt, latestAuthAttemptSuccess, uuidV7, type Db } from '@fordran/store';
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
 * the same address. Sign-up counts every attempt, per address and per e-mail; so does the debtor
 * portal's BankID start, per address and per personnummer.
 */

export type AttemptKind = 'signin' | 'mfa' | 'signup' | 'bankid';

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

/** Attempts counted against `limit` and the oldest of them (it decides when one frees up). */
async function counted(db: Db, app: AppContext, limit: Limit): Promise<{ count: number; oldest: string | null }> {
  // Failures in the same millisecond as the success still count (the safe side of a tie).
  const success = limit.subject !== undefined && limit.counts === 'failures' ? await latestAuthAttemptSuccess(db, limit.kind, limit.subject) : null;
  return countAuthAttempts(db, {
    kind: limit.kind,
    after: isoSecondsAgo(app, limit.windowSeconds),
    failuresOnly: limit.counts === 'failures',
    ...(limit.subject !== undefined ? { subject: limit.subject } : {}),
    ...(success ? { notBefore: success } : {}),
    ...(limit.ip !== undefined ? { ip: limit.ip } : {}),
  });
}

/** Throws RATE_LIMITED (details.retry_after_seconds) when any limit is reached. */
async function assertWithinLimits(db: Db, app: AppContext, limits: readonly Limit[]): Promise<void> {
  for (const limit of limits) {
    const { count: used, oldest } = await counted(db, app, limit);
    if (used >= limit.max) {
      const freesAtMs = oldest ? Date.parse(oldest) + limit.windowSeconds * 1000 : nowMs(app.clock);
      const retryAfterSeconds = Math.max(1, Math.ceil((freesAtMs - nowMs(app.clock)) / 1000));
      throw new DomainError('RATE_LIMITED', undefined, { retry_after_seconds: retryAfterSeconds });
    }
  }
}

/**
 * Checks `limits` and records `attempt` as not (yet) succeeded; returns its id for
 * markAuthAttemptSucceeded (a success clears its subject's failures: sign-in, MFA). Run it in a
 * write transaction of its own (or the caller's) before the password or code is looked at: a
 * locked-out guess learns nothing even when right, and two concurrent attempts never both take
 * the last free place.
 */
export async function reserveAttempt(tx: Db, app: AppContext, attempt: Attempt, limits: readonly Limit[]): Promise<string> {
  await assertWithinLimits(tx, app, limits);
  const id = uuidV7();
  await insertAuthAttempt(tx, { id, kind: attempt.kind, subject: attempt.subject, ip: attempt.ip, succeeded: false, created_at: app.clock.now() });
  return id;
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

/** Portal BankID starts: every start counts, per personnummer (its hash) and per client address. */
export function bankIdInitLimits(app: AppContext, nationalIdHash: string, ip: string | null): Limit[] {
  const { initWindowSeconds: windowSeconds, maxInitsPerNationalId, maxInitsPerIp } = app.config.portal;
  const limits: Limit[] = [{ kind: 'bankid', subject: nationalIdHash, max: maxInitsPerNationalId, windowSeconds, counts: 'all' }];
  if (ip) limits.push({ kind: 'bankid', ip, max: maxInitsPerIp, windowSeconds, counts: 'all' });
  return limits;
}

/** Forgets attempts older than a day or the longest window (they no longer count anywhere). */
export function pruneAttempts(tx: Db, app: AppContext): Promise<void> {
  const { windowSeconds, signUpWindowSeconds } = app.config.rateLimit;
  return deleteAuthAttemptsBefore(tx, isoSecondsAgo(app, Math.max(24 * 3600, windowSeconds, signUpWindowSeconds)));
}
