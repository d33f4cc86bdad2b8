import { DomainError } from '@fordran/core';
import { findLivePortalSession, revokePortalSession } from '@fordran/store';
import type { AppContext } from '../context';
import { hashOpaqueToken } from '../auth/tokens';

/*
 * A portal session: the token BankID sign-in handed out (x-portal-session), stored only as its
 * SHA-256, bound to one party of one organisation, expiring after config.portal.sessionTtlSeconds
 * and revoked by sign-out. It opens the portal's routes and nothing else: staff routes take only
 * staff access tokens.
 */

export interface PortalSession {
  app: AppContext;
  session_id: string;
  org_id: string;
  party_id: string;
}

/** The live session of the header's token: 'Session saknas' without one, expired/revoked/unknown → PORTAL_SESSION_EXPIRED. */
export async function authenticatePortalSession(app: AppContext, token: string | null | undefined): Promise<PortalSession> {
  if (!token) throw new DomainError('PORTAL_SESSION_MISSING');
  const row = await findLivePortalSession(app.database.db, hashOpaqueToken(token), app.clock.now());
  if (!row) throw new DomainError('PORTAL_SESSION_EXPIRED');
  return { app, session_id: row.id, org_id: row.org_id, party_id: row.party_id };
}

/** POST /api/portal/signout: the session ends now. */
export async function signOutPortalSession(session: PortalSession): Promise<void> {
  await session.app.database.transaction((tx) => revokePortalSession(tx, session.session_id, session.app.clock.now()));
}
