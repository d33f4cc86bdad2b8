import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_RATES_SEED } from '@fordran/core';
import { auditLogs, openSqliteDatabase, organisations, referenceRates, type Database } from '@fordran/store';
import { runCli } from './run-cli';

const dir = mkdtempSync(join(tmpdir(), 'fordran-cli-rates-'));
const db = join(dir, 'fordran.db');
const env = { FORDRAN_DB: db };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Reads the database file beside the CLI (opened and closed around each read). */
async function read<T>(query: (database: Database) => Promise<T>): Promise<T> {
  const database = openSqliteDatabase(db);
  try {
    return await query(database);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  const database = openSqliteDatabase(db);
  await database.transaction((tx) =>
    tx.insert(organisations).values([
      { id: 'org-a', name: 'Alfa Inkasso AB' },
      { id: 'org-b', name: 'Beta Inkasso AB' },
    ]),
  );
  await database.close();
});

const rows = () => read((database) => database.db.select().from(referenceRates));

describe('fordran reference-rates', () => {
  it('lists the shipped half-years newest first, with the dröjsmålsränta', () => {
    const result = runCli(['reference-rates', 'list', '--json'], env);
    expect(result.status, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout) as { items: { valid_from: string; rate: string; legal_interest_rate: string; verified: boolean }[] };
    expect(body.items).toHaveLength(REFERENCE_RATES_SEED.length);
    expect(body.items.at(-1)).toMatchObject({ valid_from: '2019-01-01', rate: '-0.50', legal_interest_rate: '7.50', verified: true });
  });

  it('adds a new half-year (rate in percent → basis points) and logs it in every organisation', async () => {
    const result = runCli(['reference-rates', 'set', '--from', '2027-01-01', '--rate', '2.25', '--verified', '--json'], env);
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      valid_from: '2027-01-01',
      valid_to: '2027-06-30',
      rate: '2.25',
      rate_bp: 225,
      legal_interest_rate: '10.25',
      verified: true,
      previous_rate: null,
    });
    expect((await rows()).find((row) => row.valid_from === '2027-01-01')).toMatchObject({ rate_bp: 225, verified: true });
    const audit = (await read((database) => database.db.select().from(auditLogs))).filter((row) => row.event === 'reference_rate.set');
    expect(audit.map((row) => row.org_id).sort()).toEqual(['org-a', 'org-b']);
    expect(audit.every((row) => row.actor_id === null)).toBe(true);
  });

  it('corrects an unverified half-year; without --verified the row is marked unverified', () => {
    const result = runCli(['reference-rates', 'set', '--from', '2027-01-01', '--rate', '2,5', '--json'], env);
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ rate: '2.50', rate_bp: 250, verified: false, previous_rate: '2.25' });
  });

  it.each([
    [['--from', '2027-03-01', '--rate', '2'], 'VALIDATION_FAILED', 'Referensräntan gäller från 1 januari eller 1 juli'],
    [['--from', '2027-07-01', '--rate', '2.125'], 'INVALID_RATE', 'Ange referensräntan i procent med högst två decimaler, t.ex. 2.25 eller -0.50'],
    [['--from', 'juli', '--rate', '2'], 'INVALID_DATE', 'Ogiltigt datum'],
  ])('exits 1 with a clear message for %j and changes nothing', async (args, code, message) => {
    const before = await rows();
    const result = runCli(['reference-rates', 'set', ...args, '--json'], env);
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout).error).toMatchObject({ code, message });
    expect(result.stderr).toContain(message);
    expect(await rows()).toEqual(before);
  });

  it('requires --from and --rate, and shows examples in --help', () => {
    const missing = runCli(['reference-rates', 'set', '--rate', '2'], env);
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain("required option '--from <date>' not specified");
    const help = runCli(['reference-rates', 'set', '--help'], env);
    expect(help.stdout).toContain('fordran reference-rates set --from 2027-01-01 --rate 2.25 --verified');
  });
});
