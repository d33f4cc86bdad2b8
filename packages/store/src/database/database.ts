import { is } from 'drizzle-orm';
import { PgDatabase } from 'drizzle-orm/pg-core';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type * as schema from '../schema';

/*
 * The engine-neutral store (issue 17): the services are written once, against this, and run on the
 * embedded SQLite file or on PostgreSQL.
 *
 * Queries are drizzle's SQLite query builders over the tables of ../schema, always awaited. The
 * same builders run on PostgreSQL: drizzle's PostgreSQL dialect renders a table or column from
 * its name, whichever dialect declared it, and the PostgreSQL driver is set to hand back exactly
 * what SQLite does (bigint öre as numbers, dates as `YYYY-MM-DD`, json as its text), so every
 * column reads back the same value on both engines (postgres.ts). What does not carry over, and is
 * therefore not used: the synchronous terminals `.get()`, `.all()`, `.run()`, `.values()` (await
 * the builder; take `[0]` of a `.limit(1)`), the result of a write without `.returning()` (its
 * shape differs; return the ids you need), and SQL functions only one engine has.
 */

/** Which engine answers: `GET /api/health` says so. */
export type Engine = 'sqlite' | 'postgres';

/** The one query API: drizzle's SQLite builders, awaited. The same type inside a transaction. */
export type Db = BaseSQLiteDatabase<'async', unknown, typeof schema>;

/**
 * Which engine a `Db` (a database's reads or a transaction) runs on, for the rare query that
 * says something only one engine can (a row lock). Behind the `Db` type the object is drizzle's
 * PostgreSQL database or transaction on PostgreSQL.
 */
export function engineOf(db: Db): Engine {
  return is(db, PgDatabase) ? 'postgres' : 'sqlite';
}

export interface TransactionOptions {
  /**
   * How often PostgreSQL may run the function again after a serialization failure (default 10).
   * SQLite serialises write transactions and never needs to.
   */
  retries?: number;
}

export interface Database {
  readonly engine: Engine;
  /**
   * Reads outside a transaction: each statement sees committed data. Write only inside
   * `transaction`, so that every multi-row write is whole or nothing.
   */
  readonly db: Db;
  /**
   * Runs `fn` in one transaction: commits when it resolves, rolls back when it rejects. Called
   * inside another transaction it joins it as a savepoint (rolled back alone when it rejects).
   *
   * On PostgreSQL the transaction is SERIALIZABLE and `fn` is run again from the start when the
   * database reports a serialization failure, so two instances can never both spend the same
   * outstanding balance or book the same bank transaction: `fn` must have no effect outside the
   * database before it resolves (use `afterCommit` for those). On SQLite write transactions are
   * serialised in this process (one at a time, in order of arrival) and take the file's write lock
   * at BEGIN, waiting for another process asynchronously, never blocking the event loop.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Refreshes the planner's statistics where much changed (after large batch writes). */
  optimize(): Promise<void>;
  /** Waits for running transactions, then closes every connection. */
  close(): Promise<void>;
}
