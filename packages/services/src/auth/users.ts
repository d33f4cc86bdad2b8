import { eq } from 'drizzle-orm';
import { profiles, users, type DbOrTx } from '@fordran/store';

/** Inserts a user and their profile (one row each, same id). The e-mail must be lower-cased. */
export function insertUserWithProfile(tx: DbOrTx, user: { id: string; email: string; password_hash: string; full_name: string; now: string }): void {
  tx.insert(users).values({ id: user.id, email: user.email, password_hash: user.password_hash, created_at: user.now, updated_at: user.now }).run();
  tx.insert(profiles).values({ id: user.id, full_name: user.full_name, email: user.email, avatar_url: null, created_at: user.now, updated_at: user.now }).run();
}

/** The name a person is shown by (timeline, notifications): profile name, else e-mail. */
export function personName(db: DbOrTx, userId: string): string {
  const row = db
    .select({ full_name: profiles.full_name, email: users.email })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .get();
  return row?.full_name || row?.email || 'Okänd användare';
}

export function findUserIdByEmail(db: DbOrTx, email: string): string | null {
  return db.select({ id: users.id }).from(users).where(eq(users.email, email)).get()?.id ?? null;
}

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed|duplicate key/i.test(error.message);
}
