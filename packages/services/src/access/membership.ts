import { DomainError } from '@fordran/core';
import { findMembershipRow, hasVerifiedMfaFactor, type Db } from '@fordran/store';
import type { Membership, OrgContext, ServiceContext, UserContext } from '../context';
import { assertRoleCan, isRole, type Permission } from './roles';

/** Throws UNAUTHORIZED unless the request is signed in. */
export function requireUser(ctx: ServiceContext): UserContext {
  if (!ctx.actor) throw new DomainError('UNAUTHORIZED');
  return ctx as UserContext;
}

/**
 * A user who has set up a second factor must use it: an aal1 session of such a user may only
 * sign in the second step (and read /api/me). Otherwise a stolen password alone would still open
 * everything the factor is meant to protect.
 */
export async function assertAalSufficient(ctx: UserContext): Promise<void> {
  if (ctx.actor.aal === 'aal1' && (await hasVerifiedMfaFactor(ctx.app.database.db, ctx.actor.user_id))) {
    throw new DomainError('MFA_REQUIRED');
  }
}

/** The user's membership in `orgId`, or null (not a member, or no such organisation). */
export async function findMembership(db: Db, userId: string, orgId: string): Promise<Membership | null> {
  const row = await findMembershipRow(db, userId, orgId);
  if (!row || !isRole(row.role)) return null;
  return { ...row, creditor_id: row.creditor_id ?? null };
}

/**
 * Enters an organisation for a request: resolves the actor's membership (NOT_FOUND when the actor
 * is not a member, so another organisation's existence is never revealed) and refuses aal1
 * sessions where the organisation requires a second factor or the user has one (MFA_REQUIRED).
 */
export async function enterOrganisation(ctx: ServiceContext, orgId: string): Promise<OrgContext> {
  const user = requireUser(ctx);
  const db = ctx.app.database.db;
  const membership = await findMembership(db, user.actor.user_id, orgId);
  if (!membership) throw new DomainError('NOT_FOUND');
  if (user.actor.aal === 'aal1' && (membership.require_mfa || (await hasVerifiedMfaFactor(db, user.actor.user_id)))) {
    throw new DomainError('MFA_REQUIRED');
  }
  return { ...user, membership };
}

/** Throws FORBIDDEN unless the member's role holds `permission` (docs/roles.md). */
export function requirePermission(ctx: OrgContext, permission: Permission): OrgContext {
  assertRoleCan(ctx.membership.role, permission);
  return ctx;
}
