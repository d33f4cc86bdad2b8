import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteDatabase, type SqliteDatabase } from '@fordran/store';
import { openAppContext, signIn } from '@fordran/services';
import { runCli } from './run-cli';

const dir = mkdtempSync(join(tmpdir(), 'fordran-cli-seed-'));
const db = join(dir, 'fordran.db');
const env = { FORDRAN_DB: db };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `fn` with a connection to the CLI's database file (plain SQL), closed afterwards. */
async function withSqlite<T>(fn: (sqlite: SqliteDatabase['sqlite']) => T): Promise<T> {
  const database = openSqliteDatabase(db);
  try {
    return fn(database.sqlite);
  } finally {
    await database.close();
  }
}

function statementsOf(orgId: string): Promise<{ file_key: string | null; reconciliation_status: string; differences: string[] }[]> {
  return withSqlite((sqlite) =>
    (
      sqlite.prepare('SELECT file_key, reconciliation_status, differences_json FROM bank_statements WHERE org_id = ? ORDER BY file_name').all(orgId) as {
        file_key: string | null;
        reconciliation_status: string;
        differences_json: string;
      }[]
    ).map((row) => ({
      file_key: row.file_key,
      reconciliation_status: row.reconciliation_status,
      differences: (JSON.parse(row.differences_json) as { code: string }[]).map((difference) => difference.code),
    })),
  );
}

const storedFile = (key: string | null) => existsSync(join(dir, 'files', 'objects', key ?? 'missing'));

function caseCount(orgId: string): Promise<number> {
  return withSqlite((sqlite) => (sqlite.prepare('SELECT count(*) AS n FROM cases WHERE org_id = ?').get(orgId) as { n: number }).n);
}

describe('fordran seed', () => {
  let first: {
    org_id: string;
    email: string;
    password: string;
    counts: Record<string, number>;
    urls: { case: string };
    bank_files: { file_name: string; payments: number; reconciliation_status: string }[];
  };

  it('seed demo creates an organisation, data and an admin who can sign in', async () => {
    const result = runCli(['seed', 'demo', '--json'], env);
    expect(result.status, result.stderr).toBe(0);
    first = JSON.parse(result.stdout);
    expect(first.counts.cases).toBe(60);
    expect(await caseCount(first.org_id)).toBe(60);
    expect(first.urls.case).toMatch(/^\/cases\/[0-9a-f-]{36}$/);

    const app = await openAppContext({ dbPath: db, dataDir: dir, secret: 'x'.repeat(32) });
    try {
      const session = await signIn(app, { email: first.email, password: first.password }, { ip: '127.0.0.1' });
      expect(session.user.email).toBe('demo@fordran.se');
    } finally {
      await app.database.close();
    }
  });

  it('seed demo imports the bank file of the day (reconciled) and its re-sent, corrected copy (a mismatch to review)', async () => {
    expect(first.bank_files.map((file) => file.reconciliation_status)).toEqual(['reconciled', 'mismatch', 'reconciled', 'reconciled']);
    expect(first.bank_files[0]!.payments).toBeGreaterThan(1);
    const statements = await statementsOf(first.org_id);
    expect(statements.map((statement) => statement.reconciliation_status)).toEqual(['reconciled', 'mismatch', 'reconciled', 'reconciled']);
    expect(statements[1]!.differences).toEqual(['AMOUNT_DIFFERS', 'TOTAL_CREDITS_DIFFER']);
    expect(statements.every((statement) => storedFile(statement.file_key))).toBe(true);
  });

  it('seed demo imports a camt.054 notification and the evening camt.053 of the same transactions: booked once, both reconciled', async () => {
    const [notification, statement] = first.bank_files.slice(2);
    expect([notification!.file_name, statement!.file_name]).toEqual([
      expect.stringMatching(/^CAMT054_\d{8}_1015\.xml$/),
      expect.stringMatching(/^CAMT053_\d{8}\.xml$/),
    ]);
    expect(notification!.payments).toBe(4);
    expect(statement!.payments).toBe(4);
    const booked = await withSqlite(
      (sqlite) => sqlite.prepare("SELECT count(*) AS n FROM payments WHERE org_id = ? AND transaction_id LIKE 'camt:%'").get(first.org_id) as { n: number },
    );
    expect(booked.n).toBe(4);
  });

  it('seeding again replaces the demo organisation with identical data', async () => {
    const again = JSON.parse(runCli(['seed', 'demo', '--json'], env).stdout);
    expect(again.purged_organisations).toBe(1);
    expect(again.counts).toEqual(first.counts);
    expect(again.password).not.toBe(first.password);
    expect(await caseCount(first.org_id)).toBe(0);
    expect(await caseCount(again.org_id)).toBe(60);
    expect(await statementsOf(first.org_id)).toEqual([]);
    expect(again.bank_files).toEqual(first.bank_files);
  });

  it('refuses a bad size with a message and a non-zero exit', () => {
    const result = runCli(['seed', 'demo', '--size', 'enorm'], env);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('ange small, medium, large eller ett antal ärenden');
  });

  it('purge removes every demo organisation and its stored bank files, then has nothing left to remove', async () => {
    const keys = await withSqlite((sqlite) => sqlite.prepare('SELECT file_key FROM bank_statements').pluck().all() as (string | null)[]);
    expect(keys.length).toBe(4);
    expect(keys.every(storedFile)).toBe(true);
    const purge = runCli(['seed', 'purge', '--json'], env);
    expect(purge.status, purge.stderr).toBe(0);
    expect(JSON.parse(purge.stdout)).toEqual({ purged_organisations: 1 });
    expect(await withSqlite((sqlite) => sqlite.prepare('SELECT count(*) FROM organisations').pluck().get())).toBe(0);
    expect(keys.some(storedFile)).toBe(false);
    const again = runCli(['seed', 'purge', '--json'], env);
    expect(again.status).toBe(1);
    expect(JSON.parse(again.stdout).error.code).toBe('NOT_FOUND');
  });
});
