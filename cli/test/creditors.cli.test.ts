import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCreditor, creditorListResponseSchema, creditorResponseSchema, openAppContext, operatorContext } from '@fordran/services';
import { openSqliteDatabase, organisations } from '@fordran/store';
import { runCli } from './run-cli';

const dir = mkdtempSync(join(tmpdir(), 'fordran-cli-creditors-'));
const db = join(dir, 'fordran.db');
const env = { FORDRAN_DB: db, FORDRAN_DATA_DIR: dir, FORDRAN_SECRET: 'cli-test-secret-0123456789-0123456789' };
const ORG = 'Nordisk Inkasso AB';
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each CLI process takes a second or more on a busy machine. */
const SLOW = 60_000;

async function sql<T>(query: string, ...params: string[]): Promise<T> {
  const database = openSqliteDatabase(db);
  try {
    return database.sqlite.prepare(query).get(...params) as T;
  } finally {
    await database.close();
  }
}

const creditorCount = async () => (await sql<{ n: number }>('SELECT count(*) AS n FROM creditors')).n;

async function addOrganisation(id: string, name: string): Promise<void> {
  const database = openSqliteDatabase(db);
  await database.transaction((tx) => tx.insert(organisations).values({ id, name }));
  await database.close();
}

beforeAll(async () => {
  await addOrganisation('org-a', ORG);
  // Rows for the list, written straight through the services (one CLI process costs a second).
  const app = await openAppContext({ dbPath: db, dataDir: dir, secret: env.FORDRAN_SECRET, seedReferenceRates: false });
  const ctx = await operatorContext(app, 'org-a');
  for (let i = 1; i <= 12; i += 1) await createCreditor(ctx, { name: `Borgenär ${String(i).padStart(2, '0')} AB`, customer_no: `C${i}` });
  await app.database.close();
});

describe('fordran creditors', () => {
  it(
    'creates a creditor, refuses a duplicate or a bad org.nr without writing, and needs --org when there are several organisations',
    async () => {
      const created = runCli(
        [
          'creditors',
          'create',
          '--org',
          ORG,
          '--name',
          'Norrbygg Entreprenad AB',
          '--org-no',
          '5620637123',
          '--customer-no',
          'K-100',
          '--contact-name',
          'Eva Ek',
          '--email',
          'Eva@Norrbygg.se',
          '--street',
          'Industrivägen 12',
          '--zip',
          '971 00',
          '--city',
          'Luleå',
          '--json',
        ],
        env,
      );
      expect(created.status, created.stderr).toBe(0);
      const creditor = creditorResponseSchema.parse(JSON.parse(created.stdout));
      expect(creditor).toMatchObject({
        org_id: 'org-a',
        name: 'Norrbygg Entreprenad AB',
        org_no: '562063-7123',
        customer_no: 'K-100',
        status: 'active',
        contact_json: { name: 'Eva Ek', email: 'eva@norrbygg.se' },
        address_json: { street: 'Industrivägen 12', zip: '971 00', city: 'Luleå' },
      });
      expect(await creditorCount()).toBe(13);

      const duplicate = runCli(['creditors', 'create', '--org', 'org-a', '--name', 'Dubblett AB', '--org-no', '562063-7123', '--json'], env);
      expect(duplicate.status).toBe(1);
      expect(JSON.parse(duplicate.stdout).error).toMatchObject({ code: 'CONFLICT', message: 'En kund med organisationsnummer 562063-7123 finns redan' });
      expect(duplicate.stderr).toMatch(/^Fel \(CONFLICT\)/);

      const invalid = runCli(['creditors', 'create', '--org', 'org-a', '--name', 'Fel AB', '--org-no', '562063-7124', '--json'], env);
      expect(invalid.status).toBe(1);
      expect(JSON.parse(invalid.stdout).error).toEqual({
        code: 'INVALID_ORGANISATIONSNUMMER',
        message: 'Ogiltigt organisationsnummer: kontrollsiffran stämmer inte',
        details: expect.anything(),
      });

      await addOrganisation('org-b', 'Annan Byrå AB');
      const noOrg = runCli(['creditors', 'create', '--name', 'Utan Org AB', '--json'], env);
      expect(noOrg.status).toBe(1);
      expect(JSON.parse(noOrg.stdout).error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Flera organisationer finns: ange vilken med --org' });
      expect(await creditorCount()).toBe(13);
    },
    SLOW,
  );

  it(
    'lists as a table with the page line, and as JSON with search, status and paging',
    () => {
      const table = runCli(['creditors', 'list', '--org', ORG, '--query', '562063', '--no-json'], env);
      expect(table.status, table.stderr).toBe(0);
      const lines = table.stdout.split('\n');
      expect(lines[0]).toMatch(/^ID\s+Namn\s+Org\.nr\s+Kundnr\s+Status\s+Skapad$/);
      expect(lines[2]).toMatch(/Norrbygg Entreprenad AB\s+562063-7123\s+K-100\s+active\s+\d{4}-\d{2}-\d{2}$/);
      expect(table.stdout).toContain('Visar 1–1 av 1');

      const page = runCli(
        ['creditors', 'list', '--org', 'org-a', '--status', 'active', '--sort', 'name', '--order', 'desc', '--limit', '5', '--offset', '5', '--json'],
        env,
      );
      expect(page.status, page.stderr).toBe(0);
      const body = creditorListResponseSchema.parse(JSON.parse(page.stdout));
      expect(body.total).toBe(13);
      expect(body.items.map((c) => c.name)).toEqual(['Borgenär 08 AB', 'Borgenär 07 AB', 'Borgenär 06 AB', 'Borgenär 05 AB', 'Borgenär 04 AB']);
    },
    SLOW,
  );

  it(
    'updates status and one contact field (the others stay), then shows the creditor',
    async () => {
      const { id } = await sql<{ id: string }>("SELECT id FROM creditors WHERE org_no = '562063-7123'");
      // Deactivating without saying why is refused and changes nothing.
      const unexplained = runCli(['creditors', 'update', id, '--org', 'org-a', '--status', 'inactive', '--json'], env);
      expect(unexplained.status).toBe(1);
      expect(JSON.parse(unexplained.stdout).error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Ange varför kunden inaktiveras' });
      expect((await sql<{ status: string }>('SELECT status FROM creditors WHERE id = ?', id)).status).toBe('active');

      const updated = runCli(
        ['creditors', 'update', id, '--org', 'org-a', '--status', 'inactive', '--reason', 'Avslutat samarbete', '--phone', '070-1740605', '--json'],
        env,
      );
      expect(updated.status, updated.stderr).toBe(0);
      expect(JSON.parse(updated.stdout)).toMatchObject({
        status: 'inactive',
        contact_json: { name: 'Eva Ek', email: 'eva@norrbygg.se', phone: '070-1740605' },
      });

      const shown = runCli(['creditors', 'show', id, '--org', ORG, '--no-json'], env);
      expect(shown.status, shown.stderr).toBe(0);
      expect(shown.stdout).toMatch(/^namn\s+Norrbygg Entreprenad AB$/m);
      expect(shown.stdout).toMatch(/^status\s+inactive$/m);
      expect(shown.stdout).toMatch(/^telefon\s+070-1740605$/m);

      const bad = runCli(['creditors', 'update', id, '--org', 'org-a', '--status', 'closed'], env);
      expect(bad.status).not.toBe(0);
      expect(bad.stderr).toContain("argument 'closed' is invalid");
    },
    SLOW,
  );

  it(
    '--help shows examples',
    () => {
      const help = runCli(['creditors', 'update', '--help'], env);
      expect(help.status).toBe(0);
      expect(help.stdout).toContain('Exempel:');
      expect(help.stdout).toContain('--status <status>');
    },
    SLOW,
  );
});
