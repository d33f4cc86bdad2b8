import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';

/*
 * PostgreSQL in tests. The tests that need a server run only when FORDRAN_TEST_DATABASE_URL names
 * one (any database on it: each test file makes its own and drops it). Without it they are skipped,
 * saying how to enable them.
 */

/** The server the PostgreSQL tests use, e.g. postgres://postgres@127.0.0.1:5432/postgres. */
export const TEST_DATABASE_URL = process.env.FORDRAN_TEST_DATABASE_URL || undefined;

export const POSTGRES_TESTS_HINT =
  'PostgreSQL tests skipped: run them with FORDRAN_TEST_DATABASE_URL=postgres://user@host:port/db npm test, ' +
  'or on a throw-away server with scripts/test-postgres.sh run npx vitest run <files>';

/** `describe` for tests that need PostgreSQL: skipped, with the hint, when no server is configured. */
export function describePostgres(name: string, body: () => void): void {
  if (TEST_DATABASE_URL) {
    describe(name, body);
  } else {
    console.info(POSTGRES_TESTS_HINT);
    // Skipped only without a server to run on: the title says how to enable them; CI sets it.
    describe.skip(`${name} — ${POSTGRES_TESTS_HINT}`, body);
  }
}

export interface TestDatabase {
  /** The URL of the new, empty database. */
  url: string;
  /** Drops the database, ending whatever connections are still open to it. */
  drop(): Promise<void>;
}

function serverUrl(): string {
  if (!TEST_DATABASE_URL) throw new Error(POSTGRES_TESTS_HINT);
  return TEST_DATABASE_URL;
}

async function onServer(server: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface CreateTestDatabaseOptions {
  /** The server to make it on (default FORDRAN_TEST_DATABASE_URL's). */
  server?: string;
  /** The start of its name (default `fordran_test`); a unique suffix follows. */
  prefix?: string;
}

/** Creates an empty database with a unique name on the test server (call in beforeAll, drop in afterAll). */
export async function createTestDatabase(options: CreateTestDatabaseOptions = {}): Promise<TestDatabase> {
  const server = options.server ?? serverUrl();
  const name = `${options.prefix ?? 'fordran_test'}_${process.pid}_${randomBytes(6).toString('hex')}`;
  await onServer(server, `CREATE DATABASE "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
