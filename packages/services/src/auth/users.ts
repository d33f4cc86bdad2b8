import { findUserNameRow, findUserRowByEmail, insertUserAndProfile, type Db } from '@fordran/store';

/** Inserts a user and their profile (one row each, same id). The e-mail must be lower-cased. */
export async function insertUserWithProfile(tx: Db, user: { id: string; email: string; password_hash: string; full_name: string; now: string }): Promise<void> {
  await insertUserAndProfile(
    tx,
    { id: user.id, email: user.email, password_hash: user.password_hash, created_at: user.now, updated_at: user.now },
    { id: user.id, full_name: user.full_name, email: user.email, avatar_url: null, created_at: user.now, updated_at: user.now },
  );
}

/** The name a person is shown by (timeline, notifications): profile name, else e-mail. */
export async function personName(db: Db, userId: string): Promise<string> {
  const row = await findUserNameRow(db, userId);
  return row?.full_name || row?.email || 'Okänd användare';
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  return (await findUserRowByEmail(db, email))?.id ?? null;
}

export function isUniqueViolation(error: unknown): boolean {
  // drizzle may wrap the driver's error (PostgreSQL's "duplicate key") as the cause of its own.
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (/UNIQUE constraint failed|duplicate key/i.test(cause.message)) return true;
  }
  return false;
}
