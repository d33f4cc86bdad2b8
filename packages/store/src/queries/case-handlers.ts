import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../database';
import { profiles, userOrgRoles, users } from '../schema';
import type { UserOrgRoleRow } from '../types';

/** Members of the organisation with one of `roles` (`userId` alone when given), by name then e-mail, ties by id. */
export function listCaseHandlerRows(
  db: Db,
  orgId: string,
  roles: UserOrgRoleRow['role'][],
  userId?: string,
): Promise<{ user_id: string; full_name: string | null; email: string }[]> {
  return db
    .select({ user_id: userOrgRoles.user_id, full_name: profiles.full_name, email: users.email })
    .from(userOrgRoles)
    .innerJoin(users, eq(users.id, userOrgRoles.user_id))
    .leftJoin(profiles, eq(profiles.id, userOrgRoles.user_id))
    .where(and(eq(userOrgRoles.org_id, orgId), inArray(userOrgRoles.role, roles), userId === undefined ? undefined : eq(userOrgRoles.user_id, userId)))
    .orderBy(asc(profiles.full_name), asc(users.email), asc(userOrgRoles.user_id));
}
