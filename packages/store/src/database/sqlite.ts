import BetterSqlite3 from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { retryWhileBusy } from '../busy';
import { openStore, type OpenStoreOptions } from '../open-store';
import * as schema from '../schema';
import type { Database, Db } from './database';
import { currentScope, runAfterCommit, runInScope, withSavepoint, type TransactionScope } from './transaction-scope';

/*
 * SQLite behind the engine-neutral store. better-sqlite3 is synchronous and a connection has one
 * transaction at a time, so an asynchronous transaction owns the writing connection from BEGIN to
 * COMMIT: write transactions queue in this process, in order of arrival. Reads outside a
 * transaction go through a second, read-only connection, which (WAL) sees the last commit and never
 * an open transaction's half-done writes. The writer takes the file's lock at BEGIN (IMMEDIATE)
 * with no busy wait of its own: while another process (a CLI import) writes, BEGIN is retried
 * asynchronously, so no request ever blocks the event loop waiting for a lock.
 */

export interface SqliteDatabase extends Database {
  readonly engine: 'sqlite';
  /** The file's path (`:memory:` for a private in-memory database). */
  readonly path: string;
  /**
   * The writing connection itself, for what only SQLite has (online backup, PRAGMAs, tests' raw
   * SQL). Never for the services' reads or writes: they go through `db` and `transaction`.
   */
  readonly sqlite: BetterSqlite3.Database;
}

/**
 * Opens (creating and migrating) the SQLite database at `path` as the engine-neutral store.
 * `:memory:` gives one private connection for reads and writes (tests): there a read outside a
 * transaction may see the running transaction's writes.
 * @example const database = openSqliteDatabase('./data/fordran.db'); await database.transaction(async (tx) => tx.insert(cases).values(row));
 */
export function openSqliteDatabase(path: string, options: OpenStoreOptions = {}): SqliteDatabase {
  // Migrating on open may wait (blocking) for another process; afterwards the writer never does.
  const writer = openStore(path, options);
  writer.setBusyTimeout(0);
  const memory = writer.sqlite.memory;
  const readerConnection = memory ? writer.sqlite : new BetterSqlite3(path, { readonly: true, fileMustExist: true });
  if (!memory) {
    // A reader only waits on a checkpoint's brief lock, never on a writer (WAL).
    readerConnection.pragma('busy_timeout = 100');
    readerConnection.pragma('cache_size = -65536');
  }
  const tx = writer.db as unknown as Db;
  const reader = (memory ? writer.db : drizzle({ client: readerConnection, schema })) as unknown as Db;
  const exec = async (sql: string) => {
    writer.sqlite.exec(sql);
  };
  const owner = {};
  let queue: Promise<unknown> = Promise.resolve();

  async function runTransaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    await retryWhileBusy(() => writer.sqlite.exec('BEGIN IMMEDIATE'));
    const scope: TransactionScope = { owner, tx, exec, savepoints: 0, afterCommit: [] };
    try {
      const result = await runInScope(scope, () => fn(tx));
      await retryWhileBusy(() => writer.sqlite.exec('COMMIT'));
      runAfterCommit(scope);
      return result;
    } catch (error) {
      if (writer.sqlite.inTransaction) writer.sqlite.exec('ROLLBACK');
      throw error;
    }
  }

  return {
    engine: 'sqlite',
    path,
    sqlite: writer.sqlite,
    db: reader,
    transaction(fn) {
      const scope = currentScope(owner);
      if (scope) return withSavepoint(scope, fn);
      const turn = queue.then(() => runTransaction(fn));
      queue = turn.catch(() => undefined);
      return turn;
    },
    async optimize() {
      await queue;
      writer.optimize();
    },
    async close() {
      await queue;
      if (readerConnection !== writer.sqlite && readerConnection.open) readerConnection.close();
      writer.close();
    },
  };
}
