import { and, asc, count, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { DomainError } from '@fordran/core';
import { creditors, invitations, profiles, userOrgRoles, users, type DbOrTx, type InvitationRow } from '@fordran/store';
import { instantAfter } from '../clock';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { isRole } from '../access/roles';
import { appendAudit } from '../audit/audit-log';
import { parseInput } from '../schemas/zod-setup';
import {
  invitationCreateSchema,
  memberUpdateSchema,
  type InvitationCreateInput,
  type MemberUpdateInput,
  type InvitationCreateResponse,
  type MembersResponse,
} from '../schemas/orgs';
import { hashOpaqueToken, newOpaqueToken } from '../auth/tokens';

function toInvitation(row: InvitationRow): MembersResponse['invitations'][number] {
  if (!isRole(row.role)) throw new Error(`unknown role ${row.role}`);
  return { id: row.id, email: row.email, role: row.role, creditor_id: row.creditor_id, expires_at: row.expires_at, created_at: row.created_at };
}

type Member = MembersResponse['members'][number];

/** Members of `orgId` with name and e-mail, oldest first; one member when `userId` is given. */
function selectMembers(db: DbOrTx, orgId: string, userId?: string): Member[] {
  const rows = db
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
    .where(and(eq(userOrgRoles.org_id, orgId), userId === undefined ? undefined : eq(userOrgRoles.user_id, userId)))
    .orderBy(asc(userOrgRoles.created_at), asc(users.email))
    .all();
  return rows.flatMap((m) => (isRole(m.role) ? [{ ...m, role: m.role, full_name: m.full_name ?? null }] : []));
}

function readMember(db: DbOrTx, orgId: string, userId: string): Member {
  const member = selectMembers(db, orgId, userId)[0];
  if (!member) throw new DomainError('NOT_FOUND', 'Användaren är inte medlem i organisationen');
  return member;
}

/** Members with name and e-mail (part 2 §2 Behörigheter) and the open invitations (admin). */
export function listMembers(ctx: OrgScope): MembersResponse {
  requireScopePermission(ctx, 'users.manage');
  const db = ctx.app.store.db;
  const orgId = ctx.membership.org_id;
  const open = db
    .select()
    .from(invitations)
    .where(and(eq(invitations.org_id, orgId), isNull(invitations.accepted_at), isNull(invitations.revoked_at), gt(invitations.expires_at, ctx.app.clock.now())))
    .orderBy(desc(invitations.created_at))
    .all();
  return { members: selectMembers(db, orgId), invitations: open.map(toInvitation) };
}

/** A `client` member or invitation must name a creditor of this organisation. */
function assertCreditorInOrganisation(tx: DbOrTx, orgId: string, creditorId: string | null | undefined): void {
  if (!creditorId) return;
  const creditor = tx
    .select({ id: creditors.id })
    .from(creditors)
    .where(and(eq(creditors.id, creditorId), eq(creditors.org_id, orgId)))
    .get();
  if (!creditor) throw new DomainError('NOT_FOUND', 'Borgenären finns inte');
}

export const LAST_ADMIN_MESSAGE = 'Organisationen måste ha minst en administratör';

/** An organisation never loses its last admin: nobody could manage it any more. */
function assertAnotherAdmin(tx: DbOrTx, orgId: string, userId: string): void {
  const others = tx
    .select({ n: count() })
    .from(userOrgRoles)
    .where(and(eq(userOrgRoles.org_id, orgId), eq(userOrgRoles.role, 'admin'), ne(userOrgRoles.user_id, userId)))
    .get();
  if ((others?.n ?? 0) === 0) throw new DomainError('CONFLICT', LAST_ADMIN_MESSAGE);
}

/**
 * Invites someone by e-mail with a role (admin). The token is returned once (for the link) and
 * stored only hashed. A `client` invitation names a creditor of this organisation. An earlier open
 * invitation to the same address is revoked.
 */
export function createInvitation(ctx: OrgScope, input: InvitationCreateInput): InvitationCreateResponse {
  requireScopePermission(ctx, 'users.manage');
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
    assertCreditorInOrganisation(tx, orgId, creditor_id);
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
        invited_by: auditActor(ctx),
        expires_at: instantAfter(app.clock, app.config.invitationTtlSeconds),
        created_at: now,
      })
      .run();
    appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'invitation.created',
      entity: 'invitations',
      entity_id: id,
      payload: { email, role },
      created_at: now,
    });
    const row = tx.select().from(invitations).where(eq(invitations.id, id)).get();
    if (!row) throw new Error('invitation vanished');
    return row;
  });
  return { invitation: toInvitation(invitation), token };
}

/**
 * Gives a member another role (admin). A `client` names a creditor of this organisation; staff
 * roles drop it. The last admin cannot be demoted (CONFLICT).
 */
export function updateMember(ctx: OrgScope, userId: string, input: MemberUpdateInput): Member {
  requireScopePermission(ctx, 'users.manage');
  const { role, creditor_id } = parseInput(memberUpdateSchema, input);
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  return ctx.app.store.transaction((tx) => {
    const before = readMember(tx, orgId, userId);
    if (before.role === 'admin' && role !== 'admin') assertAnotherAdmin(tx, orgId, userId);
    assertCreditorInOrganisation(tx, orgId, creditor_id);
    const creditorId = role === 'client' ? (creditor_id ?? null) : null;
    tx.update(userOrgRoles)
      .set({ role, creditor_id: creditorId })
      .where(and(eq(userOrgRoles.org_id, orgId), eq(userOrgRoles.user_id, userId)))
      .run();
    appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'member.role_changed',
      entity: 'user_org_roles',
      entity_id: userId,
      payload: { email: before.email, from: before.role, to: role, creditor_id: creditorId },
      created_at: now,
    });
    return readMember(tx, orgId, userId);
  });
}

/**
 * Removes a member from the organisation (admin); their account and other memberships stay. The
 * last admin cannot be removed (CONFLICT). Their open sessions lose access at once: every request
 * looks the membership up.
 */
export function removeMember(ctx: OrgScope, userId: string): void {
  requireScopePermission(ctx, 'users.manage');
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  ctx.app.store.transaction((tx) => {
    const member = readMember(tx, orgId, userId);
    if (member.role === 'admin') assertAnotherAdmin(tx, orgId, userId);
    tx.delete(userOrgRoles)
      .where(and(eq(userOrgRoles.org_id, orgId), eq(userOrgRoles.user_id, userId)))
      .run();
    appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'member.removed',
      entity: 'user_org_roles',
      entity_id: userId,
      payload: { email: member.email, role: member.role },
      created_at: now,
    });
  });
}

/** Revokes an invitation that is not yet accepted or revoked (admin); its link stops working. */
export function revokeInvitation(ctx: OrgScope, invitationId: string): void {
  requireScopePermission(ctx, 'users.manage');
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  ctx.app.store.transaction((tx) => {
    const open = and(eq(invitations.id, invitationId), eq(invitations.org_id, orgId), isNull(invitations.accepted_at), isNull(invitations.revoked_at));
    const row = tx.select().from(invitations).where(open).get();
    if (!row) throw new DomainError('NOT_FOUND', 'Inbjudan finns inte eller är redan använd');
    tx.update(invitations).set({ revoked_at: now }).where(eq(invitations.id, row.id)).run();
    appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'invitation.revoked',
      entity: 'invitations',
      entity_id: row.id,
      payload: { email: row.email, role: row.role },
      created_at: now,
    });
  });
}
