// What a benchmark sets the app's figures beside: the same work done as plainly as the engine's
// driver allows, measured in the same run. The measuring code is engine-neutral; each engine
// plugs in its floor (./bench-floor-sqlite.ts, ./bench-floor-postgres.ts).
import type { Database, PostgresDatabase, SqliteDatabase } from '@fordran/store';
import { sqliteFloor } from './bench-floor-sqlite';
import { postgresFloor } from './bench-floor-postgres';

/** Raw writes: statements with `?` placeholders, and the transactions to run, in order, each a list of (statement, values). */
export interface WritePlan {
  statements: string[];
  transactions: [statement: number, values: unknown[]][][];
}

export interface BenchFloor {
  /** The driver, for labels: `better-sqlite3`, `pg`. */
  driver: string;
  /** Prepares `SELECT * FROM cases WHERE id = ?` once; the returned function runs it (the bare route's read). */
  caseById(): (id: string) => Promise<unknown>;
  /** Runs `plan`'s transactions one after the other, each statement prepared once, one execution per row. */
  write(plan: WritePlan): Promise<void>;
}

/** The floor on `database`'s engine, over the driver the app itself uses there. */
export function benchFloor(database: Database): BenchFloor {
  return database.engine === 'sqlite' ? sqliteFloor(database as SqliteDatabase) : postgresFloor(database as PostgresDatabase);
}
