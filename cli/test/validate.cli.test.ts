import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteDatabase, type SqliteDatabase } from '@fordran/store';
import { runCli } from './run-cli';

/*
 * `fordran validate` (issue 14) with the real binary, as CI runs it: every demo the QA seed makes
 * is internally consistent (exit 0), a broken case fails the pipeline (exit 1), --fail-on warning
 * and --all.
 */

const dir = mkdtempSync(join(tmpdir(), 'fordran-cli-validate-'));
const db = join(dir, 'fordran.db');
const env = { FORDRAN_DB: db, FORDRAN_DATA_DIR: dir };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function withSqlite<T>(fn: (sqlite: SqliteDatabase['sqlite']) => T): Promise<T> {
  const database = openSqliteDatabase(db);
  try {
    return fn(database.sqlite);
  } finally {
    await database.close();
  }
}

function validate(...args: string[]) {
  const result = runCli(['validate', ...args], env);
  return { ...result, body: result.stdout.trim().startsWith('{') ? JSON.parse(result.stdout) : null };
}

beforeAll(() => {
  const seeded = runCli(['seed', 'demo', '--json'], env);
  expect(seeded.status, seeded.stderr).toBe(0);
}, 120_000);

describe('fordran validate', { timeout: 120_000 }, () => {
  it('after fordran seed demo: exit 0, the report in the spec shape with no failures', () => {
    const run = validate('--json');
    expect(run.status, run.stderr).toBe(0);
    expect(Object.keys(run.body)).toEqual(['completionRate', 'passed', 'warnings', 'failures', 'checkedModules', 'timestamp']);
    expect(run.body.failures).toEqual([]);
    expect(run.body.passed.map((result: { message: string }) => result.message)).toEqual(
      expect.arrayContaining([
        'Alla verifikationer balanserar',
        'Ärendenas belopp stämmer med fordran, avgifter, ränta, inbetalningar och huvudbok',
        'Antal rader per tabell',
      ]),
    );
    for (const result of [...run.body.passed, ...run.body.warnings])
      expect(Object.keys(result).sort()).toEqual(expect.arrayContaining(['message', 'module', 'status']));
  });

  it('--fail-on warning exits 1 when there are warnings, and the table says why', () => {
    const json = validate('--json');
    expect(json.body.warnings.length).toBeGreaterThan(0);
    const strict = validate('--fail-on', 'warning', '--no-json');
    expect(strict.status).toBe(1);
    expect(strict.stdout).toContain('Varning');
    expect(strict.stdout).toMatch(/Klart till \d+ %: \d+ godkända, \d+ varningar, 0 fel/);
  });

  it('a case total 1 öre off: exit 1 and the failure names the case', async () => {
    const reference = await withSqlite((sqlite) => {
      const row = sqlite.prepare('SELECT c.id, cl.reference_no FROM cases c JOIN claims cl ON cl.id = c.claim_id ORDER BY cl.reference_no LIMIT 1').get() as {
        id: string;
        reference_no: string;
      };
      sqlite.prepare('UPDATE cases SET total_outstanding = total_outstanding + 1 WHERE id = ?').run(row.id);
      return row.reference_no;
    });
    try {
      const run = validate('--json');
      expect(run.status).toBe(1);
      expect(run.body.failures).toEqual([
        expect.objectContaining({ module: 'Ärenden', status: 'fail', details: expect.stringContaining(`${reference}: utestående`) }),
      ]);
      const all = validate('--all', '--json');
      expect(all.status).toBe(1);
      expect(all.body.organisations).toEqual([
        expect.objectContaining({ name: 'Demo Inkasso AB', report: expect.objectContaining({ failures: run.body.failures }) }),
      ]);
    } finally {
      await withSqlite((sqlite) =>
        sqlite
          .prepare(
            'UPDATE cases SET total_outstanding = total_outstanding - 1 WHERE id IN (SELECT c.id FROM cases c JOIN claims cl ON cl.id = c.claim_id WHERE cl.reference_no = ?)',
          )
          .run(reference),
      );
    }
    expect(validate('--json').status).toBe(0);
  });

  it('--org and --all together is a usage error', () => {
    const run = validate('--all', '--org', 'Demo Inkasso AB');
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/--all.*--org|--org.*--all/);
  });
});
