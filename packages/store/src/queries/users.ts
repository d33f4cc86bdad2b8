import { eq } from 'drizzle-orm';
import { profiles, users } from '../schema';
import type { Db } from '../database';
import type { NewProfileRow, NewUserRow, ProfileRow, UserRow } from '../types';

/** The user with this (lower-cased) e-mail, if any. */
export async function findUserRowByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];
}

/** A user's id and e-mail, if the user exists. */
export async function findUserAccount(db: Db, userId: string): Promise<{ id: string; email: string } | undefined> {
  return (await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).limit(1))[0];
}

/** A user's profile name (null when the profile or name is missing) and e-mail, if the user exists. */
export async function findUserNameRow(db: Db, userId: string): Promise<{ full_name: string | null; email: string } | undefined> {
  const rows = await db
    .select({ full_name: profiles.full_name, email: users.email })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

/** Inserts a user and their profile (same id). */
export async function insertUserAndProfile(tx: Db, user: NewUserRow, profile: NewProfileRow): Promise<void> {
  await tx.insert(users).values(user);
  await tx.insert(profiles).values(profile);
}

export type ProfileFields = Pick<ProfileRow, 'id' | 'full_name' | 'email' | 'avatar_url'>;

/** The displayed profile of a user, if any. */
export async function findProfileFields(db: Db, userId: string): Promise<ProfileFields | undefined> {
  const rows = await db
    .select({ id: profiles.id, full_name: profiles.full_name, email: profiles.email, avatar_url: profiles.avatar_url })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return rows[0];
}

export async function updateProfileRow(
  tx: Db,
  userId: string,
  change: Partial<Pick<ProfileRow, 'full_name' | 'avatar_url'>> & { updated_at: string },
): Promise<void> {
  await tx.update(profiles).set(change).where(eq(profiles.id, userId));
}
