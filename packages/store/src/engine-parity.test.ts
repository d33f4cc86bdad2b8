import { eq, getTableColumns, getTableName, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { kronor, MAX_ABS_ORE, ore, type IsoDate } from '@fordran/core';
import { openStore, type Store } from './open-store';
import { openPgStore, type PgStore } from './open-pg-store';
import * as s from './schema';
import { pgTwin } from './schema/table';
import { ALL_TABLES } from './tables';
import { createTestDatabase, describePostgres, type TestDatabase } from './testing/postgres';
import { buildFixtures } from '../test/fixtures';

// Issue 17: both engines hold the same schema and give back the same values. A fresh SQLite
// (its migrations) and a fresh PostgreSQL database (migrations-pg) are compared catalog to
// catalog, and the same rows written through drizzle on each are read back identical.

interface NeutralColumn {
  name: string;
  /** The SQLite storage class: PostgreSQL's integer, bigint and boolean are 'integer'; text, date and json 'text'; bytea 'blob'. */
  kind: string;
  notNull: boolean;
  default: string | null;
}
interface NeutralIndex {
  name: string;
  columns: string[];
  unique: boolean;
  where: string | null;
}
interface NeutralForeignKey {
  columns: string[];
  table: string;
  foreignColumns: string[];
  onDelete: string;
  onUpdate: string;
}
interface NeutralTable {
  columns: NeutralColumn[];
  primaryKey: string[];
  foreignKeys: NeutralForeignKey[];
  indexes: NeutralIndex[];
}
type Catalog = Record<string, NeutralTable>;

const PG_KIND: Record<string, string> = { integer: 'integer', bigint: 'integer', boolean: 'integer', text: 'text', date: 'text', json: 'text', bytea: 'blob' };
const PG_ACTION: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };

/** A default as both engines can be compared on: `'draft'::text` → `'draft'`. */
function neutralDefault(value: string | null): string | null {
  return value === null ? null : value.replace(/::[a-z ]+$/, '');
}

/** A partial index's condition without quotes, table names or brackets: `payment_id is not null`. */
function neutralCondition(condition: string | null, table: string): string | null {
  if (condition === null) return null;
  return condition.replaceAll('"', '').replaceAll(`${table}.`, '').replace(/[()]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

function groupBy<T>(list: T[], key: (item: T) => string | number): T[][] {
  const groups = new Map<string | number, T[]>();
  for (const item of list) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups.values()];
}

const byName = <T extends { name: string }>(list: T[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));
const byColumns = (list: NeutralForeignKey[]) => [...list].sort((a, b) => a.columns.join().localeCompare(b.columns.join()));

function sqliteCatalog(store: Store): Catalog {
  const all = <T>(query: string, ...params: unknown[]) => store.sqlite.prepare(query).all(...params) as T[];
  const tables = all<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'`);
  const catalog: Catalog = {};
  for (const { name: table } of tables) {
    const columns = all<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>('SELECT * FROM pragma_table_info(?)', table);
    const keys = all<{ id: number; seq: number; table: string; from: string; to: string; on_update: string; on_delete: string }>(
      'SELECT * FROM pragma_foreign_key_list(?) ORDER BY id, seq',
      table,
    );
    const indexes = all<{ name: string; unique: number; origin: string; partial: number }>('SELECT * FROM pragma_index_list(?)', table).filter(
      (index) => index.origin !== 'pk',
    );
    catalog[table] = {
      columns: columns.map((column) => ({
        name: column.name,
        kind: column.type.toLowerCase(),
        notNull: column.notnull === 1 || column.pk > 0,
        default: neutralDefault(column.dflt_value),
      })),
      primaryKey: columns
        .filter((column) => column.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((column) => column.name),
      foreignKeys: byColumns(
        groupBy(keys, (key) => key.id).map((parts) => ({
          columns: parts.map((part) => part.from),
          table: parts[0]?.table ?? '',
          foreignColumns: parts.map((part) => part.to),
          onDelete: parts[0]?.on_delete.toLowerCase() ?? '',
          onUpdate: parts[0]?.on_update.toLowerCase() ?? '',
        })),
      ),
      indexes: byName(
        indexes.map((index) => {
          const sql = all<{ sql: string | null }>(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?`, index.name)[0]?.sql ?? '';
          return {
            name: index.name,
            columns: all<{ name: string }>('SELECT name FROM pragma_index_info(?) ORDER BY seqno', index.name).map((column) => column.name),
            unique: index.unique === 1,
            where: neutralCondition(index.partial === 1 ? sql.slice(sql.indexOf(' WHERE ') + ' WHERE '.length) : null, table),
          };
        }),
      ),
    };
  }
  return catalog;
}

/** Column names of an int2vector/array of attribute numbers, in their order. */
const attributeNames = (numbers: string, relation: string) =>
  `array(SELECT a.attname FROM unnest(${numbers}) WITH ORDINALITY AS k(attnum, ord) JOIN pg_attribute a ON a.attrelid = ${relation} AND a.attnum = k.attnum ORDER BY k.ord)::text[]`;

async function pgCatalog(store: PgStore): Promise<Catalog> {
  const all = async <T>(query: string) => (await store.pool.query(query)).rows as T[];
  const columns = await all<{ table: string; name: string; type: string; nullable: string; default: string | null }>(
    `SELECT table_name AS table, column_name AS name, data_type AS type, is_nullable AS nullable, column_default AS default
     FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
  );
  const indexes = await all<{ table: string; name: string; columns: string[]; unique: boolean; primary: boolean; where: string | null }>(
    `SELECT t.relname AS table, i.relname AS name, ${attributeNames('x.indkey', 'x.indrelid')} AS columns, x.indisunique AS unique,
            x.indisprimary AS primary, pg_get_expr(x.indpred, x.indrelid) AS where
     FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = 'public'`,
  );
  const keys = await all<{ table: string; columns: string[]; foreign_table: string; foreign_columns: string[]; on_delete: string; on_update: string }>(
    `SELECT t.relname AS table, ${attributeNames('c.conkey', 'c.conrelid')} AS columns, f.relname AS foreign_table,
            ${attributeNames('c.confkey', 'c.confrelid')} AS foreign_columns, c.confdeltype AS on_delete, c.confupdtype AS on_update
     FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class f ON f.oid = c.confrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = 'public' AND c.contype = 'f'`,
  );
  const catalog: Catalog = {};
  for (const tableColumns of groupBy(columns, (column) => column.table)) {
    const table = tableColumns[0]?.table ?? '';
    const tableIndexes = indexes.filter((index) => index.table === table);
    catalog[table] = {
      columns: tableColumns.map((column) => ({
        name: column.name,
        kind: PG_KIND[column.type] ?? `unmapped ${column.type}`,
        notNull: column.nullable === 'NO',
        default: neutralDefault(column.default),
      })),
      primaryKey: tableIndexes.find((index) => index.primary)?.columns ?? [],
      foreignKeys: byColumns(
        keys
          .filter((key) => key.table === table)
          .map((key) => ({
            columns: key.columns,
            table: key.foreign_table,
            foreignColumns: key.foreign_columns,
            onDelete: PG_ACTION[key.on_delete] ?? key.on_delete,
            onUpdate: PG_ACTION[key.on_update] ?? key.on_update,
          })),
      ),
      // A unique constraint (reference_rates_valid_from_uq) is a unique index of the same name.
      indexes: byName(
        tableIndexes
          .filter((index) => !index.primary)
          .map((index) => ({ name: index.name, columns: index.columns, unique: index.unique, where: neutralCondition(index.where, table) })),
      ),
    };
  }
  return catalog;
}

describePostgres('SQLite and PostgreSQL side by side', () => {
  let database: TestDatabase;
  let sqlite: Store;
  let pg: PgStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    sqlite = openStore(':memory:');
    pg = await openPgStore(database.url, { poolSize: 2 });
  });
  afterAll(async () => {
    sqlite?.close();
    await pg?.close();
    await database?.drop();
  });

  it('the migrated databases have the same tables, columns, keys, constraints and indexes', async () => {
    const onSqlite = sqliteCatalog(sqlite);
    const onPg = await pgCatalog(pg);
    expect(Object.keys(onPg).sort()).toEqual(Object.keys(onSqlite).sort());
    for (const table of Object.keys(onSqlite)) expect(onPg[table], table).toEqual(onSqlite[table]);
    // The comparison sees what matters: money, dates and flags are there, partial indexes too.
    expect(onPg.cases?.columns.find((column) => column.name === 'total_outstanding')).toEqual({
      name: 'total_outstanding',
      kind: 'integer',
      notNull: true,
      default: '0',
    });
    expect(onPg.gl_journals?.indexes).toContainEqual({
      name: 'gl_journals_reverses_idx',
      columns: ['reverses_journal_id'],
      unique: false,
      where: 'reverses_journal_id is not null',
    });
    expect(onPg.reference_rates?.indexes).toContainEqual({ name: 'reference_rates_valid_from_uq', columns: ['valid_from'], unique: true, where: null });
  });

  it('each PostgreSQL column has the type its kind declares (bigint money, date, json, boolean)', async () => {
    const { rows } = await pg.pool.query<{ table: string; name: string; type: string }>(
      `SELECT table_name AS table, column_name AS name, data_type AS type FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const actual = new Map(rows.map((row) => [`${row.table}.${row.name}`, row.type]));
    const mismatches: string[] = [];
    for (const table of ALL_TABLES) {
      for (const column of Object.values(getTableColumns(pgTwin(table))) as Column[]) {
        const declared = column.getSQLType();
        const found = actual.get(`${getTableName(table)}.${column.name}`);
        if (found !== declared) mismatches.push(`${getTableName(table)}.${column.name}: ${declared} declared, ${found} found`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(actual.get('payments.amount')).toBe('bigint');
    expect(actual.get('payments.paid_at')).toBe('date');
  });

  it('every column of every table reads back identically on both engines', async () => {
    const fixtures = buildFixtures();
    await writeOnBoth(fixtures.map((f) => ({ table: f.table, row: f.row })));
    for (const f of fixtures) {
      const [fromSqlite, fromPg] = await readOnBoth(f.table, String(f.row.id));
      expect(fromSqlite, getTableName(f.table)).toEqual([f.row]);
      expect(fromPg, getTableName(f.table)).toEqual(fromSqlite);
      expect(JSON.stringify(fromPg), getTableName(f.table)).toBe(JSON.stringify(fromSqlite));
    }
  });

  it('edge values come back byte for byte: big and negative öre, dates, instants as written, JSON key order, flags, unicode', async () => {
    const org = 'org-edge';
    // The clock's defaults would differ between the two inserts; these instants are given.
    const stamps = { created_at: '2026-11-22T09:30:00.000Z', updated_at: '2026-11-22T09:30:00.000Z' };
    const rows = [
      {
        table: s.organisations,
        row: {
          id: org,
          name: 'Åkesson & "Söner" Inkasso\\AB',
          address_json: { zip: '111 22', street: 'Ölandsgatan 1\nLgh 1101', city: 'Malmö' },
          settings_json: { z: 1, a: { y: [1, 'två', null, true, 0.1, -1.5e-7], b: 'ö' }, empty: {}, list: [] },
          require_mfa: false,
          created_at: '2026-11-22T09:30:00Z',
          updated_at: '2026-03-29T01:59:59.999Z',
        },
      },
      { table: s.creditors, row: { id: 'creditor-edge', org_id: org, name: 'Borgenär 🧾 AB', is_business: false, ...stamps } },
      { table: s.parties, row: { id: 'party-edge', org_id: org, type: 'person' as const, name: 'Ärla Öberg', national_id: '191212121212', ...stamps } },
      {
        table: s.claims,
        row: {
          id: 'claim-edge',
          org_id: org,
          creditor_id: 'creditor-edge',
          reference_no: 'F-0001',
          principal_amount: ore(MAX_ABS_ORE), // 10^15 öre: past 32 bits, within 2^53
          due_date: '2028-02-29' as IsoDate,
          arose_on: '1999-12-31' as IsoDate,
          arose_on_estimated: true,
          reminder_fee_agreed: true,
          ...stamps,
        },
      },
      {
        table: s.cases,
        row: {
          id: 'case-edge',
          org_id: org,
          creditor_id: 'creditor-edge',
          party_id: 'party-edge',
          claim_id: 'claim-edge',
          total_principal: kronor(2_000_000_000),
          total_outstanding: ore(-12_345_678_901),
          interest_calculated_to: '2026-01-01' as IsoDate,
          closed_at: '2026-12-31T23:59:59.999Z',
          ...stamps,
        },
      },
      {
        table: s.bankStatements,
        row: {
          id: 'statement-edge',
          org_id: org,
          statement_date: '2026-11-22' as IsoDate,
          file_format: 'bgmax' as const,
          file_name: 'bgmax.txt',
          file_checksum: 'c'.repeat(64),
          opening_balance: ore(-1),
          closing_balance: null,
          differences_json: [{ code: 'total', message: 'Summan skiljer', expected: 100, actual: 99, line: 7 }],
          created_at: '2026-11-22T00:00:00.000+00:00',
        },
      },
    ];
    await writeOnBoth(rows);
    for (const { table, row } of rows) {
      const [fromSqlite, fromPg] = await readOnBoth(table, row.id);
      expect(fromSqlite[0], getTableName(table)).toMatchObject(row);
      expect(fromPg, getTableName(table)).toEqual(fromSqlite);
      expect(JSON.stringify(fromPg), getTableName(table)).toBe(JSON.stringify(fromSqlite));
    }
    // What the defaults gave (SQL defaults and drizzle's): the same on both.
    const [[caseOnSqlite], [caseOnPg]] = await readOnBoth(s.cases, 'case-edge');
    expect(caseOnPg).toMatchObject({ status: 'draft', stage: 'intake', total_fees: 0, mandate_type: 'direct', handler_id: null });
    expect(caseOnSqlite).toMatchObject({ status: 'draft', stage: 'intake', total_fees: 0, mandate_type: 'direct', handler_id: null });
  });

  /** Inserts the rows in order on both engines, with the same values (ids and instants included). */
  async function writeOnBoth(rows: { table: SQLiteTable; row: Record<string, unknown> }[]): Promise<void> {
    // organisations.default_interest_profile_id and interest_profiles.org_id point at each other:
    // the organisation goes in without it and gets it once the profile exists.
    const later: { id: string; profile: string; updatedAt: string }[] = [];
    const first = rows.map(({ table, row }) => {
      if (table !== s.organisations || row.default_interest_profile_id == null) return { table, row };
      later.push({ id: String(row.id), profile: String(row.default_interest_profile_id), updatedAt: String(row.updated_at) });
      return { table, row: { ...row, default_interest_profile_id: null } };
    });
    sqlite.transaction((tx) => {
      for (const { table, row } of first) tx.insert(table).values(row).run();
      for (const { id, profile, updatedAt } of later)
        tx.update(s.organisations).set({ default_interest_profile_id: profile, updated_at: updatedAt }).where(eq(s.organisations.id, id)).run();
    });
    await pg.db.transaction(async (tx) => {
      for (const { table, row } of first) await tx.insert(pgTwin(table) as PgTable).values(row);
      const organisations = pgTwin(s.organisations);
      for (const { id, profile, updatedAt } of later)
        await tx.update(organisations).set({ default_interest_profile_id: profile, updated_at: updatedAt }).where(eq(organisations.id, id));
    });
  }

  async function readOnBoth(table: SQLiteTable, id: string): Promise<[unknown[], unknown[]]> {
    const sqliteId = getTableColumns(table).id as Column;
    const twin = pgTwin(table) as PgTable;
    const pgId = getTableColumns(twin).id as Column;
    const fromSqlite = sqlite.db.select().from(table).where(eq(sqliteId, id)).all();
    const fromPg = await pg.db.select().from(twin).where(eq(pgId, id));
    return [fromSqlite, fromPg];
  }
});
