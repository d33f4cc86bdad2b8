import { DomainError } from '@fordran/core';
import {
  countUserMfaFactors,
  deleteMfaFactor,
  deleteUnverifiedMfaFactors,
  findMfaChallenge,
  findUserAccount,
  findUserMfaFactor,
  hasVerifiedMfaFactor,
  insertMfaChallenge,
  insertMfaFactor,
  listUserMfaFactors,
  markAuthAttemptSucceeded,
  markMfaChallengeVerified,
  recordMfaFactorStep,
  uuidV7,
  type Db,
  type MfaFactorRow,
} from '@fordran/store';
import type { UserContext } from '../context';
import { instantAfter, nowMs } from '../clock';
import { requireUser } from '../access/membership';
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
import { mfaLimits, reserveAttempt } from './rate-limit';
import { revokeFamily, startSession } from './sessions';

/** At most this many factors per user (verified ones, plus the enrolment in progress). */
const MAX_FACTORS = 10;

function toFactor(row: MfaFactorRow): MfaFactorResponse {
  return { id: row.id, type: 'totp', friendly_name: row.friendly_name, status: row.status, created_at: row.created_at };
}

async function ownFactor(db: Db, ctx: UserContext, factorId: string): Promise<MfaFactorRow> {
  const row = await findUserMfaFactor(db, ctx.actor.user_id, factorId);
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

export async function listFactors(ctx: UserContext): Promise<{ factors: MfaFactorResponse[] }> {
  const user = requireUser(ctx);
  const rows = await listUserMfaFactors(ctx.app.database.db, user.actor.user_id);
  return { factors: rows.map(toFactor) };
}

/**
 * Starts a TOTP enrolment: an unverified factor, its secret and the otpauth:// URI for a QR code;
 * an earlier unfinished enrolment is dropped. Once a user has a verified factor, adding another
 * needs an aal2 session (else a stolen password could add the thief's phone).
 */
export async function enrollFactor(ctx: UserContext, input: MfaEnrollInput = {}): Promise<MfaEnrollResponse> {
  const user = requireUser(ctx);
  const { friendly_name } = parseInput(mfaEnrollSchema, input);
  const app = ctx.app;
  const userId = user.actor.user_id;
  if (user.actor.aal !== 'aal2' && (await hasVerifiedMfaFactor(app.database.db, userId))) throw new DomainError('MFA_REQUIRED');
  return app.database.transaction(async (tx) => {
    // One enrolment at a time: a new one replaces any left unfinished (a closed tab, an abandoned
    // sign-in step). An unverified factor never protected anything, so nothing is lost.
    await deleteUnverifiedMfaFactors(tx, userId);
    if ((await countUserMfaFactors(tx, userId)) >= MAX_FACTORS) {
      throw new DomainError('CONFLICT', 'Du har för många registrerade faktorer; ta bort en först');
    }
    const account = await findUserAccount(tx, userId);
    if (!account) throw new DomainError('UNAUTHORIZED');
    const secret = newTotpSecret();
    const id = uuidV7();
    const now = app.clock.now();
    await insertMfaFactor(tx, {
      id,
      user_id: userId,
      type: 'totp',
      friendly_name: friendly_name || null,
      secret,
      status: 'unverified',
      created_at: now,
      updated_at: now,
    });
    await appendUserAudit(tx, userId, { event: 'mfa.factor_enrolled', entity: 'mfa_factors', entity_id: id, created_at: now });
    return { id, type: 'totp', secret, otpauth_uri: totpUri(secret, account.email) };
  });
}

/** Opens a challenge against one of the user's factors (verified within config.mfaChallengeTtlSeconds). */
export async function challengeFactor(ctx: UserContext, factorId: string): Promise<MfaChallengeResponse> {
  const user = requireUser(ctx);
  const factor = await ownFactor(ctx.app.database.db, user, factorId);
  const expiresAt = instantAfter(ctx.app.clock, ctx.app.config.mfaChallengeTtlSeconds);
  const id = uuidV7();
  await ctx.app.database.transaction((tx) => insertMfaChallenge(tx, { id, factor_id: factor.id, expires_at: expiresAt, created_at: ctx.app.clock.now() }));
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
export async function verifyFactor(ctx: UserContext, factorId: string, input: MfaVerifyInput): Promise<SessionResponse> {
  const user = requireUser(ctx);
  const { challenge_id, code } = parseInput(mfaVerifySchema, input);
  const app = ctx.app;
  const outcome = await app.database.transaction(async (tx): Promise<SessionResponse | 'wrong-code'> => {
    const factor = await ownFactor(tx, user, factorId);
    const attemptId = await reserveAttempt(tx, app, { kind: 'mfa', subject: factor.id, ip: null }, mfaLimits(app, factor.id));
    const challenge = await findMfaChallenge(tx, factor.id, challenge_id);
    const now = app.clock.now();
    // An expired challenge is no guess at the code: the throw rolls its reservation back.
    if (!challenge || challenge.verified_at !== null || challenge.expires_at <= now) {
      throw new DomainError('INVALID_MFA_CODE', 'Verifieringen har gått ut, begär en ny kod');
    }
    const step = totpStep(factor.secret, code, nowMs(app.clock));
    if (step === null) return 'wrong-code';
    if (!(await recordMfaFactorStep(tx, factor.id, step, now))) return 'wrong-code';
    await markAuthAttemptSucceeded(tx, attemptId);
    await markMfaChallengeVerified(tx, challenge.id, now);
    await revokeFamily(tx, app, user.actor.session_id);
    await appendUserAudit(tx, user.actor.user_id, { event: 'mfa.verified', entity: 'mfa_factors', entity_id: factor.id, created_at: now });
    return startSession(tx, app, user.actor.user_id, 'aal2');
  });
  if (outcome === 'wrong-code') throw new DomainError('INVALID_MFA_CODE');
  return outcome;
}

/** Removes a factor. A verified factor can only be removed from an aal2 session. */
export async function unenrollFactor(ctx: UserContext, factorId: string): Promise<void> {
  const user = requireUser(ctx);
  const factor = await ownFactor(ctx.app.database.db, user, factorId);
  if (factor.status === 'verified' && user.actor.aal !== 'aal2') throw new DomainError('MFA_REQUIRED');
  const now = ctx.app.clock.now();
  await ctx.app.database.transaction(async (tx) => {
    await deleteMfaFactor(tx, factor.id);
    await appendUserAudit(tx, user.actor.user_id, { event: 'mfa.factor_removed', entity: 'mfa_factors', entity_id: factor.id, created_at: now });
  });
}
