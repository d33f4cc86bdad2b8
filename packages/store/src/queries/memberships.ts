import { and, asc, count, eq, ne } from 'drizzle-orm';
import { creditors, organisations, profiles, userOrgRoles, users } from '../schema';
import type { Db } from '../database';
import type { NewUserOrgRoleRow, UserOrgRoleRow } from '../types';

/** A user's membership row in one organisation joined with what requests need of the organisation. */
export async function findMembershipRow(db: Db, userId: string, orgId: string) {
  const rows = await db
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
    .limit(1);
  return rows[0];
}

/** Every membership of a user with its organisation's name and MFA rule, oldest first. */
export function listUserMembershipRows(db: Db, userId: string) {
  return db
    .select({
      org_id: userOrgRoles.org_id,
      org_name: organisations.name,
      role: userOrgRoles.role,
      creditor_id: userOrgRoles.creditor_id,
      require_mfa: organisations.require_mfa,
    })
    .from(userOrgRoles)
    .innerJoin(organisations, eq(organisations.id, userOrgRoles.org_id))
    .where(eq(userOrgRoles.user_id, userId))
    .orderBy(asc(userOrgRoles.created_at), asc(organisations.name), asc(userOrgRoles.id));
}

/** True when the user is a member of an organisation that requires a second factor. */
export async function isMemberOfMfaRequiringOrganisation(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: organisations.id })
    .from(userOrgRoles)
    .innerJoin(organisations, eq(organisations.id, userOrgRoles.org_id))
    .where(and(eq(userOrgRoles.user_id, userId), eq(organisations.require_mfa, true)))
    .limit(1);
  return rows.length > 0;
}

export async function isOrganisationMember(db: Db, orgId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: userOrgRoles.id })
    .from(userOrgRoles)
    .where(and(eq(userOrgRoles.org_id, orgId), eq(userOrgRoles.user_id, userId)))
    .limit(1);
  return rows.length > 0;
}

/** True when the user with this (lower-cased) e-mail is a member of the organisation. */
export async function isOrganisationMemberByEmail(db: Db, orgId: string, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: userOrgRoles.id })
    .from(userOrgRoles)
    .innerJoin(users, eq(users.id, userOrgRoles.user_id))
    .where(and(eq(userOrgRoles.org_id, orgId), eq(users.email, email)))
    .limit(1);
  return rows.length > 0;
}

/** True when the creditor belongs to the organisation (a client member's creditor must). */
export async function isCreditorOfOrganisation(db: Db, orgId: string, creditorId: string): Promise<boolean> {
  const rows = await db
    .select({ id: creditors.id })
    .from(creditors)
    .where(and(eq(creditors.id, creditorId), eq(creditors.org_id, orgId)))
    .limit(1);
  return rows.length > 0;
}

export async function insertMembership(tx: Db, row: NewUserOrgRoleRow): Promise<void> {
  await tx.insert(userOrgRoles).values(row);
}

/** Members of `orgId` with name and e-mail, oldest first; only `userId`'s when it is given. */
export function listMemberRows(db: Db, orgId: string, userId?: string) {
  return db
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
    .orderBy(asc(userOrgRoles.created_at), asc(users.email));
}

/** How many admins the organisation has besides `userId`. */
export async function countOtherAdmins(db: Db, orgId: string, userId: string): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(userOrgRoles)
    .where(and(eq(userOrgRoles.org_id, orgId), eq(userOrgRoles.role, 'admin'), ne(userOrgRoles.user_id, userId)));
  return rows[0]?.n ?? 0;
}

export async function updateMembershipRole(tx: Db, orgId: string, userId: string, change: Pick<UserOrgRoleRow, 'role' | 'creditor_id'>): Promise<void> {
  await tx
    .update(userOrgRoles)
    .set(change)
    .where(and(eq(userOrgRoles.org_id, orgId), eq(userOrgRoles.user_id, userId)));
}

export async function deleteMembership(tx: Db, orgId: string, userId: string): Promise<void> {
  await tx.delete(userOrgRoles).where(and(eq(userOrgRoles.org_id, orgId), eq(userOrgRoles.user_id, userId)));
}
