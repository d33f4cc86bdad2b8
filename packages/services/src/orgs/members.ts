import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import { DomainError } from '@fordran/core';
import { creditors, invitations, profiles, userOrgRoles, users, type InvitationRow } from '@fordran/store';
import type { OrgContext } from '../context';
import { instantAfter } from '../clock';
import { requirePermission } from '../access/membership';
import { isRole } from '../access/roles';
import { appendAudit } from '../audit/audit-log';
import { parseInput } from '../schemas/zod-setup';
import {
  invitationCreateSchema,
  type InvitationCreateInput,
  type InvitationCreateResponse,
  type MembersResponse,
} from '../schemas/orgs';
import { hashOpaqueToken, newOpaqueToken } from '../auth/tokens';

function toInvitation(row: InvitationRow): MembersResponse['invitations'][number] {
  if (!isRole(row.role)) throw new Error(`unknown role ${row.role}`);
  return { id: row.id, email: row.email, role: row.role, creditor_id: row.creditor_id, expires_at: row.expires_at, created_at: row.created_at };
}

/** Members with name and e-mail (part 2 §2 Behörigheter) and the open invitations (admin). */
export function listMembers(ctx: OrgContext): MembersResponse {
  requirePermission(ctx, 'users.manage');
  const db = ctx.app.store.db;
  const orgId = ctx.membership.org_id;
  const members = db
    .select({
      user_id: userOrgRoles.user_id,
      email: users.email,
      full_name: profiles.full_name,
      role: userOrgRoles.role,
      creditor_id: userOrgRoles.creditor_id,
      joined_at: userOrgRoles.created_at,
    })
    .from(userOrgRoles)
    .innerJoin(users, eq(users.id, userOrgRoles.user_id))
    .leftJoin(profiles, eq(profiles.id, userOrgRoles.user_id))
    .where(eq(userOrgRoles.org_id, orgId))
    .orderBy(asc(userOrgRoles.created_at), asc(users.email))
    .all();
  const open = db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.org_id, orgId),
        isNull(invitations.accepted_at),
        isNull(invitations.revoked_at),
        gt(invitations.expires_at, ctx.app.clock.now()),
      ),
    )
    .orderBy(desc(invitations.created_at))
    .all();
  return {
    members: members.flatMap((m) => (isRole(m.role) ? [{ ...m, role: m.role, full_name: m.full_name ?? null }] : [])),
    invitations: open.map(toInvitation),
  };
}

/**
 * Invites someone by e-mail with a role (admin). The token is returned once (for the link) and
 * stored only hashed. A `client` invitation names a creditor of this organisation. An earlier open
 * invitation to the same address is revoked.
 */
export function createInvitation(ctx: OrgContext, input: InvitationCreateInput): InvitationCreateResponse {
  requirePermission(ctx, 'users.manage');
  const { email, role, creditor_id } = parseInput(invitationCreateSchema, input);
  const orgId = ctx.membership.org_id;
  const app = ctx.app;
  const now = app.clock.now();
  const token = newOpaqueToken();
  const invitation = app.store.transaction((tx) => {
    const member = tx
      .select({ id: userOrgRoles.id })
      .from(userOrgRoles)
      .innerJoin(users, eq(users.id, userOrgRoles.user_id))
      .where(and(eq(userOrgRoles.org_id, orgId), eq(users.email, email)))
      .get();
    if (member) throw new DomainError('CONFLICT', 'Användaren är redan medlem i organisationen');
    if (creditor_id) {
      const creditor = tx.select({ id: creditors.id }).from(creditors).where(and(eq(creditors.id, creditor_id), eq(creditors.org_id, orgId))).get();
      if (!creditor) throw new DomainError('NOT_FOUND', 'Borgenären finns inte');
    }
    tx.update(invitations)
      .set({ revoked_at: now })
      .where(and(eq(invitations.org_id, orgId), eq(invitations.email, email), isNull(invitations.accepted_at), isNull(invitations.revoked_at)))
      .run();
    const id = crypto.randomUUID();
    tx.insert(invitations)
      .values({
        id,
        org_id: orgId,
        email,
        role,
        creditor_id: creditor_id ?? null,
        token_hash: hashOpaqueToken(token),
        invited_by: ctx.actor.user_id,
        expires_at: instantAfter(app.clock, app.config.invitationTtlSeconds),
        created_at: now,
      })
      .run();
    appendAudit(tx, { org_id: orgId, actor_id: ctx.actor.user_id, event: 'invitation.created', entity: 'invitations', entity_id: id, payload: { email, role }, created_at: now });
    const row = tx.select().from(invitations).where(eq(invitations.id, id)).get();
    if (!row) throw new Error('invitation vanished');
    return row;
  });
  return { invitation: toInvitation(invitation), token };
}
