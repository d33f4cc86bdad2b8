import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { cases, openStore, organisations } from '@fordran/store';
import { openAppContext, signIn } from '@fordran/services';
import { runCli } from './run-cli';

const dir = mkdtempSync(join(tmpdir(), 'fordran-cli-seed-'));
const db = join(dir, 'fordran.db');
const env = { FORDRAN_DB: db };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function caseCount(orgId: string): number {
  const store = openStore(db);
  try {
    return store.db.select({ n: count() }).from(cases).where(eq(cases.org_id, orgId)).get()!.n;
  } finally {
    store.close();
  }
}

describe('fordran seed', () => {
  let first: { org_id: string; email: string; password: string; counts: Record<string, number>; urls: { case: string } };

  it('seed demo creates an organisation, data and an admin who can sign in', async () => {
    const result = runCli(['seed', 'demo', '--json'], env);
    expect(result.status, result.stderr).toBe(0);
    first = JSON.parse(result.stdout);
    expect(first.counts.cases).toBe(60);
    expect(caseCount(first.org_id)).toBe(60);
    expect(first.urls.case).toMatch(/^\/cases\/[0-9a-f-]{36}$/);

    const app = openAppContext({ dbPath: db, dataDir: dir, secret: 'x'.repeat(32) });
    try {
      const session = await signIn(app, { email: first.email, password: first.password }, { ip: '127.0.0.1' });
      expect(session.user.email).toBe('demo@fordran.se');
    } finally {
      app.store.close();
    }
  });

  it('seeding again replaces the demo organisation with identical data', () => {
    const again = JSON.parse(runCli(['seed', 'demo', '--json'], env).stdout);
    expect(again.purged_organisations).toBe(1);
    expect(again.counts).toEqual(first.counts);
    expect(again.password).not.toBe(first.password);
    expect(caseCount(first.org_id)).toBe(0);
    expect(caseCount(again.org_id)).toBe(60);
  });

  it('refuses a bad size with a message and a non-zero exit', () => {
    const result = runCli(['seed', 'demo', '--size', 'enorm'], env);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('ange small, medium, large eller ett antal ärenden');
  });

  it('purge removes every demo organisation, then has nothing left to remove', () => {
    const purge = runCli(['seed', 'purge', '--json'], env);
    expect(purge.status, purge.stderr).toBe(0);
    expect(JSON.parse(purge.stdout)).toEqual({ purged_organisations: 1 });
    const store = openStore(db);
    expect(store.db.select({ n: count() }).from(organisations).get()!.n).toBe(0);
    store.close();
    const again = runCli(['seed', 'purge', '--json'], env);
    expect(again.status).toBe(1);
    expect(JSON.parse(again.stdout).error.code).toBe('NOT_FOUND');
  });
});
