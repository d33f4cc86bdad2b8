// What a benchmark sets the app's figures beside: the same work done as plainly as the engine's
// driver allows, measured in the same run. The measuring code is engine-neutral; each engine
// plugs in its floor (./bench-floor-sqlite.ts, ./bench-floor-postgres.ts).
import type { Database, PostgresDatabase, SqliteDatabase } from '@fordran/store';
import type { RawSql } from '@fordran/store/testing';
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

/** Rows as read back by raw SQL, per written table. */
export type WrittenRows<Table extends string> = Record<Table, Record<string, unknown>[]>;

/**
 * The newest id of each table. Ids are UUIDv7 (packages/store/src/ids), so on either engine the
 * rows a later write adds are exactly those with a greater id.
 */
export async function newestIds(sql: RawSql, tables: readonly string[]): Promise<Record<string, string>> {
  const newest: Record<string, string> = {};
  for (const table of tables) newest[table] = (await sql<{ id: string | null }>(`SELECT max(id) AS id FROM ${table}`))[0]?.id ?? '';
  return newest;
}

/**
 * What was written after `before`, read back in the order written, then deleted (children first:
 * `tables` in foreign-key order), so that a floor's raw inserts write the same rows again into the
 * same tables — same indexes, same ids.
 */
export async function takeBackWrittenRows<Table extends string>(
  sql: RawSql,
  tables: readonly Table[],
  before: Record<string, string>,
): Promise<WrittenRows<Table>> {
  const written = {} as WrittenRows<Table>;
  for (const table of tables) written[table] = await sql(`SELECT * FROM ${table} WHERE id > ? ORDER BY id`, before[table]);
  for (const table of [...tables].reverse()) await sql(`DELETE FROM ${table} WHERE id > ?`, before[table]);
  return written;
}
