import { DomainError, ERROR_MESSAGES, ORG_ROLE_LABELS } from '@fordran/core';
import {
  findOpenInvitationByTokenHash,
  findOrganisationRow,
  findUserAccount,
  insertMembership,
  isOrganisationMember,
  markInvitationAccepted,
  type Db,
  type InvitationRow,
  type NotificationRow,
} from '@fordran/store';
import type { AppContext, UserContext } from '../context';
import { assertAalSufficient, requireUser } from '../access/membership';
import type { Role } from '../access/roles';
import { appendAudit } from '../audit/audit-log';
import { parseInput } from '../schemas/zod-setup';
import { acceptInvitationSchema, type AcceptInvitationInput } from '../schemas/auth';
import { tokenSchema } from '../schemas/common';
import type { InvitationPreviewResponse } from '../schemas/orgs';
import { insertNotification, publishNotification } from '../notifications/notifications';
import { findUserIdByEmail, personName } from './users';
import { hashOpaqueToken } from './tokens';

/** The open invitation behind `token` (not accepted, not revoked, not expired), if any. */
function findOpenInvitation(db: Db, app: AppContext, token: string): Promise<InvitationRow | undefined> {
  return findOpenInvitationByTokenHash(db, hashOpaqueToken(token), app.clock.now());
}

/** The open invitation behind `token` for `email`, or INVALID_INVITATION (unknown, used, expired, other address). */
export async function findUsableInvitation(db: Db, app: AppContext, token: string, email: string): Promise<InvitationRow> {
  const row = await findOpenInvitation(db, app, token);
  if (!row || row.email !== email) throw new DomainError('INVALID_INVITATION');
  return row;
}

/**
 * What an invitation link is for, before anyone signs in: the organisation's name, the role and
 * the invited address. The token is the key (whoever holds the link may read this much); an
 * unknown, used, revoked or expired token is NOT_FOUND 'Inbjudan är ogiltig eller har gått ut'.
 */
export async function previewInvitation(app: AppContext, token: string): Promise<InvitationPreviewResponse> {
  const key = parseInput(tokenSchema, token);
  const db = app.database.db;
  const invitation = await findOpenInvitation(db, app, key);
  const org = invitation && (await findOrganisationRow(db, invitation.org_id));
  if (!invitation || !org) throw new DomainError('NOT_FOUND', ERROR_MESSAGES.INVALID_INVITATION);
  return { org_name: org.name, role: invitation.role, email: invitation.email, has_account: (await findUserIdByEmail(db, invitation.email)) !== null };
}

/**
 * Makes `userId` a member with the invited role and closes the invitation. Inside a transaction.
 * Returns the notice to the member who sent the invitation (still a member), for the caller to
 * publish after the commit; null when there is nobody to tell.
 */
export async function acceptInvitationFor(tx: Db, app: AppContext, invitation: InvitationRow, userId: string, now: string): Promise<NotificationRow | null> {
  if (await isOrganisationMember(tx, invitation.org_id, userId)) throw new DomainError('CONFLICT', 'Du är redan medlem i organisationen');
  await insertMembership(tx, { org_id: invitation.org_id, user_id: userId, role: invitation.role, creditor_id: invitation.creditor_id, created_at: now });
  await markInvitationAccepted(tx, invitation.id, now);
  await appendAudit(tx, {
    org_id: invitation.org_id,
    actor_id: userId,
    event: 'member.joined',
    entity: 'user_org_roles',
    entity_id: userId,
    payload: { role: invitation.role, invitation_id: invitation.id },
    created_at: now,
  });
  const inviter = invitation.invited_by;
  if (!inviter || inviter === userId || !(await isOrganisationMember(tx, invitation.org_id, inviter))) return null;
  return insertNotification(
    tx,
    app,
    {
      org_id: invitation.org_id,
      user_id: inviter,
      type: 'success',
      message: `${await personName(tx, userId)} (${invitation.email}) har tackat ja till inbjudan och gått med som ${ORG_ROLE_LABELS[invitation.role].toLowerCase()}`,
      link: '/settings/permissions',
    },
    userId,
  );
}

/** A signed-in user accepts an invitation sent to their e-mail address. */
export async function acceptInvitation(ctx: UserContext, input: AcceptInvitationInput): Promise<{ org_id: string; role: Role }> {
  const user = requireUser(ctx);
  await assertAalSufficient(user);
  const { invitation_token } = parseInput(acceptInvitationSchema, input);
  const app = ctx.app;
  const { joined, notice } = await app.database.transaction(async (tx) => {
    const me = await findUserAccount(tx, user.actor.user_id);
    if (!me) throw new DomainError('UNAUTHORIZED');
    const invitation = await findUsableInvitation(tx, app, invitation_token, me.email);
    const notice = await acceptInvitationFor(tx, app, invitation, user.actor.user_id, app.clock.now());
    return { joined: { org_id: invitation.org_id, role: invitation.role }, notice };
  });
  if (notice) publishNotification(app, notice);
  return joined;
}
