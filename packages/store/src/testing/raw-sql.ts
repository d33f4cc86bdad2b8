import pg from 'pg';
import type { Database } from '../database';
import type { PostgresDatabase } from '../database/postgres';
import type { SqliteDatabase } from '../database/sqlite';

/*
 * Raw SQL for tests on either engine: fixtures that insert rows no feature writes yet, and checks
 * that read what a use case left behind. `?` placeholders on both engines; rows come back as
 * objects with the values the store's drivers give (numbers for öre and counts, dates as
 * `YYYY-MM-DD` and json as text on both). Booleans differ: SQLite answers 0/1, PostgreSQL
 * false/true; compare them with `Boolean()`.
 */

/** Runs one statement; returns its rows (none for a write without RETURNING). */
export type RawSql = <T = Record<string, unknown>>(text: string, ...params: unknown[]) => Promise<T[]>;

/** `?` → `$1`, `$2`, … (PostgreSQL's placeholders), leaving `?` inside quoted text alone. */
export function numberPlaceholders(text: string): string {
  let n = 0;
  return text.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\?/g, (token) => (token === '?' ? `$${++n}` : token));
}

/** A `date` as SQLite has it (`YYYY-MM-DD` text), not a JS Date; every other type as the store reads it. */
const ISO_DATES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.DATE ? (value: string) => value : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function rawSql(database: Database): RawSql {
  if (database.engine === 'postgres') {
    const { pool } = database as PostgresDatabase;
    return async <T>(text: string, ...params: unknown[]) =>
      (await pool.query({ text: numberPlaceholders(text), values: params, types: ISO_DATES })).rows as T[];
  }
  return sqliteRawSql((database as SqliteDatabase).sqlite);
}

/** The same over a SQLite connection of its own (browser tests, beside a running server). */
export function sqliteRawSql(connection: SqliteDatabase['sqlite']): RawSql {
  return async <T>(text: string, ...params: unknown[]) => {
    const statement = connection.prepare(text);
    const values = params.map((value) => (typeof value === 'boolean' ? Number(value) : value));
    if (statement.reader) return statement.all(...values) as T[];
    statement.run(...values);
    return [];
  };
}

/** The application's tables (no migration bookkeeping), by name. */
export async function listTableNames(database: Database): Promise<string[]> {
  const sql = rawSql(database);
  const rows =
    database.engine === 'postgres'
      ? await sql<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE '__drizzle%' ORDER BY 1")
      : await sql<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY 1",
        );
  return rows.map((row) => row.name);
}

/** Every table's row count, in one statement (to prove a refused request changed nothing). */
export async function tableRowCounts(database: Database): Promise<Record<string, number>> {
  const names = await listTableNames(database);
  const counts = names.map((name, index) => `(SELECT count(*) FROM "${name}") AS c${index}`).join(', ');
  const [row] = await rawSql(database)<Record<string, number>>(`SELECT ${counts}`);
  return Object.fromEntries(names.map((name, index) => [name, Number(row![`c${index}`])]));
}
