import { DomainError } from '@fordran/core';
import {
  findSessionByTokenHash,
  findUserAccount,
  hasLiveSession,
  hasUnrevokedSession,
  hasVerifiedMfaFactor,
  insertSessionRow,
  isMemberOfMfaRequiringOrganisation,
  markSessionReplaced,
  revokeSessionFamily,
  uuidV7,
  type Db,
} from '@fordran/store';
import type { Actor, AppContext } from '../context';
import { instantAfter, nowMs } from '../clock';
import { appendUserAudit } from '../audit/audit-log';
import { parseInput } from '../schemas/zod-setup';
import { refreshTokenSchema, type RefreshTokenInput, type SessionResponse } from '../schemas/auth';
import { hashOpaqueToken, newOpaqueToken, signAccessToken, verifyAccessToken } from './tokens';

/*
 * Sessions: a sign-in starts a family of refresh tokens (family_id = the `sid` in access tokens).
 * Each refresh revokes the used token and issues its successor (replaced_by). Presenting a token
 * that was already replaced means it leaked (or two clients raced): the whole family is revoked
 * and everyone holding it signs in again. Access tokens are checked against the family on every
 * request, so signing out (or a detected reuse) ends them at once rather than after 15 minutes.
 */

async function isMfaExpected(db: Db, userId: string): Promise<boolean> {
  return (await hasVerifiedMfaFactor(db, userId)) || isMemberOfMfaRequiringOrganisation(db, userId);
}

/** Starts a new family for `userId` at `aal` and returns the tokens. Run inside a transaction. */
export async function startSession(tx: Db, app: AppContext, userId: string, aal: 'aal1' | 'aal2'): Promise<SessionResponse> {
  const user = await findUserAccount(tx, userId);
  if (!user) throw new DomainError('UNAUTHORIZED');
  // Not a row id but the session's id in its tokens (each row gets its own UUIDv7).
  const familyId = crypto.randomUUID();
  const refreshToken = newOpaqueToken();
  await insertSessionRow(tx, {
    user_id: userId,
    family_id: familyId,
    token_hash: hashOpaqueToken(refreshToken),
    aal,
    expires_at: instantAfter(app.clock, app.config.refreshTokenTtlSeconds),
    created_at: app.clock.now(),
  });
  return tokensFor(tx, app, user, familyId, aal, refreshToken);
}

async function tokensFor(
  db: Db,
  app: AppContext,
  user: { id: string; email: string },
  familyId: string,
  aal: 'aal1' | 'aal2',
  refreshToken: string,
): Promise<SessionResponse> {
  const expSeconds = Math.floor(nowMs(app.clock) / 1000) + app.config.accessTokenTtlSeconds;
  return {
    access_token: signAccessToken({ sub: user.id, sid: familyId, aal, exp: expSeconds }, app.config.secret),
    refresh_token: refreshToken,
    expires_at: new Date(expSeconds * 1000).toISOString(),
    aal,
    mfa_required: aal === 'aal1' && (await isMfaExpected(db, user.id)),
    user,
  };
}

/** Revokes every live token of a family (sign-out, reuse detection, step-up to aal2). */
export function revokeFamily(tx: Db, app: AppContext, familyId: string): Promise<void> {
  return revokeSessionFamily(tx, familyId, app.clock.now());
}

/** Exchanges a refresh token for a new pair (rotation). Reuse of a spent token revokes the family. */
export async function refreshSession(app: AppContext, input: RefreshTokenInput): Promise<SessionResponse> {
  const { refresh_token } = parseInput(refreshTokenSchema, input);
  const outcome = await app.database.transaction(async (tx): Promise<SessionResponse | 'invalid'> => {
    const row = await findSessionByTokenHash(tx, hashOpaqueToken(refresh_token));
    if (!row) return 'invalid';
    if (row.revoked_at !== null) {
      // Committed, not rolled back: the family stays revoked although this request fails.
      if (row.replaced_by !== null) await revokeFamily(tx, app, row.family_id);
      return 'invalid';
    }
    if (row.expires_at <= app.clock.now()) return 'invalid';
    const user = await findUserAccount(tx, row.user_id);
    if (!user) return 'invalid';

    const successor = newOpaqueToken();
    const successorId = uuidV7();
    await insertSessionRow(tx, {
      id: successorId,
      user_id: row.user_id,
      family_id: row.family_id,
      token_hash: hashOpaqueToken(successor),
      aal: row.aal,
      expires_at: instantAfter(app.clock, app.config.refreshTokenTtlSeconds),
      created_at: app.clock.now(),
    });
    await markSessionReplaced(tx, row.id, successorId, app.clock.now());
    return tokensFor(tx, app, user, row.family_id, row.aal, successor);
  });
  if (outcome === 'invalid') throw new DomainError('INVALID_REFRESH_TOKEN');
  return outcome;
}

/** Ends the session the refresh token belongs to. Unknown or spent tokens are a quiet no-op. */
export async function signOut(app: AppContext, input: RefreshTokenInput): Promise<void> {
  const { refresh_token } = parseInput(refreshTokenSchema, input);
  await app.database.transaction(async (tx) => {
    const row = await findSessionByTokenHash(tx, hashOpaqueToken(refresh_token));
    if (!row || !(await hasUnrevokedSession(tx, row.family_id))) return;
    await revokeFamily(tx, app, row.family_id);
    await appendUserAudit(tx, row.user_id, { event: 'auth.signed_out', entity: 'sessions', entity_id: row.family_id, created_at: app.clock.now() });
  });
}

/** The actor of an access token; UNAUTHORIZED when it is malformed, expired or its session ended. */
export async function authenticate(app: AppContext, accessToken: string): Promise<Actor> {
  const claims = verifyAccessToken(accessToken, app.config.secret, Math.floor(nowMs(app.clock) / 1000));
  if (!claims || (claims.aal !== 'aal1' && claims.aal !== 'aal2')) throw new DomainError('UNAUTHORIZED');
  if (!(await hasLiveSession(app.database.db, claims.sid, claims.sub, app.clock.now()))) throw new DomainError('UNAUTHORIZED');
  return { user_id: claims.sub, session_id: claims.sid, aal: claims.aal };
}
