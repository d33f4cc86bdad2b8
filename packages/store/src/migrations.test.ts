import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MIGRATIONS_FOLDER, openStore } from './open-store';

// Data migrations are tested from the schema they start on: a database migrated up to the one
// before, given rows as the older code wrote them, then migrated to the newest.

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the migrations folder whose journal stops before the migration with tag `tag`. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'fordran-migrations-'));
  dirs.push(dir);
  cpSync(DEFAULT_MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return dir;
}

describe('0004 camt identity', () => {
  it('renames camt.053 transaction ids to the ids camt.053 and camt.054 now share', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fordran-db-'));
    dirs.push(dir);
    const path = join(dir, 'fordran.db');
    const old = openStore(path, { migrationsFolder: migrationsBefore('0004_camt_identity_held_payments') });
    old.sqlite.pragma('foreign_keys = OFF');
    const insert = old.sqlite.prepare(
      `INSERT INTO payments (id, org_id, method, amount, unallocated_amount, reference, paid_at, status, transaction_id, created_at, updated_at)
       VALUES (?, 'org', 'bank_transfer', 100, 100, ?, '2026-11-20', 'received', ?, '2026-11-20T00:00:00Z', '2026-11-20T00:00:00Z')`,
    );
    insert.run('p1', '655969', 'camt053:SE4550000000058398257466:BG-1:2');
    insert.run('p2', 'RF18539007547034', 'camt053:SE4550000000058398257466:e2e:E2E-500:2024-05-25:50000');
    insert.run('p3', null, 'camt053:SE4550000000058398257466:e2e:E2E-9:2024-05-25:100#2');
    insert.run('p4', '1234', 'bgmax:50501055:2026-11-20:000000000001');
    old.close();

    const store = openStore(path);
    const ids = store.sqlite.prepare('SELECT id, transaction_id FROM payments ORDER BY id').all();
    store.close();
    expect(ids).toEqual([
      { id: 'p1', transaction_id: 'camt:SE4550000000058398257466:BG-1:2' },
      { id: 'p2', transaction_id: 'camt:SE4550000000058398257466:e2e:E2E-500:2024-05-25:50000:RF18539007547034' },
      { id: 'p3', transaction_id: 'camt:SE4550000000058398257466:e2e:E2E-9:2024-05-25:100:#2' },
      { id: 'p4', transaction_id: 'bgmax:50501055:2026-11-20:000000000001' },
    ]);
  });
});

describe('0010 bank statement resolutions', () => {
  it('gives every organisation created before it the accounts the resolutions book on, once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fordran-db-'));
    dirs.push(dir);
    const path = join(dir, 'fordran.db');
    const old = openStore(path, { migrationsFolder: migrationsBefore('0010_bank_statement_resolutions') });
    const at = '2026-11-20T00:00:00.000Z';
    for (const org of ['o1', 'o2']) {
      old.sqlite
        .prepare("INSERT INTO organisations (id, name, settings_json, created_at, updated_at) VALUES (?, ?, '{}', ?, ?)")
        .run(org, `Byrå ${org}`, at, at);
    }
    old.sqlite
      .prepare(
        "INSERT INTO gl_accounts (id, org_id, code, name, type, is_active, created_at) VALUES ('g1', 'o2', '6570', 'Egna bankkostnader', 'expense', 1, ?)",
      )
      .run(at);
    old.close();

    const store = openStore(path);
    const accounts = store.sqlite.prepare('SELECT org_id, code, name, type, is_active, id FROM gl_accounts ORDER BY org_id, code').all() as Record<
      string,
      unknown
    >[];
    store.close();
    expect(accounts.map(({ id: _id, ...account }) => account)).toEqual([
      { org_id: 'o1', code: '3740', name: 'Öres- och kronutjämning', type: 'income', is_active: 1 },
      { org_id: 'o1', code: '6570', name: 'Bankkostnader', type: 'expense', is_active: 1 },
      { org_id: 'o2', code: '3740', name: 'Öres- och kronutjämning', type: 'income', is_active: 1 },
      { org_id: 'o2', code: '6570', name: 'Egna bankkostnader', type: 'expense', is_active: 1 },
    ]);
    const ids = accounts.map((account) => account.id as string).filter((id) => id !== 'g1');
    expect(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(3);
  });
});
