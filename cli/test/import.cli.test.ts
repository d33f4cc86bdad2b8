import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, openAppContext, signUp } from '@fordran/services';
import { uuidV7, type SqliteDatabase } from '@fordran/store';
import { runCli } from './run-cli';

/*
 * `fordran import payments` and `fordran payments list` on the real binary (issue 5): the sample
 * BgMax file of fixtures/ into an organisation without cases (every payment unmatched), the same
 * file again (nothing booked twice), a file that cannot be read and a corrupt one (exit 1, line).
 */

const dir = mkdtempSync(join(tmpdir(), 'fordran-cli-import-'));
const db = join(dir, 'fordran.db');
const env = { FORDRAN_DB: db, FORDRAN_DATA_DIR: dir };
const SAMPLE = fileURLToPath(new URL('../../fixtures/bank-files/bgmax/all-record-types.txt', import.meta.url));

beforeAll(async () => {
  const app = await openAppContext({
    dbPath: db,
    dataDir: dir,
    clock: createManualClock(new Date().toISOString()),
    secret: 'a-test-secret-of-reasonable-length',
  });
  await signUp(app, { email: 'karin@example.se', password: 'hemligt', full_name: 'Karin Lindqvist' });
  await app.database.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fordran import payments', { timeout: 120_000 }, () => {
  it('books the file with a JSON summary, and books nothing the second time', () => {
    const first = runCli(['import', 'payments', SAMPLE, '--json'], env);
    expect(first.status, first.stderr).toBe(0);
    const summary = JSON.parse(first.stdout);
    expect(summary).toMatchObject({ format: 'bgmax', matched: 0, allocated: 0, partially_allocated: 0, duplicates: 0, duplicate_file: false });
    expect(summary.payments).toBeGreaterThan(0);
    expect(summary.unmatched).toBe(summary.payments);
    expect(Object.keys(summary)).toEqual(
      expect.arrayContaining(['format', 'payments', 'total_amount', 'matched', 'allocated', 'partially_allocated', 'unmatched', 'duplicates', 'errors']),
    );

    const again = JSON.parse(runCli(['import', 'payments', SAMPLE, '--json'], env).stdout);
    expect(again).toMatchObject({ duplicates: summary.payments, unmatched: 0, duplicate_file: true });

    const list = JSON.parse(runCli(['payments', 'list', '--status', 'unmatched', '--json'], env).stdout);
    expect(list.total).toBe(summary.payments);
  });

  it('exits 1 with a clear message on a missing file and with the line on a corrupt one', () => {
    const missing = runCli(['import', 'payments', join(dir, 'finns-inte.txt'), '--json'], env);
    expect(missing.status).toBe(1);
    expect(JSON.parse(missing.stdout).error.code).toBe('BANK_FILE_UNREADABLE');

    const corrupt = join(dir, 'trasig.txt');
    writeFileSync(corrupt, '01BGMAX               0120261122080000123456P\r\n05XYZ\r\n');
    const result = runCli(['import', 'payments', corrupt, '--json'], env);
    expect(result.status).toBe(1);
    const error = JSON.parse(result.stdout).error;
    expect(error.code).toMatch(/^BANK_FILE_/);
    expect(error.message).toMatch(/^Rad \d+: /);
  });
});

describe('fordran import payments, camt.054', { timeout: 120_000 }, () => {
  const NOTIFICATION = fileURLToPath(new URL('../../fixtures/bank-files/camt054/notification-v02.xml', import.meta.url));

  it('refuses a notification for an account the organisation does not have (exit 1), then books it once the account exists', async () => {
    const refused = runCli(['import', 'payments', NOTIFICATION, '--format', 'camt054', '--json'], env);
    expect(refused.status).toBe(1);
    expect(JSON.parse(refused.stdout).error.code).toBe('BANK_FILE_UNKNOWN_ACCOUNT');

    const app = await openAppContext({
      dbPath: db,
      dataDir: dir,
      clock: createManualClock(new Date().toISOString()),
      secret: 'a-test-secret-of-reasonable-length',
    });
    const { sqlite } = app.database as SqliteDatabase;
    const orgId = (sqlite.prepare('SELECT id FROM organisations LIMIT 1').get() as { id: string }).id;
    sqlite
      .prepare(
        "INSERT INTO bank_accounts (id, org_id, account_name, type, bg_number, created_at, updated_at) VALUES (?, ?, 'Klientmedel', 'client_funds', '5402-9681', ?, ?)",
      )
      .run(uuidV7(), orgId, new Date().toISOString(), new Date().toISOString());
    await app.database.close();

    const booked = runCli(['import', 'payments', NOTIFICATION, '--json'], env);
    expect(booked.status, booked.stderr).toBe(0);
    const summary = JSON.parse(booked.stdout);
    expect(summary).toMatchObject({ format: 'camt054', payments: 3, total_amount: '10645.00', unmatched: 3, duplicates: 0, held: 0, foreign: 1 });
    expect(summary.errors).toContainEqual(expect.objectContaining({ code: 'BANK_FILE_CURRENCY', severity: 'warning', amount: '8.85', currency: 'EUR' }));
  });
});

describe('fordran payments list', { timeout: 120_000 }, () => {
  it('sorts by amount or date either way and filters paid days (after the import above)', () => {
    const all = JSON.parse(runCli(['payments', 'list', '--json', '--limit', '200'], env).stdout) as { items: { amount: string; paid_at: string }[] };
    expect(all.items.length).toBeGreaterThan(1);
    const ascending = JSON.parse(runCli(['payments', 'list', '--sort', 'amount', '--order', 'asc', '--json', '--limit', '200'], env).stdout) as typeof all;
    const amounts = ascending.items.map((p) => Number(p.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const day = all.items[0]!.paid_at;
    const onDay = JSON.parse(runCli(['payments', 'list', '--from', day, '--to', day, '--json'], env).stdout) as typeof all;
    expect(onDay.items.length).toBe(all.items.filter((p) => p.paid_at === day).length);

    const bad = runCli(['payments', 'list', '--sort', 'payer', '--json'], env);
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stdout).error.message).toBe('Sortera på paid_at eller amount');
  });
});
