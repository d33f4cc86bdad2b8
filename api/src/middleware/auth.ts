import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { DomainError } from '@fordran/core';
import { authenticate, authenticatePortalSession, enterOrganisation } from '@fordran/services';
import type { ApiEnv } from '../env';

function bearerToken(c: Context): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1] ?? null;
}

async function signIn(c: Context<ApiEnv>, token: string | null): Promise<void> {
  if (!token) throw new DomainError('UNAUTHORIZED');
  const app = c.get('app');
  c.set('user', { app, actor: await authenticate(app, token) });
}

/** Requires `Authorization: Bearer <access token>`; sets `user`. */
export const requireUser: MiddlewareHandler<ApiEnv> = async (c, next) => {
  await signIn(c, bearerToken(c));
  await next();
};

/**
 * Like requireUser, but also accepts `?access_token=` — only for the SSE route, because the
 * browser's EventSource cannot send headers. (Query strings end up in logs more easily; the token
 * lives 15 minutes.)
 */
export const requireUserOrQueryToken: MiddlewareHandler<ApiEnv> = async (c, next) => {
  await signIn(c, bearerToken(c) ?? c.req.query('access_token') ?? null);
  await next();
};

/**
 * Resolves the membership for the `:orgId` of the path (404 for a non-member, 403 MFA_REQUIRED
 * for an aal1 session where a second factor is required); sets `org`. Runs before body validation,
 * so a non-member learns nothing about the route's input rules either.
 */
export const requireOrg: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const orgId = c.req.param('orgId');
  if (!orgId) throw new DomainError('NOT_FOUND');
  c.set('org', await enterOrganisation(c.get('user'), orgId));
  await next();
};

/**
 * Requires the debtor portal's `x-portal-session` header; sets `portal`. Staff tokens are never
 * accepted here, and a portal session never reaches a staff route (those read only Authorization).
 */
export const requirePortalSession: MiddlewareHandler<ApiEnv> = async (c, next) => {
  c.set('portal', await authenticatePortalSession(c.get('app'), c.req.header('x-portal-session')));
  await next();
};

/** The client address for rate limiting: the socket's, or X-Forwarded-For behind a trusted proxy. */
export function clientAddress(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // app.request() in tests has no socket
  }
}
