import { DomainError } from '@fordran/core';
import type { AppContext, Membership, ServiceContext } from '../context';
import { findOrganisation } from '../admin/create-user';
import { assertRoleCan, type Permission } from './roles';

/**
 * A request scoped to one organisation: a signed-in member (OrgContext) or the operator of the
 * CLI (`actor: null`). Use cases that the CLI runs take this, write `actor_id` null in the audit
 * log for the operator, and check the role as usual.
 */
export interface OrgScope extends ServiceContext {
  membership: Membership;
}

/**
 * The CLI's context in an organisation named by id or exact name. Whoever runs `fordran` has the
 * server's database file, and so every right already: the CLI acts as the system operator with
 * the admin role, and its writes are audited with `actor_id` null (shown as 'System').
 * @example const ctx = operatorContext(app, 'Nordisk Inkasso AB');
 */
export function operatorContext(app: AppContext, org: string): OrgScope {
  const name = org.trim();
  if (!name) throw new DomainError('VALIDATION_FAILED', 'Organisation krävs (--org)');
  const found = findOrganisation(app.store.db, name);
  return {
    app,
    actor: null,
    membership: { org_id: found.id, org_name: found.name, role: 'admin', creditor_id: null, require_mfa: false },
  };
}

/** Checks the role of a member or the operator (FORBIDDEN when it lacks `permission`). */
export function requireScopePermission(ctx: OrgScope, permission: Permission): void {
  assertRoleCan(ctx.membership.role, permission);
}

/** The audit actor: the signed-in user, or null for the operator (the system). */
export function auditActor(ctx: OrgScope): string | null {
  return ctx.actor?.user_id ?? null;
}
