import { asc, eq, getTableColumns, getTableName, gt, sql, type Column, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { DomainError } from '@fordran/core';
import type { Database, Db } from '../database';
import { openPostgresDatabase } from '../database/postgres';
import { openPgStore } from '../open-pg-store';
import { ALL_TABLES } from '../tables';
import { orderParentsFirst, type OrderedTable } from '../table-order';
import { createDatabaseFileStorage, type FileStorage } from '../files';
import { compareDatabases, countTableRows, type DatabaseComparison } from './compare-databases';
import { copyFiles, type FilesCopyReport } from './copy-files';

/*
 * Moving an agency from its SQLite file to PostgreSQL (`fordran db copy`, issue 17): every row of
 * every table into an empty PostgreSQL database, in one transaction, then a check of the copy.
 *
 * Values cross as the source's driver gives them (text, integers, 0/1 for a flag, json as its
 * text, a date as `YYYY-MM-DD`) and PostgreSQL reads each by its column's type, so nothing is
 * decoded and encoded again on the way: a json document keeps its exact text, öre stay integers.
 */

/** Bind parameters per INSERT: PostgreSQL allows 65 535. */
const MAX_PARAMETERS = 30_000;

export interface CopyOptions {
  /** Rows per INSERT at most (default 1 000, fewer for wide tables). */
  batchRows?: number;
  /** The source installation's files (its data folder): copied into the target's stored_files. */
  files?: FileStorage;
  /** Told after every batch: rows copied so far of all rows to copy. */
  onProgress?: (copied: number, total: number) => void;
}

/** A row whose deferred references are set once every table is filled. */
interface DeferredRow {
  table: SQLiteTable;
  id: unknown;
  values: Record<string, unknown>;
}

type RawRow = Record<string, unknown>;

/** A value passed through as it is: a bare parameter skips the column's encoder. */
const asIs = (value: unknown): SQL => sql`${value}`;

/**
 * Refuses a PostgreSQL database that holds any row in any table (drizzle's migration bookkeeping
 * aside), before anything there is changed, migrations included.
 */
async function assertEmpty(url: string): Promise<void> {
  const store = await openPgStore(url, { migrate: false, poolSize: 1 });
  try {
    const { rows: tables } = await store.pool.query<{ name: string }>(
      "SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema', 'drizzle') ORDER BY 1",
    );
    const holding: Record<string, number> = {};
    for (const { name } of tables) {
      const n = (await store.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`)).rows[0]!.n;
      if (n > 0) holding[name] = n;
    }
    const names = Object.keys(holding);
    if (names.length === 0) return;
    const listed = names.slice(0, 5).join(', ') + (names.length > 5 ? ` och ${names.length - 5} till` : '');
    throw new DomainError(
      'CONFLICT',
      `Måldatabasen innehåller redan data (${listed}); ingenting har ändrats. Kopiera bara till en ny, tom PostgreSQL-databas. ` +
        '(The target database already holds data; nothing was changed. Copy only into a new, empty PostgreSQL database.)',
      { tables: holding },
    );
  } finally {
    await store.close();
  }
}

/** Copies one table in primary-key order, batch by batch; adds the rows whose deferred columns wait to `waiting`. */
async function copyTable(
  from: Db,
  to: Db,
  { table, deferred }: OrderedTable,
  batchRows: number,
  copied: (rows: number) => void,
  waiting: DeferredRow[],
): Promise<void> {
  const columns = Object.entries(getTableColumns(table) as Record<string, Column>);
  const [idKey, idColumn] = columns.find(([, column]) => column.primary) ?? [];
  if (!idKey || !idColumn) throw new Error(`${getTableName(table)} has no single-column primary key to copy it by`);
  const deferredKeys = columns.filter(([, column]) => (deferred as Column[]).includes(column)).map(([key]) => key);
  // Set again with the deferred columns, or drizzle's update would stamp them anew (updated_at).
  const stampedKeys = columns.filter(([, column]) => column.onUpdateFn !== undefined).map(([key]) => key);
  const selection = Object.fromEntries(columns.map(([key, column]) => [key, sql`${column}`]));
  const batch = Math.max(1, Math.min(batchRows, Math.floor(MAX_PARAMETERS / columns.length)));
  let after: unknown;
  for (;;) {
    const rows: RawRow[] = await from
      .select(selection)
      .from(table)
      .where(after === undefined ? undefined : gt(idColumn, after))
      .orderBy(asc(idColumn))
      .limit(batch);
    if (rows.length === 0) return;
    const values = rows.map((row) => Object.fromEntries(columns.map(([key]) => [key, asIs(deferredKeys.includes(key) ? null : row[key])])));
    await to.insert(table).values(values as never);
    for (const row of rows) {
      if (deferredKeys.some((key) => row[key] !== null)) {
        waiting.push({ table, id: row[idKey], values: Object.fromEntries([...deferredKeys, ...stampedKeys].map((key) => [key, row[key]])) });
      }
    }
    copied(rows.length);
    if (rows.length < batch) return;
    after = rows[rows.length - 1]![idKey];
  }
}

async function setDeferred(to: Db, rows: DeferredRow[]): Promise<void> {
  for (const { table, id, values } of rows) {
    const idColumn = Object.values(getTableColumns(table) as Record<string, Column>).find((column) => column.primary)!;
    const set = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, asIs(value)]));
    await to
      .update(table)
      .set(set as never)
      .where(eq(idColumn, id));
  }
}

export interface CopyReport extends DatabaseComparison {
  /** The files copied (null when no source files were given). */
  files: FilesCopyReport | null;
  /** Row counts, trial balance and files equal on both sides. */
  equal: boolean;
}

/**
 * Copies every row of `source` (the SQLite database, migrated) into the empty PostgreSQL database
 * at `targetUrl`: refuses a target holding data (a DomainError CONFLICT, nothing changed), migrates
 * it, copies table after table in foreign-key order in one transaction, then compares row counts
 * and trial balances of both. The source is read in one transaction (on SQLite it holds the write
 * lock, so nothing changes it meanwhile).
 * @example const report = await copyDatabase(openSqliteDatabase('./data/fordran.db'), 'postgres://fordran@db/fordran');
 */
export async function copyDatabase(source: Database, targetUrl: string, options: CopyOptions = {}): Promise<CopyReport> {
  await assertEmpty(targetUrl);
  const target = await openPostgresDatabase(targetUrl, { poolSize: 2 });
  try {
    const comparison = await source.transaction(async (from) => {
      const total = [...(await countTableRows(from)).values()].reduce((sum, n) => sum + n, 0);
      let copied = 0;
      const progress = (rows: number) => options.onProgress?.((copied += rows), total);
      await target.transaction(
        async (to) => {
          const deferred: DeferredRow[] = [];
          for (const ordered of orderParentsFirst(ALL_TABLES)) await copyTable(from, to, ordered, options.batchRows ?? 1_000, progress, deferred);
          await setDeferred(to, deferred);
        },
        // Nothing else writes to a new database; a conflict means a second copy into it.
        { retries: 0 },
      );
      await target.optimize();
      const compared = await compareDatabases(from, target.db);
      // After the rows and their comparison (stored_files is empty on SQLite). A failure midway
      // leaves a target that is not empty: like any failed check, it is emptied and copied again.
      const files = options.files ? await copyFiles(options.files, createDatabaseFileStorage(target)) : null;
      return { ...compared, files };
    });
    return { ...comparison, equal: comparison.counts_equal && comparison.trial_balance_equal && (comparison.files?.equal ?? true) };
  } finally {
    await target.close();
  }
}
