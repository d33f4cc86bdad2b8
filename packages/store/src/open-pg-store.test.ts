import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { IsoDate } from '@fordran/core';
import { DEFAULT_PG_MIGRATIONS_FOLDER, openPgStore, type OpenPgStoreOptions, type PgStore } from './open-pg-store';
import * as pgSchema from './schema/pg';
import { createTestDatabase, describePostgres, type TestDatabase } from './testing/postgres';

const journal = JSON.parse(readFileSync(join(DEFAULT_PG_MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };

describePostgres('openPgStore', () => {
  const opened: PgStore[] = [];
  let database: TestDatabase | undefined;

  async function freshDatabase(): Promise<string> {
    database = await createTestDatabase();
    return database.url;
  }

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
    await database?.drop();
  });

  async function open(url: string, options: OpenPgStoreOptions = {}): Promise<PgStore> {
    const store = await openPgStore(url, { poolSize: 2, ...options });
    opened.push(store);
    return store;
  }

  it('migrates a new database once; opening it again applies nothing and keeps the data', async () => {
    const url = await freshDatabase();
    const first = await open(url);
    await first.db.insert(pgSchema.users).values({ id: 'u1', email: 'anna@example.se', password_hash: 'x' });
    const again = await open(url);
    expect(await again.db.select({ id: pgSchema.users.id }).from(pgSchema.users)).toEqual([{ id: 'u1' }]);
    const applied = await again.pool.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    expect(applied.rows[0].n).toBe(journal.entries.length);
  });

  it('instances starting together on a new database migrate one after the other, both succeed', async () => {
    const url = await freshDatabase();
    const results = await Promise.allSettled([0, 1, 2].map(() => open(url)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const applied = await opened[0]?.pool.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    expect(applied?.rows[0].n).toBe(journal.entries.length);
  });

  it('reads dates as YYYY-MM-DD whatever DateStyle the server is set to', async () => {
    const url = await freshDatabase();
    const name = new URL(url).pathname.slice(1);
    const setup = await open(url);
    await setup.pool.query(`ALTER DATABASE "${name}" SET DateStyle = 'SQL, DMY'`);
    const store = await open(url);
    await store.db.insert(pgSchema.referenceRates).values({ id: 'r1', valid_from: '2026-07-01' as IsoDate, rate_bp: 175 });
    expect(await store.db.select({ valid_from: pgSchema.referenceRates.valid_from }).from(pgSchema.referenceRates)).toEqual([{ valid_from: '2026-07-01' }]);
    // The server really answers otherwise to a connection that does not ask for ISO.
    const plain = await store.pool.query(`SET DateStyle = 'SQL, DMY'; SELECT valid_from::text AS v FROM reference_rates`);
    expect((plain as unknown as { rows: { v: string }[] }[])[1]?.rows[0]?.v).toBe('01/07/2026');
  });

  it('survives its idle connections being killed: told once per connection, the next query opens a new one', async () => {
    const url = await freshDatabase();
    const idleErrors: Error[] = [];
    const store = await open(url, { onIdleError: (error) => idleErrors.push(error) });
    await Promise.all([store.pool.query('SELECT pg_sleep(0.05)'), store.pool.query('SELECT pg_sleep(0.05)')]);
    expect(store.pool.idleCount).toBe(2);
    const killer = await open(url, { migrate: false });
    await killer.pool.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    await expect.poll(() => idleErrors.length).toBe(2);
    expect(await store.db.select({ id: pgSchema.users.id }).from(pgSchema.users)).toEqual([]);
  });
});
