import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteDatabase, organisations, userOrgRoles } from '@fordran/store';
import { runCli } from './run-cli';

const dir = mkdtempSync(join(tmpdir(), 'fordran-cli-users-'));
const db = join(dir, 'fordran.db');
const env = { FORDRAN_DB: db };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  const database = openSqliteDatabase(db);
  await database.transaction((tx) => tx.insert(organisations).values({ id: 'org-a', name: 'Nordisk Inkasso AB' }));
  await database.close();
});

async function memberships() {
  const database = openSqliteDatabase(db);
  try {
    return await database.db.select().from(userOrgRoles);
  } finally {
    await database.close();
  }
}

describe('fordran users create', () => {
  it('creates a user with a generated password and a membership', async () => {
    const result = runCli(['users', 'create', '--email', 'Eva@Byra.se', '--name', 'Eva Ek', '--org', 'Nordisk Inkasso AB', '--role', 'handler', '--json'], env);
    expect(result.status, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(body).toMatchObject({ email: 'eva@byra.se', org_id: 'org-a', role: 'handler', created: true });
    expect(body.generated_password).toMatch(/^[\w-]{16}$/);
    expect(await memberships()).toHaveLength(1);
  });

  it('refuses a second membership in the same organisation and changes nothing', async () => {
    const result = runCli(['users', 'create', '--email', 'eva@byra.se', '--name', 'Eva Ek', '--org', 'org-a', '--role', 'admin', '--json'], env);
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout).error.code).toBe('CONFLICT');
    expect(await memberships()).toHaveLength(1);
  });

  it.each([
    [['--org', 'Finns Inte AB', '--role', 'admin'], 'NOT_FOUND'],
    [['--org', 'org-a', '--role', 'boss'], 'VALIDATION_FAILED'],
    [['--org', 'org-a', '--role', 'admin', '--password', '123'], 'VALIDATION_FAILED'],
  ])('exits 1 with a clear error for %j', (args, code) => {
    const result = runCli(['users', 'create', '--email', 'ny@byra.se', '--name', 'Ny', ...args, '--json'], env);
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout).error.code).toBe(code);
    expect(result.stderr).toMatch(/^Fel \(/);
  });

  it('requires its options', () => {
    const result = runCli(['users', 'create', '--email', 'x@y.se'], env);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("required option '--name <name>' not specified");
  });
});
