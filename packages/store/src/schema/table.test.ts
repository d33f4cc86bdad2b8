import { getTableName, is, type Column } from 'drizzle-orm';
import type { IsoDate, Ore } from '@fordran/core';
import { getTableConfig as pgTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as sqliteSchema from './index';
import * as pgSchema from './pg';
import { pgTwin } from './table';
import type { CaseRow } from '../types';

// One definition, two engines (./table.ts): the PostgreSQL twin of each table must be the same
// table in everything but the column types, and those must map kind for kind. The catalogs of two
// migrated databases are compared in ../engine-parity.test.ts (needs a PostgreSQL server).

type SqliteSchema = typeof sqliteSchema;
type PgSchema = typeof pgSchema;
type TableName = { [K in keyof SqliteSchema]: SqliteSchema[K] extends SQLiteTable ? K : never }[keyof SqliteSchema];

const tableNames = (Object.keys(sqliteSchema) as (keyof SqliteSchema)[]).filter((key): key is TableName => is(sqliteSchema[key], SQLiteTable)).sort();

/** [SQLite type, PostgreSQL type] of every column kind in ./columns.ts. */
const KIND_TYPES = [
  ['text', 'text'], // text, ids, enums, instants
  ['integer', 'integer'], // counts, basis points
  ['integer', 'bigint'], // money (öre)
  ['text', 'date'], // isoDate
  ['text', 'json'], // json
  ['integer', 'boolean'], // flag
  ['blob', 'bytea'], // bytes
].map((pair) => pair.join(' → '));

function describeColumn(column: Column) {
  return {
    name: column.name,
    notNull: column.notNull,
    primary: column.primary,
    unique: column.isUnique ? column.uniqueName : undefined,
    default: column.default,
    defaultFn: column.defaultFn,
    onUpdateFn: column.onUpdateFn,
  };
}

describe('the PostgreSQL twin of each table', () => {
  it('schema/pg.ts exports the twin of every table under the same name', () => {
    const pgNames = (Object.keys(pgSchema) as (keyof PgSchema)[]).filter((key) => is(pgSchema[key], PgTable)).sort();
    expect(pgNames).toEqual(tableNames);
    for (const name of tableNames) expect(pgSchema[name], name).toBe(pgTwin(sqliteSchema[name]));
  });

  it.each(tableNames)('%s: same table and columns (order, NOT NULL, primary key, unique, defaults)', (name) => {
    const sqlite = sqliteTableConfig(sqliteSchema[name]);
    const pg = pgTableConfig(pgSchema[name]);
    expect(pg.name).toBe(sqlite.name);
    expect(pg.columns.map(describeColumn)).toEqual(sqlite.columns.map(describeColumn));
  });

  it.each(tableNames)('%s: each column kind has its PostgreSQL type', (name) => {
    const sqlite = sqliteTableConfig(sqliteSchema[name]);
    const pg = pgTableConfig(pgSchema[name]);
    const pairs = sqlite.columns.map((column, i) => `${column.getSQLType()} → ${pg.columns[i]?.getSQLType()}`);
    expect(pairs.filter((pair) => !KIND_TYPES.includes(pair))).toEqual([]);
  });

  it.each(tableNames)('%s: same indexes and foreign keys', (name) => {
    const sqlite = sqliteTableConfig(sqliteSchema[name]);
    const pg = pgTableConfig(pgSchema[name]);
    const indexes = (list: { config: { name?: string; unique: boolean; columns: unknown[]; where?: unknown } }[]) =>
      list.map(({ config }) => ({
        name: config.name,
        unique: config.unique,
        columns: config.columns.map((column) => (column as Column).name),
        partial: config.where !== undefined,
      }));
    expect(indexes(pg.indexes)).toEqual(indexes(sqlite.indexes));

    const foreignKeys = (list: typeof sqlite.foreignKeys | typeof pg.foreignKeys) =>
      list.map((key) => {
        const reference = key.reference();
        return {
          columns: reference.columns.map((column) => column.name),
          table: getTableName(reference.foreignTable),
          foreignColumns: reference.foreignColumns.map((column) => column.name),
          // drizzle leaves SQLite's unset and sets PostgreSQL's; both engines default to NO ACTION.
          onDelete: key.onDelete ?? 'no action',
          onUpdate: key.onUpdate ?? 'no action',
        };
      });
    expect(foreignKeys(pg.foreignKeys)).toEqual(foreignKeys(sqlite.foreignKeys));
  });

  it('rows have the same TypeScript types on both engines (checked by tsc)', () => {
    type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
    type Differing = {
      [K in TableName]: Same<SqliteSchema[K]['$inferSelect'], PgSchema[K]['$inferSelect']> extends true
        ? Same<SqliteSchema[K]['$inferInsert'], PgSchema[K]['$inferInsert']> extends true
          ? never
          : K
        : K;
    }[TableName];
    expectTypeOf<Differing>().toEqualTypeOf<never>();
    // Not vacuous: the kinds' own types come through on PostgreSQL.
    expectTypeOf<PgSchema['cases']['$inferSelect']['total_outstanding']>().toEqualTypeOf<Ore>();
    expectTypeOf<PgSchema['claims']['$inferSelect']['due_date']>().toEqualTypeOf<IsoDate>();
    expectTypeOf<PgSchema['organisations']['$inferSelect']['require_mfa']>().toEqualTypeOf<boolean>();
    expectTypeOf<PgSchema['cases']['$inferSelect']['status']>().toEqualTypeOf<CaseRow['status']>();
  });
});
