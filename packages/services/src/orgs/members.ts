import { DomainError } from '@fordran/core';
import {
  countOtherAdmins,
  deleteMembership,
  findUnusedInvitation,
  insertInvitation,
  isCreditorOfOrganisation,
  isOrganisationMemberByEmail,
  listMemberRows,
  listOpenInvitations,
  markInvitationRevoked,
  revokeUnusedInvitationsTo,
  updateMembershipRole,
  uuidV7,
  type Db,
  type InvitationRow,
} from '@fordran/store';
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
async function selectMembers(db: Db, orgId: string, userId?: string): Promise<Member[]> {
  const rows = await listMemberRows(db, orgId, userId);
  return rows.flatMap((m) => (isRole(m.role) ? [{ ...m, role: m.role, full_name: m.full_name ?? null }] : []));
}

async function readMember(db: Db, orgId: string, userId: string): Promise<Member> {
  const member = (await selectMembers(db, orgId, userId))[0];
  if (!member) throw new DomainError('NOT_FOUND', 'Användaren är inte medlem i organisationen');
  return member;
}

/** Members with name and e-mail (part 2 §2 Behörigheter) and the open invitations (admin). */
export async function listMembers(ctx: OrgScope): Promise<MembersResponse> {
  requireScopePermission(ctx, 'users.manage');
  const db = ctx.app.database.db;
  const orgId = ctx.membership.org_id;
  const open = await listOpenInvitations(db, orgId, ctx.app.clock.now());
  return { members: await selectMembers(db, orgId), invitations: open.map(toInvitation) };
}

/** A `client` member or invitation must name a creditor of this organisation. */
async function assertCreditorInOrganisation(tx: Db, orgId: string, creditorId: string | null | undefined): Promise<void> {
  if (creditorId && !(await isCreditorOfOrganisation(tx, orgId, creditorId))) throw new DomainError('NOT_FOUND', 'Borgenären finns inte');
}

export const LAST_ADMIN_MESSAGE = 'Organisationen måste ha minst en administratör';

/** An organisation never loses its last admin: nobody could manage it any more. */
async function assertAnotherAdmin(tx: Db, orgId: string, userId: string): Promise<void> {
  if ((await countOtherAdmins(tx, orgId, userId)) === 0) throw new DomainError('CONFLICT', LAST_ADMIN_MESSAGE);
}

/**
 * Invites someone by e-mail with a role (admin). The token is returned once (for the link) and
 * stored only hashed. A `client` invitation names a creditor of this organisation. An earlier open
 * invitation to the same address is revoked.
 */
export async function createInvitation(ctx: OrgScope, input: InvitationCreateInput): Promise<InvitationCreateResponse> {
  requireScopePermission(ctx, 'users.manage');
  const { email, role, creditor_id } = parseInput(invitationCreateSchema, input);
  const orgId = ctx.membership.org_id;
  const app = ctx.app;
  const now = app.clock.now();
  const token = newOpaqueToken();
  const invitation = await app.database.transaction(async (tx) => {
    if (await isOrganisationMemberByEmail(tx, orgId, email)) throw new DomainError('CONFLICT', 'Användaren är redan medlem i organisationen');
    await assertCreditorInOrganisation(tx, orgId, creditor_id);
    await revokeUnusedInvitationsTo(tx, orgId, email, now);
    const id = uuidV7();
    const row = await insertInvitation(tx, {
      id,
      org_id: orgId,
      email,
      role,
      creditor_id: creditor_id ?? null,
      token_hash: hashOpaqueToken(token),
      invited_by: auditActor(ctx),
      expires_at: instantAfter(app.clock, app.config.invitationTtlSeconds),
      created_at: now,
    });
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'invitation.created',
      entity: 'invitations',
      entity_id: id,
      payload: { email, role },
      created_at: now,
    });
    return row;
  });
  return { invitation: toInvitation(invitation), token };
}

/**
 * Gives a member another role (admin). A `client` names a creditor of this organisation; staff
 * roles drop it. The last admin cannot be demoted (CONFLICT).
 */
export async function updateMember(ctx: OrgScope, userId: string, input: MemberUpdateInput): Promise<Member> {
  requireScopePermission(ctx, 'users.manage');
  const { role, creditor_id } = parseInput(memberUpdateSchema, input);
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  return ctx.app.database.transaction(async (tx) => {
    const before = await readMember(tx, orgId, userId);
    if (before.role === 'admin' && role !== 'admin') await assertAnotherAdmin(tx, orgId, userId);
    await assertCreditorInOrganisation(tx, orgId, creditor_id);
    const creditorId = role === 'client' ? (creditor_id ?? null) : null;
    await updateMembershipRole(tx, orgId, userId, { role, creditor_id: creditorId });
    await appendAudit(tx, {
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
export async function removeMember(ctx: OrgScope, userId: string): Promise<void> {
  requireScopePermission(ctx, 'users.manage');
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  await ctx.app.database.transaction(async (tx) => {
    const member = await readMember(tx, orgId, userId);
    if (member.role === 'admin') await assertAnotherAdmin(tx, orgId, userId);
    await deleteMembership(tx, orgId, userId);
    await appendAudit(tx, {
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
export async function revokeInvitation(ctx: OrgScope, invitationId: string): Promise<void> {
  requireScopePermission(ctx, 'users.manage');
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  await ctx.app.database.transaction(async (tx) => {
    const row = await findUnusedInvitation(tx, orgId, invitationId);
    if (!row) throw new DomainError('NOT_FOUND', 'Inbjudan finns inte eller är redan använd');
    await markInvitationRevoked(tx, row.id, now);
    await appendAudit(tx, {
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
