import { DomainError } from '@fordran/core';
import { listSomeOrganisations } from '@fordran/store';
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
 * Without `org`, the database must hold exactly one organisation.
 * @example const ctx = await operatorContext(app, 'Nordisk Inkasso AB');
 */
export async function operatorContext(app: AppContext, org: string | undefined): Promise<OrgScope> {
  const name = (org ?? '').trim();
  const found = name ? await findOrganisation(app.database.db, name) : await onlyOrganisation(app);
  return {
    app,
    actor: null,
    membership: { org_id: found.id, org_name: found.name, role: 'admin', creditor_id: null, require_mfa: false },
  };
}

/**
 * The system acting in an organisation on its own, as a follow-up of a background job (a Kivra
 * message moved to letter by the delivery worker): admin rights, audited with `actor_id` null.
 */
export function systemScope(app: AppContext, orgId: string): OrgScope {
  return { app, actor: null, membership: { org_id: orgId, org_name: '', role: 'admin', creditor_id: null, require_mfa: false } };
}

/** Without --org: the database's one organisation, or a clear error naming the choice. */
async function onlyOrganisation(app: AppContext): Promise<{ id: string; name: string }> {
  const all = await listSomeOrganisations(app.database.db, 2);
  if (all.length === 1) return all[0]!;
  throw new DomainError('VALIDATION_FAILED', all.length === 0 ? 'Det finns ingen organisation ännu' : 'Flera organisationer finns: ange vilken med --org');
}

/** Checks the role of a member or the operator (FORBIDDEN when it lacks `permission`). */
export function requireScopePermission(ctx: OrgScope, permission: Permission): void {
  assertRoleCan(ctx.membership.role, permission);
}

/** The audit actor: the signed-in user, or null for the operator (the system). */
export function auditActor(ctx: OrgScope): string | null {
  return ctx.actor?.user_id ?? null;
}
