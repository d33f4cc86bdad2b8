import { and, asc, count, eq, isNull, lt, or } from 'drizzle-orm';
import { DomainError } from '@fordran/core';
import { mfaChallenges, mfaFactors, users, type MfaFactorRow } from '@fordran/store';
import type { UserContext } from '../context';
import { instantAfter, nowMs } from '../clock';
import { hasVerifiedFactor, requireUser } from '../access/membership';
import { appendUserAudit } from '../audit/audit-log';
import { parseInput } from '../schemas/zod-setup';
import {
  mfaEnrollSchema,
  mfaVerifySchema,
  type MfaChallengeResponse,
  type MfaEnrollInput,
  type MfaEnrollResponse,
  type MfaFactorResponse,
  type MfaVerifyInput,
  type SessionResponse,
} from '../schemas/auth';
import { newTotpSecret, totpStep, totpUri } from './totp';
import { markAttemptSucceeded, mfaLimits, reserveAttempt } from './rate-limit';
import { revokeFamily, startSession } from './sessions';

/** At most this many factors per user (verified ones, plus the enrolment in progress). */
const MAX_FACTORS = 10;

function toFactor(row: MfaFactorRow): MfaFactorResponse {
  return { id: row.id, type: 'totp', friendly_name: row.friendly_name, status: row.status, created_at: row.created_at };
}

function ownFactor(ctx: UserContext, factorId: string): MfaFactorRow {
  const row = ctx.app.store.db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.user_id, ctx.actor.user_id)))
    .get();
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

export function listFactors(ctx: UserContext): { factors: MfaFactorResponse[] } {
  const user = requireUser(ctx);
  const rows = ctx.app.store.db.select().from(mfaFactors).where(eq(mfaFactors.user_id, user.actor.user_id)).orderBy(asc(mfaFactors.created_at)).all();
  return { factors: rows.map(toFactor) };
}

/**
 * Starts a TOTP enrolment: an unverified factor, its secret and the otpauth:// URI for a QR code;
 * an earlier unfinished enrolment is dropped. Once a user has a verified factor, adding another
 * needs an aal2 session (else a stolen password could add the thief's phone).
 */
export function enrollFactor(ctx: UserContext, input: MfaEnrollInput = {}): MfaEnrollResponse {
  const user = requireUser(ctx);
  const { friendly_name } = parseInput(mfaEnrollSchema, input);
  const app = ctx.app;
  const userId = user.actor.user_id;
  if (user.actor.aal !== 'aal2' && hasVerifiedFactor(app.store.db, userId)) throw new DomainError('MFA_REQUIRED');
  return app.store.transaction((tx) => {
    // One enrolment at a time: a new one replaces any left unfinished (a closed tab, an abandoned
    // sign-in step). An unverified factor never protected anything, so nothing is lost.
    tx.delete(mfaFactors)
      .where(and(eq(mfaFactors.user_id, userId), eq(mfaFactors.status, 'unverified')))
      .run();
    const existing = tx.select({ n: count() }).from(mfaFactors).where(eq(mfaFactors.user_id, userId)).get();
    if ((existing?.n ?? 0) >= MAX_FACTORS) {
      throw new DomainError('CONFLICT', 'Du har för många registrerade faktorer; ta bort en först');
    }
    const account = tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
    if (!account) throw new DomainError('UNAUTHORIZED');
    const secret = newTotpSecret();
    const id = crypto.randomUUID();
    const now = app.clock.now();
    tx.insert(mfaFactors)
      .values({ id, user_id: userId, type: 'totp', friendly_name: friendly_name || null, secret, status: 'unverified', created_at: now, updated_at: now })
      .run();
    appendUserAudit(tx, userId, { event: 'mfa.factor_enrolled', entity: 'mfa_factors', entity_id: id, created_at: now });
    return { id, type: 'totp', secret, otpauth_uri: totpUri(secret, account.email) };
  });
}

/** Opens a challenge against one of the user's factors (verified within config.mfaChallengeTtlSeconds). */
export function challengeFactor(ctx: UserContext, factorId: string): MfaChallengeResponse {
  const user = requireUser(ctx);
  const factor = ownFactor(user, factorId);
  const expiresAt = instantAfter(ctx.app.clock, ctx.app.config.mfaChallengeTtlSeconds);
  const id = crypto.randomUUID();
  ctx.app.store.db.insert(mfaChallenges).values({ id, factor_id: factor.id, expires_at: expiresAt, created_at: ctx.app.clock.now() }).run();
  return { challenge_id: id, expires_at: expiresAt };
}

/**
 * Verifies a TOTP code against a challenge. The first success marks the factor verified. The
 * current session is ended and a new aal2 session is returned (so the old aal1 refresh token can
 * no longer be used). Wrong codes are rate limited per factor, and a code is accepted once: its
 * time step, and every earlier one, is refused afterwards, whatever the challenge. One write
 * transaction: the limit, the code, the step and the session are decided together, so two
 * requests with the same code (in any process) never both succeed.
 */
export function verifyFactor(ctx: UserContext, factorId: string, input: MfaVerifyInput): SessionResponse {
  const user = requireUser(ctx);
  const { challenge_id, code } = parseInput(mfaVerifySchema, input);
  const app = ctx.app;
  const outcome = app.store.transaction((tx): SessionResponse | 'wrong-code' => {
    // One connection: this read is inside the transaction.
    const factor = ownFactor(user, factorId);
    const attemptId = reserveAttempt(tx, app, { kind: 'mfa', subject: factor.id, ip: null }, mfaLimits(app, factor.id));
    const challenge = tx
      .select()
      .from(mfaChallenges)
      .where(and(eq(mfaChallenges.id, challenge_id), eq(mfaChallenges.factor_id, factor.id)))
      .get();
    const now = app.clock.now();
    // An expired challenge is no guess at the code: the throw rolls its reservation back.
    if (!challenge || challenge.verified_at !== null || challenge.expires_at <= now) {
      throw new DomainError('INVALID_MFA_CODE', 'Verifieringen har gått ut, begär en ny kod');
    }
    const step = totpStep(factor.secret, code, nowMs(app.clock));
    if (step === null) return 'wrong-code';
    const stepIsNew = tx
      .update(mfaFactors)
      .set({ last_used_step: step, updated_at: now, ...(factor.status !== 'verified' ? { status: 'verified' as const } : {}) })
      .where(and(eq(mfaFactors.id, factor.id), or(isNull(mfaFactors.last_used_step), lt(mfaFactors.last_used_step, step))))
      .run();
    if (stepIsNew.changes === 0) return 'wrong-code';
    markAttemptSucceeded(tx, attemptId);
    tx.update(mfaChallenges).set({ verified_at: now }).where(eq(mfaChallenges.id, challenge.id)).run();
    revokeFamily(tx, app, user.actor.session_id);
    appendUserAudit(tx, user.actor.user_id, { event: 'mfa.verified', entity: 'mfa_factors', entity_id: factor.id, created_at: now });
    return startSession(tx, app, user.actor.user_id, 'aal2');
  });
  if (outcome === 'wrong-code') throw new DomainError('INVALID_MFA_CODE');
  return outcome;
}

/** Removes a factor. A verified factor can only be removed from an aal2 session. */
export function unenrollFactor(ctx: UserContext, factorId: string): void {
  const user = requireUser(ctx);
  const factor = ownFactor(user, factorId);
  if (factor.status === 'verified' && user.actor.aal !== 'aal2') throw new DomainError('MFA_REQUIRED');
  const now = ctx.app.clock.now();
  ctx.app.store.transaction((tx) => {
    tx.delete(mfaFactors).where(eq(mfaFactors.id, factor.id)).run();
    appendUserAudit(tx, user.actor.user_id, { event: 'mfa.factor_removed', entity: 'mfa_factors', entity_id: factor.id, created_at: now });
  });
}
