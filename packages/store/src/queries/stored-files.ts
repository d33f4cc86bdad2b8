import { eq, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { storedFiles } from '../schema';

/*
 * File contents kept in the database (files/database-storage.ts): one row per FileStorage key.
 */

export interface StoredFileContent {
  content: Buffer;
  content_type: string;
}

/** Stores `content` under `key`, replacing whatever was stored there (one statement: no moment without a file). */
export async function upsertStoredFile(tx: Db, file: { key: string; content: Buffer; content_type: string; created_at: string }): Promise<void> {
  const { content, content_type, created_at } = file;
  await tx
    .insert(storedFiles)
    .values({ ...file, size: content.byteLength })
    .onConflictDoUpdate({ target: storedFiles.key, set: { content, content_type, size: content.byteLength, created_at } });
}

/** The content stored under `key`, if any. */
export async function findStoredFile(db: Db, key: string): Promise<StoredFileContent | undefined> {
  return (
    await db.select({ content: storedFiles.content, content_type: storedFiles.content_type }).from(storedFiles).where(eq(storedFiles.key, key)).limit(1)
  )[0];
}

export async function deleteStoredFile(tx: Db, key: string): Promise<void> {
  await tx.delete(storedFiles).where(eq(storedFiles.key, key));
}

/**
 * Files whose key starts with `prefix`, by key in code-unit order on both engines (PostgreSQL's
 * collation would order otherwise). substr, not LIKE: `_` is a LIKE wildcard and legal in keys.
 */
export async function listStoredFiles(db: Db, prefix: string): Promise<{ key: string; size: number; stored_at: string }[]> {
  const rows = await db
    .select({ key: storedFiles.key, size: storedFiles.size, stored_at: storedFiles.created_at })
    .from(storedFiles)
    .where(sql`substr(${storedFiles.key}, 1, ${prefix.length}) = ${prefix}`);
  return rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
