import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partyListResponseSchema, partyResponseSchema } from '@fordran/services';
import { openSqliteDatabase, organisations } from '@fordran/store';
import { runCli } from './run-cli';

const dir = mkdtempSync(join(tmpdir(), 'fordran-cli-parties-'));
const db = join(dir, 'fordran.db');
const env = { FORDRAN_DB: db, FORDRAN_DATA_DIR: dir, FORDRAN_SECRET: 'cli-test-secret-0123456789-0123456789' };
const ORG = 'Nordisk Inkasso AB';
/** Each CLI process takes a second or more on a busy machine. */
const SLOW = 60_000;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function partyCount(): Promise<number> {
  const database = openSqliteDatabase(db);
  try {
    return (database.sqlite.prepare('SELECT count(*) AS n FROM parties').get() as { n: number }).n;
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  const database = openSqliteDatabase(db);
  await database.transaction((tx) => tx.insert(organisations).values({ id: 'org-a', name: ORG }));
  await database.close();
});

describe('fordran parties', () => {
  let personId = '';

  it(
    'creates a person and a company, and refuses what does not fit the type without writing',
    async () => {
      const person = runCli(
        [
          'parties',
          'create',
          '--org',
          ORG,
          '--type',
          'person',
          '--name',
          'Anna Lindqvist',
          '--national-id',
          '811218-2285',
          '--email',
          'anna@example.se',
          '--phone',
          '070-1740635',
          '--street',
          'Ringvägen 5',
          '--city',
          'Örebro',
          '--json',
        ],
        env,
      );
      expect(person.status, person.stderr).toBe(0);
      const created = partyResponseSchema.parse(JSON.parse(person.stdout));
      expect(created).toMatchObject({
        type: 'person',
        national_id: '198112182285',
        org_no: null,
        address_json: { street: 'Ringvägen 5', city: 'Örebro' },
        status: 'active',
      });
      personId = created.id;

      const company = runCli(
        ['parties', 'create', '--org', 'org-a', '--type', 'company', '--name', 'Solvik Fastigheter AB', '--org-no', '5622424967', '--no-json'],
        env,
      );
      expect(company.status, company.stderr).toBe(0);
      expect(company.stdout).toMatch(/^org\.nr\s+562242-4967$/m);
      expect(company.stdout).toMatch(/^typ\s+company$/m);

      const mismatch = runCli(['parties', 'create', '--org', 'org-a', '--type', 'person', '--name', 'Fel', '--org-no', '556036-0793', '--json'], env);
      expect(mismatch.status).toBe(1);
      expect(JSON.parse(mismatch.stdout).error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'En person har personnummer, inte organisationsnummer' });

      const badPnr = runCli(['parties', 'create', '--org', 'org-a', '--type', 'person', '--name', 'Fel', '--national-id', '19811218-2286', '--json'], env);
      expect(badPnr.status).toBe(1);
      expect(JSON.parse(badPnr.stdout).error).toMatchObject({ code: 'INVALID_PERSONNUMMER', message: 'Ogiltigt personnummer: kontrollsiffran stämmer inte' });

      const noType = runCli(['parties', 'create', '--org', 'org-a', '--name', 'Utan Typ'], env);
      expect(noType.status).not.toBe(0);
      expect(noType.stderr).toContain("required option '--type <type>' not specified");
      expect(await partyCount()).toBe(2);
    },
    SLOW,
  );

  it(
    'lists with type filter and search, as a table and as JSON',
    () => {
      const table = runCli(['parties', 'list', '--org', ORG, '--type', 'person', '--no-json'], env);
      expect(table.status, table.stderr).toBe(0);
      expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+Typ\s+Namn\s+Personnr\/org\.nr\s+E-post\s+Status\s+Skapad$/);
      expect(table.stdout).toMatch(/person\s+Anna Lindqvist\s+19811218-2285\s+anna@example\.se\s+active/);
      expect(table.stdout).not.toContain('Solvik');
      expect(table.stdout).toContain('Visar 1–1 av 1');

      const search = runCli(['parties', 'list', '--org', 'org-a', '--query', '5622424967', '--json'], env);
      expect(search.status, search.stderr).toBe(0);
      const page = partyListResponseSchema.parse(JSON.parse(search.stdout));
      expect(page.items.map((p) => p.name)).toEqual(['Solvik Fastigheter AB']);
    },
    SLOW,
  );

  it(
    'updates the status and one address part (the rest stays), then shows the party',
    () => {
      const updated = runCli(
        ['parties', 'update', personId, '--org', 'org-a', '--status', 'inactive', '--reason', 'Avliden', '--zip', '702 10', '--json'],
        env,
      );
      expect(updated.status, updated.stderr).toBe(0);
      expect(JSON.parse(updated.stdout)).toMatchObject({ status: 'inactive', address_json: { street: 'Ringvägen 5', city: 'Örebro', zip: '702 10' } });

      const shown = runCli(['parties', 'show', personId, '--org', ORG, '--no-json'], env);
      expect(shown.status, shown.stderr).toBe(0);
      expect(shown.stdout).toMatch(/^personnummer\s+19811218-2285$/m);
      expect(shown.stdout).toMatch(/^adress\s+Ringvägen 5, 702 10 Örebro$/m);
      expect(shown.stdout).toMatch(/^status\s+inactive$/m);

      const missing = runCli(['parties', 'show', 'finns-inte', '--org', 'org-a', '--json'], env);
      expect(missing.status).toBe(1);
      expect(JSON.parse(missing.stdout).error).toMatchObject({ code: 'NOT_FOUND', message: 'Parten hittades inte' });
    },
    SLOW,
  );

  it(
    '--help shows examples',
    () => {
      const help = runCli(['parties', 'create', '--help'], env);
      expect(help.status).toBe(0);
      expect(help.stdout).toContain('Exempel:');
      expect(help.stdout).toContain('--national-id <pnr>');
    },
    SLOW,
  );
});
