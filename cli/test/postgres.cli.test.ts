import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabaseFileStorage, createLocalFileStorage, openPostgresDatabase, TABLES_BY_NAME } from '@fordran/store';
import { createTestDatabase, describePostgres, tableRowCounts, type TestDatabase } from '@fordran/store/testing';
import { runCli } from './run-cli';

// Issue 17, moving an agency: the demo seeded into SQLite by the CLI, copied with `db copy` into
// a fresh PostgreSQL database, then read through every layer on PostgreSQL (CLI commands with
// FORDRAN_DATABASE_URL, the server's API) and compared with the same reads on the SQLite file.

const BIN = fileURLToPath(new URL('../bin.mjs', import.meta.url));

interface CopyJson {
  tables: { name: string; rows: number; target_rows: number }[];
  trial_balance_equal: boolean;
  counts_equal: boolean;
  equal: boolean;
  files: { files: number; bytes: number; equal: boolean };
  to: string;
}

interface SeedJson {
  org_id: string;
  email: string;
  password: string;
  counts: { cases: number };
}

/** `fordran serve --port 0` on the environment's database; resolves with its URL and a stop function. */
async function serve(env: Record<string, string>): Promise<{ url: string; stop: () => Promise<number | null> }> {
  // Off: the daily dunning run, started by one server and not yet by the other, would make their answers differ.
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], { env: { ...process.env, FORDRAN_DUNNING_TIME: 'off', ...env } });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Fordran kör på (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', () => reject(new Error(`exited early: ${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    url,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

describePostgres('fordran db copy, and the CLI and server on PostgreSQL', () => {
  const databases: TestDatabase[] = [];
  let dir: string;
  let db: string;
  let sqliteEnv: Record<string, string>;
  let pgEnv: Record<string, string>;
  let target: TestDatabase;
  let seed: SeedJson;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fordran-cli-pg-'));
    db = join(dir, 'fordran.db');
    // FORDRAN_DATA_DIR: the secret and files stay in the temp folder, not ./data of the repository.
    sqliteEnv = { FORDRAN_DB: db, FORDRAN_DATA_DIR: dir, FORDRAN_UI_DIST: join(dir, 'no-ui') };
    const seeded = runCli(['seed', 'demo', '--json'], sqliteEnv);
    expect(seeded.status, seeded.stderr).toBe(0);
    seed = JSON.parse(seeded.stdout) as SeedJson;
    target = await createTestDatabase();
    databases.push(target);
    pgEnv = { FORDRAN_DATABASE_URL: target.url, FORDRAN_DATA_DIR: dir, FORDRAN_UI_DIST: join(dir, 'no-ui') };
  });
  afterAll(async () => {
    for (const database of databases) await database.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('copies the seeded demo into the empty database and reports every table, the trial balance and the files equal', async () => {
    // A file of the installation (FORDRAN_DATA_DIR/files), as an uploaded logo is kept on SQLite.
    await createLocalFileStorage(join(dir, 'files')).put('orgs/demo/logo.png', new Uint8Array([137, 80, 78, 71]), 'image/png');
    const result = runCli(['db', 'copy', '--from', db, '--to', target.url, '--json'], { FORDRAN_DATA_DIR: dir });
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as CopyJson;
    expect(report.tables.map((table) => table.name)).toEqual([...TABLES_BY_NAME.keys()].sort());
    for (const table of report.tables) expect(table.target_rows, table.name).toBe(table.rows);
    expect(report.tables.find((table) => table.name === 'cases')?.rows).toBe(seed.counts.cases);
    expect(report.tables.find((table) => table.name === 'gl_entries')?.rows).toBeGreaterThan(seed.counts.cases);
    expect(report).toMatchObject({ trial_balance_equal: true, counts_equal: true, equal: true, files: { equal: true } });
    expect(report.files.files).toBeGreaterThanOrEqual(1);
    const copy = await openPostgresDatabase(target.url, { migrate: false, poolSize: 1 });
    try {
      expect((await createDatabaseFileStorage(copy).get('orgs/demo/logo.png'))?.bytes).toEqual(new Uint8Array([137, 80, 78, 71]));
    } finally {
      await copy.close();
    }
  });

  // Nine CLI processes, one after the other.
  it('every CLI command reads the copy with FORDRAN_DATABASE_URL: the same case list and trial balance as on SQLite', { timeout: 90_000 }, () => {
    for (const args of [
      ['cases', 'list', '--json', '--limit', '200'],
      ['cases', 'list', '--json', '--status', 'active', '--query', 'AB'],
      ['ledger', 'trial-balance', '--json'],
      ['payments', 'list', '--json'],
    ]) {
      const [onSqlite, onPg] = [runCli(args, sqliteEnv), runCli(args, pgEnv)];
      expect(onPg.status, onPg.stderr).toBe(0);
      expect(onSqlite.status, onSqlite.stderr).toBe(0);
      const answer = JSON.parse(onPg.stdout) as { items?: unknown[]; rows?: unknown[] };
      expect(answer, args.join(' ')).toEqual(JSON.parse(onSqlite.stdout));
      expect((answer.items ?? answer.rows)!.length, args.join(' ')).toBeGreaterThan(0);
    }
    const list = JSON.parse(runCli(['cases', 'list', '--json'], pgEnv).stdout) as { total: number };
    expect(list.total).toBe(seed.counts.cases);
  });

  it('refuses to copy into it again, with a clear message and a non-zero exit, changing nothing', async () => {
    const copy = await openPostgresDatabase(target.url, { migrate: false, poolSize: 1 });
    try {
      const before = await tableRowCounts(copy);
      const result = runCli(['db', 'copy', '--from', db, '--to', target.url, '--json']);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('Måldatabasen innehåller redan data');
      expect(JSON.parse(result.stdout)).toMatchObject({ error: { code: 'CONFLICT', details: { tables: { 'public.cases': seed.counts.cases } } } });
      expect(await tableRowCounts(copy)).toEqual(before);
    } finally {
      await copy.close();
    }
  });

  it('refuses a missing SQLite file and a --to that is not a PostgreSQL URL', () => {
    const missing = runCli(['db', 'copy', '--from', join(dir, 'none.db'), '--to', target.url]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('SQLite-databasen finns inte');
    const notPostgres = runCli(['db', 'copy', '--to', 'mysql://db/fordran']);
    expect(notPostgres.status).not.toBe(0);
    expect(notPostgres.stderr).toContain('ange en PostgreSQL-URL');
  });

  it('db migrate migrates a new PostgreSQL database, then has nothing left to apply', async () => {
    const fresh = await createTestDatabase();
    databases.push(fresh);
    const first = runCli(['db', 'migrate', '--json'], { FORDRAN_DATABASE_URL: fresh.url });
    expect(first.status, first.stderr).toBe(0);
    const applied = JSON.parse(first.stdout) as { engine: string; applied: number; migrations: number };
    expect(applied).toMatchObject({ engine: 'postgres', status: 'ok' });
    expect(applied.applied).toBeGreaterThan(0);
    expect(applied.applied).toBe(applied.migrations);
    const again = runCli(['db', 'migrate', '--json'], { FORDRAN_DATABASE_URL: fresh.url });
    expect(JSON.parse(again.stdout)).toMatchObject({ engine: 'postgres', applied: 0, migrations: applied.migrations });
  });

  it('the server on the copy says "postgres" in its health check and answers the demo admin as on SQLite', async () => {
    const servers = [await serve(pgEnv), await serve(sqliteEnv)];
    try {
      const answers = await Promise.all(
        servers.map(async ({ url }) => {
          const health = (await (await fetch(`${url}/api/health`)).json()) as { database: string };
          const signin = await fetch(`${url}/api/auth/signin`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: seed.email, password: seed.password }),
          });
          expect(signin.status).toBe(200);
          const { access_token } = (await signin.json()) as { access_token: string };
          const cases = await fetch(`${url}/api/orgs/${seed.org_id}/cases?limit=200`, { headers: { authorization: `Bearer ${access_token}` } });
          return { database: health.database, cases: (await cases.json()) as unknown };
        }),
      );
      expect(answers.map((answer) => answer.database)).toEqual(['postgres', 'sqlite']);
      expect(answers[0]!.cases).toMatchObject({ total: seed.counts.cases });
      expect(answers[0]!.cases).toEqual(answers[1]!.cases);
    } finally {
      for (const server of servers) expect(await server.stop()).toBe(0);
    }
  });
});
