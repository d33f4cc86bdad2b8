import type { Database } from './database';
import { openPostgresDatabase, type PostgresDatabase } from './postgres';
import { openSqliteDatabase, type SqliteDatabase } from './sqlite';

/*
 * Where the database is, as the server and the CLI are configured (FORDRAN_DATABASE_URL for
 * PostgreSQL, else the SQLite file of FORDRAN_DB), and what opening and migrating it takes.
 */

export type DatabaseLocation = { engine: 'sqlite'; path: string } | { engine: 'postgres'; url: string; poolSize?: number };

/**
 * Opens the database at `location`, migrating it unless `migrate` is false.
 * @example const database = await openDatabase({ engine: 'postgres', url: process.env.FORDRAN_DATABASE_URL!, poolSize: 20 });
 */
export async function openDatabase(location: DatabaseLocation, options: { migrate?: boolean } = {}): Promise<Database> {
  const migrate = options.migrate ?? true;
  if (location.engine === 'sqlite') return openSqliteDatabase(location.path, { migrate });
  return openPostgresDatabase(location.url, { migrate, ...(location.poolSize ? { poolSize: location.poolSize } : {}) });
}

/** The location for people and logs: a PostgreSQL URL without its password. */
export function describeLocation(location: DatabaseLocation): string {
  if (location.engine === 'sqlite') return location.path;
  try {
    const url = new URL(location.url);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'postgres://…';
  }
}

export interface MigrationResult {
  /** Migrations applied by this call. */
  applied: number;
  /** Migrations the database has now. */
  total: number;
}

/** Migrations recorded as applied (drizzle's bookkeeping table; none before the first). */
async function recordedMigrations(database: Database): Promise<number> {
  if (database.engine === 'postgres') {
    const { pool } = database as PostgresDatabase;
    const { rows } = await pool.query<{ present: boolean }>("SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present");
    if (!rows[0]?.present) return 0;
    return (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows[0]!.n;
  }
  const { sqlite } = database as SqliteDatabase;
  if (!sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get()) return 0;
  return (sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }).n;
}

async function countMigrations(location: DatabaseLocation, migrate: boolean): Promise<number> {
  const database = await openDatabase(location, { migrate });
  try {
    return await recordedMigrations(database);
  } finally {
    await database.close();
  }
}

/**
 * Creates the database if it is a missing SQLite file, applies the pending migrations (on
 * PostgreSQL under the advisory lock every instance takes) and says how many it applied.
 */
export async function migrateDatabase(location: DatabaseLocation): Promise<MigrationResult> {
  const before = await countMigrations(location, false);
  const total = await countMigrations(location, true);
  return { applied: total - before, total };
}
