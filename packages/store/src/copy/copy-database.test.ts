import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, getTableColumns, getTableName, type Column } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_ABS_ORE, ore } from '@fordran/core';
import { openPostgresDatabase, openSqliteDatabase, type PostgresDatabase, type SqliteDatabase } from '../database';
import { createDatabaseFileStorage, createLocalFileStorage } from '../files';
import { glAccounts, glEntries, glJournals, organisations } from '../schema';
import { ALL_TABLES } from '../tables';
import { createTestDatabase, describePostgres, tableRowCounts, type TestDatabase } from '../testing';
import { buildFixtures } from '../../test/fixtures';
import { compareDatabases } from './compare-databases';
import { copyDatabase } from './copy-database';

// `fordran db copy` underneath: a SQLite database with a row in every table (and the shapes that
// are hard to copy) into a fresh PostgreSQL database, read back through the store on both sides.

const JSON_AS_WRITTEN = '{"b": 1,  "a": [1.50, "ö", null]}';

describePostgres('copyDatabase: SQLite into an empty PostgreSQL database', () => {
  let dir: string;
  const databases: TestDatabase[] = [];
  let source: SqliteDatabase;
  let target: TestDatabase;
  let copy: PostgresDatabase;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fordran-copy-'));
    source = openSqliteDatabase(join(dir, 'fordran.db'));
    const fixtures = buildFixtures();
    const orgId = fixtures.find((f) => f.table === organisations)!.row.id as string;
    const accountId = fixtures.find((f) => f.table === glAccounts)!.row.id as string;
    const at = '2026-11-22T09:00:00.000Z';
    await source.transaction(async (tx) => {
      // organisations ↔ interest_profiles reference each other: checked at COMMIT.
      source.sqlite.pragma('defer_foreign_keys = ON');
      for (const { table, row } of fixtures) await tx.insert(table).values(row);
      // A reversal whose id sorts before the journal it reverses: key order alone would trip the key.
      for (const [id, reverses] of [
        ['journal-a', 'journal-b'],
        ['journal-b', null],
      ] as const) {
        await tx
          .insert(glJournals)
          .values({ id, org_id: orgId, source: 'manual', status: 'posted', booked_at: at, reverses_journal_id: reverses, created_at: at });
        await tx.insert(glEntries).values([
          { id: `${id}-debit`, org_id: orgId, journal_id: id, account_id: accountId, debit: ore(MAX_ABS_ORE), credit: ore(0), created_at: at },
          { id: `${id}-credit`, org_id: orgId, journal_id: id, account_id: accountId, debit: ore(0), credit: ore(MAX_ABS_ORE), created_at: at },
        ]);
      }
    });
    // JSON as some older code may have written it: spaces, a trailing zero. Copied as text, it stays so.
    source.sqlite.prepare('UPDATE organisations SET settings_json = ? WHERE id = ?').run(JSON_AS_WRITTEN, orgId);
    target = await createTestDatabase();
    databases.push(target);
  });
  afterAll(async () => {
    await copy?.close();
    await source?.close();
    for (const database of databases) await database.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('copies every row of every table, batch by batch, and finds counts and trial balance equal', async () => {
    const progress: [number, number][] = [];
    const report = await copyDatabase(source, target.url, { batchRows: 2, onProgress: (done, total) => progress.push([done, total]) });

    const sourceCounts = await tableRowCounts(source);
    expect(report.tables.map((table) => table.name)).toEqual(Object.keys(sourceCounts).sort());
    for (const table of report.tables)
      expect(table, table.name).toEqual({ name: table.name, rows: sourceCounts[table.name], target_rows: sourceCounts[table.name] });
    expect(report.tables.every((table) => table.rows > 0)).toBe(true);
    expect(report).toMatchObject({ counts_equal: true, trial_balance_equal: true, trial_balance_differences: [], equal: true });
    expect(report.trial_balance_lines).toBe(1);
    const total = Object.values(sourceCounts).reduce((sum, n) => sum + n, 0);
    expect(progress.at(-1)).toEqual([total, total]);
    expect(progress.length).toBeGreaterThan(ALL_TABLES.length); // gl_entries (5 rows) took three batches
  });

  it('reads back every value identical through the store: öre, flags, dates, instants, json, the deferred references', async () => {
    copy = await openPostgresDatabase(target.url, { poolSize: 2 });
    for (const table of ALL_TABLES) {
      const id = (getTableColumns(table) as Record<string, Column>).id!;
      const [fromSqlite, fromPg] = [await source.db.select().from(table).orderBy(asc(id)), await copy.db.select().from(table).orderBy(asc(id))];
      expect(fromPg, getTableName(table)).toEqual(fromSqlite);
    }
    const [reversal] = await copy.db.select().from(glJournals).where(eq(glJournals.id, 'journal-a'));
    expect(reversal?.reverses_journal_id).toBe('journal-b');
    const { rows } = await copy.pool.query<{ settings: string }>('SELECT settings_json::text AS settings FROM organisations');
    expect(rows).toEqual([{ settings: JSON_AS_WRITTEN }]);
  });

  it('refuses to copy into the same database again, with a clear message, changing nothing', async () => {
    const before = await tableRowCounts(copy);
    const refused = copyDatabase(source, target.url);
    await expect(refused).rejects.toMatchObject({ code: 'CONFLICT', details: { tables: expect.objectContaining({ 'public.organisations': 1 }) } });
    await expect(refused).rejects.toThrow(/Måldatabasen innehåller redan data .*The target database already holds data/);
    expect(await tableRowCounts(copy)).toEqual(before);
  });

  it('refuses a database holding another application’s rows before migrating anything into it', async () => {
    const other = await createTestDatabase();
    databases.push(other);
    const client = new pg.Client({ connectionString: other.url });
    await client.connect();
    try {
      await client.query('CREATE TABLE ledger (x integer); INSERT INTO ledger VALUES (1)');
      await expect(copyDatabase(source, other.url)).rejects.toMatchObject({ code: 'CONFLICT', details: { tables: { 'public.ledger': 1 } } });
      const { rows } = await client.query("SELECT to_regclass('public.organisations') AS fordran, to_regclass('drizzle.__drizzle_migrations') AS migrations");
      expect(rows).toEqual([{ fordran: null, migrations: null }]);
    } finally {
      await client.end();
    }
  });

  it('the check sees a changed amount and a missing row', async () => {
    await copy.pool.query("UPDATE gl_entries SET debit = debit + 1 WHERE id = 'journal-b-debit'");
    await copy.pool.query('DELETE FROM case_events WHERE id = (SELECT min(id) FROM case_events)');
    const comparison = await compareDatabases(source.db, copy.db);
    expect(comparison.counts_equal).toBe(false);
    expect(comparison.tables.find((table) => table.name === 'case_events')).toMatchObject({ rows: 1, target_rows: 0 });
    expect(comparison.trial_balance_equal).toBe(false);
    const [difference] = comparison.trial_balance_differences;
    expect(comparison.trial_balance_differences).toHaveLength(1);
    expect(difference!.target!.debit - difference!.source!.debit).toBe(1);
  });

  it('with the data folder given, copies every file into stored_files, readable from the target under its key', async () => {
    const files = createLocalFileStorage(join(dir, 'files'));
    await files.put('u1/avatar.png', new Uint8Array([137, 80, 78, 71]), 'image/png');
    await files.put('orgs/o1/bank/s1.txt', new TextEncoder().encode('Inbetalning från Åsa'), 'text/plain; charset=utf-8');
    const fresh = await createTestDatabase();
    databases.push(fresh);

    const report = await copyDatabase(source, fresh.url, { files });

    expect(report.files).toEqual({ files: 2, bytes: 4 + 22, equal: true });
    expect(report.equal).toBe(true);
    const moved = await openPostgresDatabase(fresh.url, { poolSize: 1 });
    try {
      const stored = await createDatabaseFileStorage(moved).get('orgs/o1/bank/s1.txt');
      expect(stored?.contentType).toBe('text/plain; charset=utf-8');
      expect(new TextDecoder().decode(stored!.bytes)).toBe('Inbetalning från Åsa');
      expect((await createDatabaseFileStorage(moved).get('u1/avatar.png'))?.bytes).toEqual(new Uint8Array([137, 80, 78, 71]));
    } finally {
      await moved.close();
    }
  });
});
