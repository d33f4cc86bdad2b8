import { and, eq, gt, isNull } from 'drizzle-orm';
import { DomainError, ERROR_MESSAGES, ORG_ROLE_LABELS } from '@fordran/core';
import { invitations, organisations, userOrgRoles, users, type DbOrTx, type InvitationRow, type NotificationRow } from '@fordran/store';
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
function findOpenInvitation(db: DbOrTx, app: AppContext, token: string): InvitationRow | undefined {
  return db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.token_hash, hashOpaqueToken(token)),
        isNull(invitations.accepted_at),
        isNull(invitations.revoked_at),
        gt(invitations.expires_at, app.clock.now()),
      ),
    )
    .get();
}

/** The open invitation behind `token` for `email`, or INVALID_INVITATION (unknown, used, expired, other address). */
export function findUsableInvitation(db: DbOrTx, app: AppContext, token: string, email: string): InvitationRow {
  const row = findOpenInvitation(db, app, token);
  if (!row || row.email !== email) throw new DomainError('INVALID_INVITATION');
  return row;
}

/**
 * What an invitation link is for, before anyone signs in: the organisation's name, the role and
 * the invited address. The token is the key (whoever holds the link may read this much); an
 * unknown, used, revoked or expired token is NOT_FOUND 'Inbjudan är ogiltig eller har gått ut'.
 */
export function previewInvitation(app: AppContext, token: string): InvitationPreviewResponse {
  const key = parseInput(tokenSchema, token);
  const db = app.store.db;
  const invitation = findOpenInvitation(db, app, key);
  const org = invitation && db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, invitation.org_id)).get();
  if (!invitation || !org) throw new DomainError('NOT_FOUND', ERROR_MESSAGES.INVALID_INVITATION);
  return { org_name: org.name, role: invitation.role, email: invitation.email, has_account: findUserIdByEmail(db, invitation.email) !== null };
}

/**
 * Makes `userId` a member with the invited role and closes the invitation. Inside a transaction.
 * Returns the notice to the member who sent the invitation (still a member), for the caller to
 * publish after the commit; null when there is nobody to tell.
 */
export function acceptInvitationFor(tx: DbOrTx, app: AppContext, invitation: InvitationRow, userId: string, now: string): NotificationRow | null {
  const existing = tx
    .select({ id: userOrgRoles.id })
    .from(userOrgRoles)
    .where(and(eq(userOrgRoles.org_id, invitation.org_id), eq(userOrgRoles.user_id, userId)))
    .get();
  if (existing) throw new DomainError('CONFLICT', 'Du är redan medlem i organisationen');
  tx.insert(userOrgRoles)
    .values({ org_id: invitation.org_id, user_id: userId, role: invitation.role, creditor_id: invitation.creditor_id, created_at: now })
    .run();
  tx.update(invitations).set({ accepted_at: now }).where(eq(invitations.id, invitation.id)).run();
  appendAudit(tx, {
    org_id: invitation.org_id,
    actor_id: userId,
    event: 'member.joined',
    entity: 'user_org_roles',
    entity_id: userId,
    payload: { role: invitation.role, invitation_id: invitation.id },
    created_at: now,
  });
  const inviter = invitation.invited_by;
  if (!inviter || inviter === userId) return null;
  const stillMember = tx
    .select({ id: userOrgRoles.id })
    .from(userOrgRoles)
    .where(and(eq(userOrgRoles.org_id, invitation.org_id), eq(userOrgRoles.user_id, inviter)))
    .get();
  if (!stillMember) return null;
  return insertNotification(
    tx,
    app,
    {
      org_id: invitation.org_id,
      user_id: inviter,
      type: 'success',
      message: `${personName(tx, userId)} (${invitation.email}) har tackat ja till inbjudan och gått med som ${ORG_ROLE_LABELS[invitation.role].toLowerCase()}`,
      link: '/settings/permissions',
    },
    userId,
  );
}

/** A signed-in user accepts an invitation sent to their e-mail address. */
export function acceptInvitation(ctx: UserContext, input: AcceptInvitationInput): { org_id: string; role: Role } {
  const user = requireUser(ctx);
  assertAalSufficient(user);
  const { invitation_token } = parseInput(acceptInvitationSchema, input);
  const app = ctx.app;
  const { joined, notice } = app.store.transaction((tx) => {
    const me = tx.select({ email: users.email }).from(users).where(eq(users.id, user.actor.user_id)).get();
    if (!me) throw new DomainError('UNAUTHORIZED');
    const invitation = findUsableInvitation(tx, app, invitation_token, me.email);
    const notice = acceptInvitationFor(tx, app, invitation, user.actor.user_id, app.clock.now());
    return { joined: { org_id: invitation.org_id, role: invitation.role }, notice };
  });
  if (notice) publishNotification(app, notice);
  return joined;
}
