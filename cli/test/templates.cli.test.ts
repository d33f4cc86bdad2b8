import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAppContext, signUp, templateDetailSchema, templateListResponseSchema } from '@fordran/services';
import { openSqliteDatabase, organisations } from '@fordran/store';
import { rawSql, tableRowCounts } from '@fordran/store/testing';
import { runCli } from './run-cli';

/*
 * `fordran templates list|show` (issue 11): the library a new organisation gets, read from a
 * script; an organisation made before the library existed gets it when the CLI opens the database;
 * `fordran templates qa` for CI (exit 3 when a template fails).
 */

const dir = mkdtempSync(join(tmpdir(), 'fordran-cli-templates-'));
const db = join(dir, 'fordran.db');
const env = { FORDRAN_DB: db, FORDRAN_DATA_DIR: dir, FORDRAN_SECRET: 'cli-test-secret-0123456789-0123456789' };
const ORG = 'Karin Lindqvists organisation';
const SLOW = 60_000;

function cli(args: string[]) {
  return runCli(args, env);
}

beforeAll(async () => {
  const app = await openAppContext({ dbPath: db, dataDir: dir, secret: env.FORDRAN_SECRET, seedReferenceRates: false });
  await signUp(app, { email: 'karin@example.se', password: 'hemligt', full_name: 'Karin Lindqvist' });
  await app.database.close();
  // An organisation written straight into the database, as before templates existed.
  const database = openSqliteDatabase(db);
  await database.transaction((tx) => tx.insert(organisations).values({ id: 'org-old', name: 'Gamla Inkasso AB' }));
  await database.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fordran templates', () => {
  it(
    'list --json: the library by category then name; --category narrows it',
    () => {
      const all = cli(['templates', 'list', '--org', ORG, '--json']);
      expect(all.status, all.stderr).toBe(0);
      const parsed = templateListResponseSchema.parse(JSON.parse(all.stdout));
      expect(parsed.items.length).toBeGreaterThanOrEqual(15);
      expect(parsed.items.map((item) => item.category)).toEqual([...parsed.items.map((item) => item.category)].sort());
      const demands = templateListResponseSchema.parse(JSON.parse(cli(['templates', 'list', '--org', ORG, '--category', 'demand', '--json']).stdout));
      expect(demands.items.map((item) => item.code)).toEqual(['DEMAND_LETTER', 'DEMAND_EMAIL']);
      const bad = cli(['templates', 'list', '--org', ORG, '--category', 'brev']);
      expect(bad.status).not.toBe(0);
      expect(bad.stderr).toContain('brev');
    },
    SLOW,
  );

  it(
    'list as a table for people',
    () => {
      const table = cli(['templates', 'list', '--org', ORG, '--no-json']);
      expect(table.status, table.stderr).toBe(0);
      expect(table.stdout).toMatch(/^kod\s+namn\s+kategori\s+kanal\s+version\s+aktiv/);
      expect(table.stdout).toMatch(/DEMAND_LETTER\s+Inkassokrav \(brev\)\s+demand\s+letter\s+1\s+ja/);
    },
    SLOW,
  );

  it(
    'show CODE|ID: the template with its variables, as JSON or as text with the body; an unknown code exits 1',
    () => {
      const shown = cli(['templates', 'show', 'demand_letter', '--org', ORG, '--json']);
      expect(shown.status, shown.stderr).toBe(0);
      const detail = templateDetailSchema.parse(JSON.parse(shown.stdout));
      expect(detail).toMatchObject({ code: 'DEMAND_LETTER', channel: 'letter', missing_demand_content: [], versions: [] });
      expect(detail.variables).toEqual(expect.arrayContaining(['interest_specification', 'fee_specification', 'payment_deadline', 'bankgiro', 'ocr']));
      expect(templateDetailSchema.parse(JSON.parse(cli(['templates', 'show', detail.id, '--org', ORG, '--json']).stdout)).code).toBe('DEMAND_LETTER');

      const text = cli(['templates', 'show', 'DEMAND_LETTER', '--org', ORG, '--no-json']);
      expect(text.status, text.stderr).toBe(0);
      expect(text.stdout).toMatch(/^kod\s+DEMAND_LETTER$/m);
      expect(text.stdout).toContain('INKASSOKRAV');
      expect(text.stdout).toContain('{{interest_specification}}');

      const missing = cli(['templates', 'show', 'NOPE', '--org', ORG, '--json']);
      expect(missing.status).toBe(1);
      expect(JSON.parse(missing.stdout).error).toMatchObject({ code: 'NOT_FOUND', message: 'Mallen hittades inte' });
    },
    SLOW,
  );

  it(
    'an organisation made before the library existed has it once the CLI has opened the database',
    () => {
      const old = cli(['templates', 'list', '--org', 'Gamla Inkasso AB', '--json']);
      expect(old.status, old.stderr).toBe(0);
      expect(templateListResponseSchema.parse(JSON.parse(old.stdout)).items.map((item) => item.code)).toContain('DEMAND_LETTER');
    },
    SLOW,
  );
});

describe('fordran templates qa', () => {
  it(
    'fails (exit 3) while the demands have no bankgiro to state, passes once the organisation has one, and leaves nothing behind',
    async () => {
      /** Every table's rows but the audit log's (the run and the cleanup are audited). */
      const countRows = async () => {
        const database = openSqliteDatabase(db);
        const { audit_logs: _audit, ...counts } = await tableRowCounts(database);
        await database.close();
        return counts;
      };
      // Once the CLI has opened the database (libraries and reference rates in place).
      expect(cli(['templates', 'list', '--org', ORG, '--json']).status).toBe(0);
      const before = await countRows();
      const failing = cli(['templates', 'qa', '--org', ORG, '--json']);
      expect(failing.status, failing.stderr).toBe(3);
      const failed = JSON.parse(failing.stdout) as {
        templates_failed: number;
        removed: boolean;
        results: { code: string; passed: boolean; findings: { message: string }[] }[];
      };
      expect(failed.removed).toBe(true);
      const demand = failed.results.find((result) => result.code === 'DEMAND_LETTER')!;
      expect(demand.passed).toBe(false);
      expect(demand.findings[0]!.message).toBe('Värde saknas för variabel i mallen: bankgiro');
      expect(await countRows()).toEqual(before);

      const database = openSqliteDatabase(db);
      const sql = rawSql(database);
      const [org] = await sql<{ id: string }>('SELECT id FROM organisations WHERE name = ?', ORG);
      await sql(
        'INSERT INTO bank_accounts (id, org_id, account_name, type, bg_number, is_active, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        'bank-account-qa',
        org!.id,
        'Klientmedel',
        'client_funds',
        '5402-9681',
        1,
        '2026-01-01T00:00:00.000Z',
        '2026-01-01T00:00:00.000Z',
      );
      await database.close();
      const passing = cli(['templates', 'qa', '--org', ORG, '--no-json']);
      expect(passing.status, passing.stderr).toBe(0);
      expect(passing.stdout).toMatch(/\d+ mallar kontrollerade, \d+ godkända, 0 underkända\./);
      expect(passing.stdout).toContain('Testärendena är borttagna.');
      const { bank_accounts: accounts, ...after } = await countRows();
      expect(accounts).toBe(before.bank_accounts! + 1);
      const { bank_accounts: _before, ...rest } = before;
      expect(after).toEqual(rest);
    },
    SLOW,
  );
});
