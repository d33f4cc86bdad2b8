import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { invitations } from '../schema';
import type { Db } from '../database';
import type { InvitationRow, NewInvitationRow } from '../types';

/** The invitation behind this token hash that is not accepted, revoked or expired at `now`. */
export async function findOpenInvitationByTokenHash(db: Db, tokenHash: string, now: string): Promise<InvitationRow | undefined> {
  const rows = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.token_hash, tokenHash), isNull(invitations.accepted_at), isNull(invitations.revoked_at), gt(invitations.expires_at, now)))
    .limit(1);
  return rows[0];
}

/** The organisation's invitations that are not accepted, revoked or expired at `now`, newest first. */
export function listOpenInvitations(db: Db, orgId: string, now: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.org_id, orgId), isNull(invitations.accepted_at), isNull(invitations.revoked_at), gt(invitations.expires_at, now)))
    .orderBy(desc(invitations.created_at), desc(invitations.id));
}

/** The organisation's invitation with this id if it is neither accepted nor revoked (expired or not). */
export async function findUnusedInvitation(db: Db, orgId: string, invitationId: string): Promise<InvitationRow | undefined> {
  const rows = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.org_id, orgId), isNull(invitations.accepted_at), isNull(invitations.revoked_at)))
    .limit(1);
  return rows[0];
}

export async function insertInvitation(tx: Db, row: NewInvitationRow): Promise<InvitationRow> {
  return (await tx.insert(invitations).values(row).returning())[0]!;
}

/** Revokes every unused invitation of the organisation to this e-mail. */
export async function revokeUnusedInvitationsTo(tx: Db, orgId: string, email: string, now: string): Promise<void> {
  await tx
    .update(invitations)
    .set({ revoked_at: now })
    .where(and(eq(invitations.org_id, orgId), eq(invitations.email, email), isNull(invitations.accepted_at), isNull(invitations.revoked_at)));
}

export async function markInvitationRevoked(tx: Db, invitationId: string, now: string): Promise<void> {
  await tx.update(invitations).set({ revoked_at: now }).where(eq(invitations.id, invitationId));
}

export async function markInvitationAccepted(tx: Db, invitationId: string, now: string): Promise<void> {
  await tx.update(invitations).set({ accepted_at: now }).where(eq(invitations.id, invitationId));
}
