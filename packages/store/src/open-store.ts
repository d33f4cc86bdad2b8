import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema';

/** The typed drizzle database over the whole schema. */
export type StoreDb = BetterSQLite3Database<typeof schema>;
/** The handle passed to a transaction callback; it has the same query API as StoreDb. */
export type StoreTx = Parameters<Parameters<StoreDb['transaction']>[0]>[0];
/** Query functions take either, so they work inside and outside a transaction. */
export type DbOrTx = StoreDb | StoreTx;

/** How a transaction takes its lock; see https://sqlite.org/lang_transaction.html. */
export type TransactionBehavior = 'deferred' | 'immediate' | 'exclusive';

export interface OpenStoreOptions {
  /** Apply pending migrations on open (default true: the app migrates on start). */
  migrate?: boolean;
  /** Folder of drizzle-kit migrations (default: packages/store/migrations). */
  migrationsFolder?: string;
  /**
   * How long a writer waits for another connection's lock, in ms (default 5000). The wait blocks
   * the thread; a server lowers it after opening (`setBusyTimeout`) and waits asynchronously.
   */
  busyTimeoutMs?: number;
}

export interface Store {
  /** The engine that answers (`GET /api/health` reports it); PostgreSQL comes with issue 17. */
  readonly engine: 'sqlite';
  db: StoreDb;
  sqlite: Database.Database;
  /**
   * Runs `fn` in one transaction: commits when it returns, rolls back when it throws. better-sqlite3
   * is synchronous, so `fn` must not be async (a returned promise is rejected). Default behaviour
   * is IMMEDIATE: the write lock is taken at BEGIN, so two writers queue on busy_timeout instead
   * of one failing with SQLITE_BUSY when it upgrades a read lock.
   */
  transaction<T>(fn: (tx: StoreTx) => T, behavior?: TransactionBehavior): T;
  /** Refreshes the planner's statistics where the data changed much (after large batch writes). */
  optimize(): void;
  /** Changes how long a statement waits (blocking) for another connection's write lock, in ms. */
  setBusyTimeout(ms: number): void;
  /** Rows this connection has inserted, updated or deleted since it opened (SQLite's total_changes()). */
  totalChanges(): number;
  close(): void;
}

/** packages/store/migrations, found from this file so any working directory works. */
export const DEFAULT_MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

function isMemoryPath(path: string): boolean {
  return path === ':memory:' || path === '' || path.startsWith('file::memory:');
}

/**
 * Opens (creating if needed) the SQLite database at `path` and migrates it.
 * WAL journal (readers never block the writer), foreign keys enforced, synchronous NORMAL (safe
 * with WAL: a power cut can lose the last commits but never corrupts), busy_timeout for
 * concurrent writers. `:memory:` gives a private in-memory database (tests).
 * @example const store = openStore('./data/fordran.db'); store.db.select().from(cases).all();
 */
export function openStore(path: string, options: OpenStoreOptions = {}): Store {
  const memory = isMemoryPath(path);
  if (!memory) mkdirSync(dirname(resolve(path)), { recursive: true });

  const sqlite = new Database(path);
  const setBusyTimeout = (ms: number) => {
    sqlite.pragma(`busy_timeout = ${Math.max(0, Math.trunc(ms))}`);
  };
  try {
    setBusyTimeout(options.busyTimeoutMs ?? 5000);
    if (!memory) sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    // 64 MiB of page cache (SQLite's default is 2 MiB): a 100 000-case database is over 1 GB and
    // imports and nightly jobs touch index pages all over it.
    sqlite.pragma('cache_size = -65536');
    sqlite.pragma('foreign_keys = ON');

    const db = drizzle({ client: sqlite, schema });
    const totalChanges = sqlite.prepare('SELECT total_changes() AS n');
    if (options.migrate ?? true) {
      migrate(db, { migrationsFolder: options.migrationsFolder ?? DEFAULT_MIGRATIONS_FOLDER });
    }
    // Table statistics for the query planner, as SQLite advises on open: without them it cannot
    // tell that every row of a table has the same org_id and picks indexes that sort 100 000
    // cases for one page. Cheap when nothing changed; bounded by analysis_limit when it did.
    sqlite.pragma('analysis_limit = 1000');
    sqlite.pragma('optimize = 0x10002');

    return {
      engine: 'sqlite',
      db,
      sqlite,
      transaction: (fn, behavior = 'immediate') => db.transaction(fn, { behavior }),
      optimize: () => {
        sqlite.pragma('optimize');
      },
      setBusyTimeout,
      totalChanges: () => (totalChanges.get() as { n: number }).n,
      close: () => {
        if (sqlite.open) sqlite.close();
      },
    };
  } catch (error) {
    sqlite.close();
    throw error;
  }
}
