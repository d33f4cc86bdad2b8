import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import * as pgSchema from './schema/pg';

/*
 * PostgreSQL, the second engine (issue 17), through node-postgres (`pg`). Chosen over postgres.js
 * by measuring both through drizzle 0.45 on PostgreSQL 15 on a loaded 2-core machine, pool of one:
 * a prepared SELECT by id took 150–250 µs with either (no difference beyond the noise), and
 * inserting 10 000 rows in 20 transactions of 500 took 460–770 ms with pg against 570–1040 ms with
 * postgres.js. pg also gives a plain Pool with a size and dedicated clients, which LISTEN/NOTIFY
 * and advisory locks need.
 */

/** The typed drizzle database over the PostgreSQL twins of every table (./schema/pg.ts). */
export type PgStoreDb = NodePgDatabase<typeof pgSchema>;

export interface OpenPgStoreOptions {
  /** Most connections the pool opens (default 10). */
  poolSize?: number;
  /** Apply pending migrations on open (default true: the app migrates on start). */
  migrate?: boolean;
  /** Folder of drizzle-kit PostgreSQL migrations (default: packages/store/migrations-pg). */
  migrationsFolder?: string;
  /**
   * Told when an idle connection fails (server restart, failover, a killed backend); the pool
   * drops it and opens a new one when needed. Default: a line on stderr.
   */
  onIdleError?: (error: Error) => void;
}

export interface PgStore {
  db: PgStoreDb;
  pool: pg.Pool;
  /** Ends every connection of the pool. */
  close(): Promise<void>;
}

/** packages/store/migrations-pg, found from this file so any working directory works. */
export const DEFAULT_PG_MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations-pg', import.meta.url));

/** Any fixed number: the advisory lock every Fordran instance takes to migrate, one at a time. */
const MIGRATION_LOCK = 1_795_382_669;

/**
 * Connects a pool to the PostgreSQL database at `url` and migrates it. Every connection uses
 * DateStyle ISO, so a `date` reads back as `YYYY-MM-DD` whatever the server's default. Instances
 * starting together migrate one after the other (an advisory lock), so none sees a half-made schema.
 * @example const store = await openPgStore('postgres://fordran@db:5432/fordran', { poolSize: 20 });
 */
export async function openPgStore(url: string, options: OpenPgStoreOptions = {}): Promise<PgStore> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, options: '-c DateStyle=ISO,YMD' });
  // Without a listener, node-postgres's 'error' event of an idle connection ends the process.
  pool.on('error', options.onIdleError ?? ((error) => console.error(`PostgreSQL: an idle connection failed: ${error.message}`)));
  try {
    if (options.migrate ?? true) await migrateLocked(pool, options.migrationsFolder ?? DEFAULT_PG_MIGRATIONS_FOLDER);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db: drizzle({ client: pool, schema: pgSchema }), pool, close: () => (pool.ended ? Promise.resolve() : pool.end()) };
}

async function migrateLocked(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
