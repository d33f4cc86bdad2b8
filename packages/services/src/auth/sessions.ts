import { and, eq, gt, isNull } from 'drizzle-orm';
import { DomainError } from '@fordran/core';
import { organisations, sessions, userOrgRoles, users, type DbOrTx } from '@fordran/store';
import type { Actor, AppContext } from '../context';
import { instantAfter, nowMs } from '../clock';
import { hasVerifiedFactor } from '../access/membership';
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

function isMfaExpected(db: DbOrTx, userId: string): boolean {
  if (hasVerifiedFactor(db, userId)) return true;
  const requiring = db
    .select({ id: organisations.id })
    .from(userOrgRoles)
    .innerJoin(organisations, eq(organisations.id, userOrgRoles.org_id))
    .where(and(eq(userOrgRoles.user_id, userId), eq(organisations.require_mfa, true)))
    .limit(1)
    .get();
  return requiring !== undefined;
}

/** Starts a new family for `userId` at `aal` and returns the tokens. Run inside a transaction. */
export function startSession(tx: DbOrTx, app: AppContext, userId: string, aal: 'aal1' | 'aal2'): SessionResponse {
  const user = tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).get();
  if (!user) throw new DomainError('UNAUTHORIZED');
  const familyId = crypto.randomUUID();
  const refreshToken = newOpaqueToken();
  tx.insert(sessions)
    .values({
      user_id: userId,
      family_id: familyId,
      token_hash: hashOpaqueToken(refreshToken),
      aal,
      expires_at: instantAfter(app.clock, app.config.refreshTokenTtlSeconds),
      created_at: app.clock.now(),
    })
    .run();
  return tokensFor(tx, app, user, familyId, aal, refreshToken);
}

function tokensFor(
  db: DbOrTx,
  app: AppContext,
  user: { id: string; email: string },
  familyId: string,
  aal: 'aal1' | 'aal2',
  refreshToken: string,
): SessionResponse {
  const expSeconds = Math.floor(nowMs(app.clock) / 1000) + app.config.accessTokenTtlSeconds;
  return {
    access_token: signAccessToken({ sub: user.id, sid: familyId, aal, exp: expSeconds }, app.config.secret),
    refresh_token: refreshToken,
    expires_at: new Date(expSeconds * 1000).toISOString(),
    aal,
    mfa_required: aal === 'aal1' && isMfaExpected(db, user.id),
    user,
  };
}

/** Revokes every live token of a family (sign-out, reuse detection, step-up to aal2). */
export function revokeFamily(db: DbOrTx, app: AppContext, familyId: string): void {
  db.update(sessions)
    .set({ revoked_at: app.clock.now() })
    .where(and(eq(sessions.family_id, familyId), isNull(sessions.revoked_at)))
    .run();
}

/** Exchanges a refresh token for a new pair (rotation). Reuse of a spent token revokes the family. */
export function refreshSession(app: AppContext, input: RefreshTokenInput): SessionResponse {
  const { refresh_token } = parseInput(refreshTokenSchema, input);
  const outcome = app.store.transaction((tx): SessionResponse | 'invalid' => {
    const row = tx
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, hashOpaqueToken(refresh_token)))
      .get();
    if (!row) return 'invalid';
    if (row.revoked_at !== null) {
      // Committed, not rolled back: the family stays revoked although this request fails.
      if (row.replaced_by !== null) revokeFamily(tx, app, row.family_id);
      return 'invalid';
    }
    if (row.expires_at <= app.clock.now()) return 'invalid';
    const user = tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, row.user_id)).get();
    if (!user) return 'invalid';

    const successor = newOpaqueToken();
    const successorId = crypto.randomUUID();
    tx.insert(sessions)
      .values({
        id: successorId,
        user_id: row.user_id,
        family_id: row.family_id,
        token_hash: hashOpaqueToken(successor),
        aal: row.aal,
        expires_at: instantAfter(app.clock, app.config.refreshTokenTtlSeconds),
        created_at: app.clock.now(),
      })
      .run();
    tx.update(sessions).set({ revoked_at: app.clock.now(), replaced_by: successorId }).where(eq(sessions.id, row.id)).run();
    return tokensFor(tx, app, user, row.family_id, row.aal, successor);
  });
  if (outcome === 'invalid') throw new DomainError('INVALID_REFRESH_TOKEN');
  return outcome;
}

/** Ends the session the refresh token belongs to. Unknown or spent tokens are a quiet no-op. */
export function signOut(app: AppContext, input: RefreshTokenInput): void {
  const { refresh_token } = parseInput(refreshTokenSchema, input);
  app.store.transaction((tx) => {
    const row = tx
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, hashOpaqueToken(refresh_token)))
      .get();
    if (!row) return;
    const live = tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.family_id, row.family_id), isNull(sessions.revoked_at)))
      .get();
    if (!live) return;
    revokeFamily(tx, app, row.family_id);
    appendUserAudit(tx, row.user_id, { event: 'auth.signed_out', entity: 'sessions', entity_id: row.family_id, created_at: app.clock.now() });
  });
}

/** True while the family has an unrevoked, unexpired refresh token. */
function isFamilyLive(db: DbOrTx, app: AppContext, familyId: string, userId: string): boolean {
  const row = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.family_id, familyId), eq(sessions.user_id, userId), isNull(sessions.revoked_at), gt(sessions.expires_at, app.clock.now())))
    .limit(1)
    .get();
  return row !== undefined;
}

/** The actor of an access token; UNAUTHORIZED when it is malformed, expired or its session ended. */
export function authenticate(app: AppContext, accessToken: string): Actor {
  const claims = verifyAccessToken(accessToken, app.config.secret, Math.floor(nowMs(app.clock) / 1000));
  if (!claims || (claims.aal !== 'aal1' && claims.aal !== 'aal2')) throw new DomainError('UNAUTHORIZED');
  if (!isFamilyLive(app.store.db, app, claims.sid, claims.sub)) throw new DomainError('UNAUTHORIZED');
  return { user_id: claims.sub, session_id: claims.sid, aal: claims.aal };
}
