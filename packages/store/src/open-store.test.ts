import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { DrizzleQueryError, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ore } from '@fordran/core';
import { DEFAULT_MIGRATIONS_FOLDER, openStore, type Store } from './open-store';
import { isBusyError, retryWhileBusy } from './busy';
import { cases, glAccounts, organisations } from './schema';
import { EXPECTED_TABLES, userTables } from '../test/tables';

let dir: string;
const open: Store[] = [];

function openTemp(name = 'fordran.db'): Store {
  const store = openStore(join(dir, 'nested', 'folder', name));
  open.push(store);
  return store;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fordran-store-'));
});

afterEach(() => {
  for (const store of open.splice(0)) store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('openStore', () => {
  it('creates the parent folder, migrates a fresh file and creates exactly the expected tables', () => {
    const store = openTemp();
    expect(userTables(store)).toEqual([...EXPECTED_TABLES].sort());
  });

  it('turns on WAL, foreign keys, NORMAL synchronous and a busy timeout', () => {
    const store = openTemp();
    expect(store.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(store.sqlite.pragma('synchronous', { simple: true })).toBe(1);
    expect(store.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('migrating twice is a no-op and keeps the data', () => {
    const first = openTemp();
    first.db.insert(organisations).values({ id: 'org-1', name: 'Inkasso AB' }).run();
    const applied = first.sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number };
    first.close();

    const second = openTemp();
    expect(second.sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get()).toEqual(applied);
    expect(
      second.db
        .select()
        .from(organisations)
        .all()
        .map((row) => row.name),
    ).toEqual(['Inkasso AB']);
    expect(userTables(second)).toHaveLength(EXPECTED_TABLES.length);
  });

  it('gives the organisations of an older database the equity accounts of the seed chart (migration equity_accounts), once', () => {
    // The migrations up to the one before equity_accounts, as an older install had them.
    const older = join(dir, 'older-migrations');
    cpSync(DEFAULT_MIGRATIONS_FOLDER, older, { recursive: true });
    const journalPath = join(older, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
    const cut = journal.entries.findIndex((entry) => entry.tag.endsWith('_equity_accounts'));
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
    const path = join(dir, 'older.db');
    const before = openStore(path, { migrationsFolder: older });
    before.db.insert(organisations).values({ id: 'org-1', name: 'Inkasso AB' }).run();
    before.db.insert(glAccounts).values({ org_id: 'org-1', code: '1900', name: 'Klientmedelskonto', type: 'asset' }).run();
    before.close();

    const after = openStore(path);
    open.push(after);
    const accounts = after.db.select().from(glAccounts).where(eq(glAccounts.org_id, 'org-1')).orderBy(glAccounts.code).all();
    expect(accounts.map(({ code, name, type, is_active }) => ({ code, name, type, is_active }))).toEqual([
      { code: '1900', name: 'Klientmedelskonto', type: 'asset', is_active: true },
      { code: '2091', name: 'Balanserad vinst eller förlust', type: 'equity', is_active: true },
      { code: '2099', name: 'Årets resultat', type: 'equity', is_active: true },
      // … and, from the later bank_statement_resolutions, the accounts a reconciliation books differences on.
      { code: '3740', name: 'Öres- och kronutjämning', type: 'income', is_active: true },
      { code: '6570', name: 'Bankkostnader', type: 'expense', is_active: true },
      { code: '8999', name: 'Årets resultat', type: 'expense', is_active: true },
    ]);
    for (const account of accounts.slice(1)) expect(account.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('works from any working directory', () => {
    const previous = process.cwd();
    process.chdir(tmpdir());
    try {
      const store = openStore(':memory:');
      open.push(store);
      expect(userTables(store)).toHaveLength(EXPECTED_TABLES.length);
    } finally {
      process.chdir(previous);
    }
  });

  it('opens an in-memory database for tests', () => {
    const store = openStore(':memory:');
    open.push(store);
    expect(userTables(store)).toEqual([...EXPECTED_TABLES].sort());
    expect(store.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('can skip migrations', () => {
    const store = openStore(':memory:', { migrate: false });
    open.push(store);
    expect(userTables(store)).toEqual([]);
  });

  it('enforces foreign keys: a case of an unknown organisation is refused', () => {
    const store = openTemp();
    const insert = () =>
      store.db
        .insert(cases)
        .values({
          org_id: randomUUID(),
          creditor_id: randomUUID(),
          party_id: randomUUID(),
          claim_id: randomUUID(),
          total_principal: ore(100),
        })
        .run();
    expect(insert).toThrow(/FOREIGN KEY constraint failed/);
  });

  it('a transaction commits on return and rolls back on throw', () => {
    const store = openTemp();
    store.transaction((tx) => tx.insert(organisations).values({ id: 'kept', name: 'A' }).run());
    expect(() =>
      store.transaction((tx) => {
        tx.insert(organisations).values({ id: 'dropped', name: 'B' }).run();
        throw new Error('avbryt');
      }),
    ).toThrow('avbryt');
    expect(store.db.select({ id: organisations.id }).from(organisations).all()).toEqual([{ id: 'kept' }]);
  });

  it('a transaction refuses an async callback', () => {
    const store = openTemp();
    expect(() => store.transaction(async () => undefined)).toThrow();
  });

  it('close is idempotent', () => {
    const store = openTemp();
    store.close();
    expect(() => store.close()).not.toThrow();
  });

  it('a second connection sees committed writes (WAL readers)', () => {
    const writer = openTemp('shared.db');
    const reader = openTemp('shared.db');
    writer.db.insert(organisations).values({ id: 'org-x', name: 'Inkasso AB' }).run();
    expect(reader.db.select().from(organisations).where(eq(organisations.id, 'org-x')).get()?.name).toBe('Inkasso AB');
  });
});

describe('a writer meeting another connection’s lock', () => {
  it('with a short busy timeout fails fast with SQLITE_BUSY; retryWhileBusy waits asynchronously and then writes', async () => {
    const server = openTemp();
    const other = openTemp();
    server.setBusyTimeout(0);
    const insertOrg = () => server.db.insert(organisations).values({ name: 'Väntande AB' }).run();
    other.sqlite.exec('BEGIN IMMEDIATE');
    let thrown: unknown;
    try {
      insertOrg();
    } catch (error) {
      thrown = error;
    }
    expect(isBusyError(thrown)).toBe(true);
    // The same error as drizzle's query path wraps it ("Failed query: …", the code on its cause).
    expect(isBusyError(new DrizzleQueryError('insert into organisations …', [], thrown as Error))).toBe(true);
    expect(isBusyError(new DrizzleQueryError('select 1', [], new Error('no such table: x')))).toBe(false);
    const changes = server.totalChanges();

    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 5);
    setTimeout(() => other.sqlite.exec('COMMIT'), 100);
    await retryWhileBusy(insertOrg);
    clearInterval(ticker);
    expect(ticks).toBeGreaterThan(5); // the event loop turned while it waited
    expect(server.totalChanges()).toBe(changes + 1);

    other.sqlite.exec('BEGIN IMMEDIATE');
    await expect(retryWhileBusy(insertOrg, { timeoutMs: 50 })).rejects.toSatisfy(isBusyError);
    other.sqlite.exec('ROLLBACK');
    await expect(
      retryWhileBusy(() => {
        throw new Error('annat fel');
      }),
    ).rejects.toThrow('annat fel');
  });
});
