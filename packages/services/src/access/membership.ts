import { and, eq } from 'drizzle-orm';
import { DomainError } from '@fordran/core';
import { mfaFactors, organisations, userOrgRoles, type DbOrTx } from '@fordran/store';
import type { Membership, OrgContext, ServiceContext, UserContext } from '../context';
import { assertRoleCan, isRole, type Permission } from './roles';

/** Throws UNAUTHORIZED unless the request is signed in. */
export function requireUser(ctx: ServiceContext): UserContext {
  if (!ctx.actor) throw new DomainError('UNAUTHORIZED');
  return ctx as UserContext;
}

/** True when the user has a verified second factor. */
export function hasVerifiedFactor(db: DbOrTx, userId: string): boolean {
  const row = db
    .select({ id: mfaFactors.id })
    .from(mfaFactors)
    .where(and(eq(mfaFactors.user_id, userId), eq(mfaFactors.status, 'verified')))
    .limit(1)
    .get();
  return row !== undefined;
}

/**
 * A user who has set up a second factor must use it: an aal1 session of such a user may only
 * sign in the second step (and read /api/me). Otherwise a stolen password alone would still open
 * everything the factor is meant to protect.
 */
export function assertAalSufficient(ctx: UserContext): void {
  if (ctx.actor.aal === 'aal1' && hasVerifiedFactor(ctx.app.store.db, ctx.actor.user_id)) {
    throw new DomainError('MFA_REQUIRED');
  }
}

/** The user's membership in `orgId`, or null (not a member, or no such organisation). */
export function findMembership(db: DbOrTx, userId: string, orgId: string): Membership | null {
  const row = db
    .select({
      org_id: userOrgRoles.org_id,
      role: userOrgRoles.role,
      creditor_id: userOrgRoles.creditor_id,
      org_name: organisations.name,
      require_mfa: organisations.require_mfa,
    })
    .from(userOrgRoles)
    .innerJoin(organisations, eq(organisations.id, userOrgRoles.org_id))
    .where(and(eq(userOrgRoles.user_id, userId), eq(userOrgRoles.org_id, orgId)))
    .get();
  if (!row || !isRole(row.role)) return null;
  return { ...row, creditor_id: row.creditor_id ?? null };
}

/**
 * Enters an organisation for a request: resolves the actor's membership (NOT_FOUND when the actor
 * is not a member, so another organisation's existence is never revealed) and refuses aal1
 * sessions where the organisation requires a second factor or the user has one (MFA_REQUIRED).
 */
export function enterOrganisation(ctx: ServiceContext, orgId: string): OrgContext {
  const user = requireUser(ctx);
  const membership = findMembership(ctx.app.store.db, user.actor.user_id, orgId);
  if (!membership) throw new DomainError('NOT_FOUND');
  if (user.actor.aal === 'aal1' && (membership.require_mfa || hasVerifiedFactor(ctx.app.store.db, user.actor.user_id))) {
    throw new DomainError('MFA_REQUIRED');
  }
  return { ...user, membership };
}

/** Throws FORBIDDEN unless the member's role holds `permission` (docs/roles.md). */
export function requirePermission(ctx: OrgContext, permission: Permission): OrgContext {
  assertRoleCan(ctx.membership.role, permission);
  return ctx;
}
