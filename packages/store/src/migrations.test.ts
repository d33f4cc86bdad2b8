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

describe('0017 prescription', () => {
  it('gives existing claims the due date as an estimated arose_on, and their interruptions rows of their own', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fordran-db-'));
    dirs.push(dir);
    const path = join(dir, 'fordran.db');
    const old = openStore(path, { migrationsFolder: migrationsBefore('0017_prescription') });
    const at = '2026-11-20T08:00:00.000Z';
    old.sqlite.prepare("INSERT INTO organisations (id, name, settings_json, created_at, updated_at) VALUES ('o1', 'Byrå', '{}', ?, ?)").run(at, at);
    old.sqlite.prepare("INSERT INTO creditors (id, org_id, name, created_at, updated_at) VALUES ('cr', 'o1', 'Borgenär AB', ?, ?)").run(at, at);
    old.sqlite.prepare("INSERT INTO parties (id, org_id, type, name, created_at, updated_at) VALUES ('pa', 'o1', 'person', 'Anna', ?, ?)").run(at, at);
    const claim = old.sqlite.prepare(
      `INSERT INTO claims (id, org_id, creditor_id, reference_no, principal_amount, due_date, prescription_interrupted_on, created_at, updated_at)
       VALUES (?, 'o1', 'cr', ?, 100, ?, ?, ?, ?)`,
    );
    claim.run('cl1', 'F-1', '2024-01-31', '2025-06-01', at, at);
    claim.run('cl2', 'F-2', '2023-05-01', null, at, at);
    const kase = old.sqlite.prepare(
      `INSERT INTO cases (id, org_id, creditor_id, party_id, claim_id, created_at, updated_at) VALUES (?, 'o1', 'cr', 'pa', ?, ?, ?)`,
    );
    kase.run('ca1', 'cl1', at, at);
    kase.run('ca2', 'cl2', at, at);
    old.sqlite
      .prepare(
        `INSERT INTO payments (id, org_id, method, amount, unallocated_amount, paid_at, status, created_at, updated_at) VALUES ('p1', 'o1', 'manual', 100, 0, '2026-02-03', 'allocated', ?, ?)`,
      )
      .run(at, at);
    old.sqlite
      .prepare(
        `INSERT INTO payment_allocations (id, org_id, payment_id, case_id, amount, principal_amount, interest_amount, fees_amount, sequence_no, created_at) VALUES ('a1', 'o1', 'p1', 'ca2', 100, 100, 0, 0, 1, ?)`,
      )
      .run(at);
    const template = old.sqlite.prepare(
      `INSERT INTO comm_templates (id, org_id, code, name, category, channel, body_md, variables_json, created_at, updated_at) VALUES (?, 'o1', ?, ?, ?, 'kivra', 'x', '[]', ?, ?)`,
    );
    template.run('t-demand', 'DEMAND_KIVRA', 'Inkassokrav', 'demand', at, at);
    template.run('t-gdpr', 'GDPR_KIVRA', 'GDPR', 'gdpr', at, at);
    const message = old.sqlite.prepare(
      `INSERT INTO communications (id, org_id, case_id, channel, template_id, recipient, body_rendered, status, dedupe_hash, attachments_json, created_at) VALUES (?, 'o1', 'ca1', 'kivra', ?, 'x', 'x', ?, ?, '[]', ?)`,
    );
    message.run('m-delivered', 't-demand', 'delivered', 'h1', at);
    message.run('m-failed', 't-demand', 'failed', 'h2', at);
    message.run('m-gdpr', 't-gdpr', 'delivered', 'h3', at);
    const delivery = old.sqlite.prepare(
      `INSERT INTO comm_deliveries (id, org_id, communication_id, status, attempts, created_at, updated_at) VALUES (?, 'o1', ?, ?, 1, ?, ?)`,
    );
    delivery.run('d1', 'm-delivered', 'delivered', at, '2026-11-21T10:00:00.000Z');
    delivery.run('d2', 'm-failed', 'failed', at, at);
    delivery.run('d3', 'm-gdpr', 'delivered', at, at);
    old.close();

    const store = openStore(path);
    const claims = store.sqlite.prepare('SELECT id, arose_on, arose_on_estimated FROM claims ORDER BY id').all();
    const columns = (store.sqlite.prepare('PRAGMA table_info(claims)').all() as { name: string }[]).map((column) => column.name);
    const rows = store.sqlite
      .prepare(
        'SELECT claim_id, case_id, interrupted_on, kind, reason, payment_allocation_id, communication_id, created_by FROM prescription_interruptions ORDER BY kind',
      )
      .all();
    store.close();
    expect(claims).toEqual([
      { id: 'cl1', arose_on: '2024-01-31', arose_on_estimated: 1 },
      { id: 'cl2', arose_on: '2023-05-01', arose_on_estimated: 1 },
    ]);
    expect(columns).not.toContain('prescription_interrupted_on');
    expect(rows).toEqual([
      {
        claim_id: 'cl1',
        case_id: 'ca1',
        interrupted_on: '2026-11-21',
        kind: 'demand_delivered',
        reason: 'Levererat krav (överfört vid migrering)',
        payment_allocation_id: null,
        communication_id: 'm-delivered',
        created_by: null,
      },
      {
        claim_id: 'cl1',
        case_id: 'ca1',
        interrupted_on: '2025-06-01',
        kind: 'manual',
        reason: 'Överfört från prescription_interrupted_on vid migrering',
        payment_allocation_id: null,
        communication_id: null,
        created_by: null,
      },
      {
        claim_id: 'cl2',
        case_id: 'ca2',
        interrupted_on: '2026-02-03',
        kind: 'payment',
        reason: 'Betalning (överförd vid migrering)',
        payment_allocation_id: 'a1',
        communication_id: null,
        created_by: null,
      },
    ]);
  });
});
