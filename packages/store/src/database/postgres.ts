import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { openPgStore, type OpenPgStoreOptions } from '../open-pg-store';
import type { Database, Db } from './database';
import { createPgChannels, type Channel } from './pg-channels';
import { currentScope, runAfterCommit, runInScope, withSavepoint, type TransactionScope } from './transaction-scope';

/*
 * PostgreSQL behind the engine-neutral store. The services' queries are drizzle's SQLite builders;
 * drizzle's PostgreSQL dialect renders them from the tables' and columns' names, and the values
 * come back through the SQLite columns' decoders. So the driver must hand those decoders what
 * SQLite would: a bigint (öre, counts) or a numeric (a sum of öre) as a number, json as its text.
 * Dates already arrive as `YYYY-MM-DD` text (drizzle's session keeps them raw, DateStyle ISO).
 * Every value Fordran stores in these types is a whole number below 2^53.
 */
const INT8 = 20;
const NUMERIC = 1700;
const JSON_OID = 114;
pg.types.setTypeParser(INT8, Number);
pg.types.setTypeParser(NUMERIC, Number);
pg.types.setTypeParser(JSON_OID, (text: string) => text);

/** SQLSTATEs after which a SERIALIZABLE transaction may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);

export interface PostgresDatabase extends Database {
  readonly engine: 'postgres';
  readonly pool: pg.Pool;
  /**
   * A channel every instance on this database shares (NOTIFY, and one LISTENing connection per
   * instance, opened with the first channel): resolves once this instance listens on it.
   */
  channel(name: string): Promise<Channel>;
}

/** The SQLSTATE of a failed query; drizzle wraps the driver's error as its `cause`. */
export function sqlState(error: unknown): string | undefined {
  for (let cause = error; cause instanceof Error || (typeof cause === 'object' && cause !== null); cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function isRetryable(error: unknown): boolean {
  const state = sqlState(error);
  return state !== undefined && RETRYABLE.has(state);
}

/**
 * Connects to (and migrates) the PostgreSQL database at `url` as the engine-neutral store. Write
 * transactions are SERIALIZABLE and run again, after a short jittered pause, when PostgreSQL
 * reports a serialization failure or a deadlock (at most `retries` times, default 10).
 * @example const database = await openPostgresDatabase(process.env.FORDRAN_DATABASE_URL!, { poolSize: 20 });
 */
export async function openPostgresDatabase(url: string, options: OpenPgStoreOptions = {}): Promise<PostgresDatabase> {
  const store = await openPgStore(url, options);
  const channels = createPgChannels(url, store.pool);
  const pgDb: NodePgDatabase = drizzle({ client: store.pool });
  const owner = {};
  let running = 0;
  let idle: (() => void) | null = null;

  async function attempt<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    let scope!: TransactionScope;
    const result = await pgDb.transaction(
      async (pgTx) => {
        const exec = async (statement: string) => {
          await pgTx.execute(sql.raw(statement));
        };
        scope = { owner, tx: pgTx as unknown as Db, exec, savepoints: 0, afterCommit: [] };
        return runInScope(scope, () => fn(scope.tx));
      },
      { isolationLevel: 'serializable' },
    );
    runAfterCommit(scope);
    return result;
  }

  async function runTransaction<T>(fn: (tx: Db) => Promise<T>, retries: number): Promise<T> {
    for (let tries = 0, pauseMs = 5; ; tries += 1, pauseMs = Math.min(pauseMs * 2, 200)) {
      try {
        return await attempt(fn);
      } catch (error) {
        if (!isRetryable(error) || tries >= retries) throw error;
      }
      await sleep(pauseMs / 2 + Math.random() * pauseMs);
    }
  }

  return {
    engine: 'postgres',
    pool: store.pool,
    db: pgDb as unknown as Db,
    async transaction(fn, options) {
      const scope = currentScope(owner);
      if (scope) return withSavepoint(scope, fn);
      running += 1;
      try {
        return await runTransaction(fn, options?.retries ?? 10);
      } finally {
        running -= 1;
        if (running === 0) idle?.();
      }
    },
    channel: (name) => channels.open(name),
    async optimize() {
      await store.pool.query('ANALYZE');
    },
    async close() {
      if (running > 0) await new Promise<void>((resolve) => (idle = resolve));
      await channels.close();
      await store.close();
    },
  };
}
