import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, POSTGRES_TESTS_HINT, rawSql, TEST_DATABASE_URL, type RawSql, type TestDatabase } from '@fordran/store/testing';
import { openAppContext, type OpenAppContextOptions } from '../system/open-app-context';
import type { AppContext } from '../context';

export { recordSentDemand } from './sent-demand';

/*
 * An app for tests on the engine FORDRAN_TEST_ENGINE names: `sqlite` (default: a new file in a
 * temp folder) or `postgres` (a new database on FORDRAN_TEST_DATABASE_URL's server, dropped on
 * close). The service, API and CLI suites run through this, so CI runs them on both engines.
 */

/** The secret an openTestApp signs with unless told otherwise: a second instance on its database needs the same. */
export const TEST_SECRET = 'test-secret-that-is-long-enough-0123456789';

export type TestEngine = 'sqlite' | 'postgres';

export const TEST_ENGINE: TestEngine = process.env.FORDRAN_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export interface TestApp {
  app: AppContext;
  /** Raw SQL on the test's database, `?` placeholders on both engines. */
  sql: RawSql;
  /** The temp folder (uploaded files; the SQLite file). */
  dir: string;
  /** The SQLite file, or the PostgreSQL URL: what a CLI or second instance opens. */
  location: { dbPath: string; databaseUrl?: string };
  close(): Promise<void>;
}

export type TestAppOptions = Omit<OpenAppContextOptions, 'dbPath' | 'dataDir' | 'databaseUrl' | 'secret'> & { secret?: string };

/** Opens a fresh, migrated app on the test engine. */
export async function openTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'fordran-test-'));
  let database: TestDatabase | undefined;
  if (TEST_ENGINE === 'postgres') {
    if (!TEST_DATABASE_URL) throw new Error(`FORDRAN_TEST_ENGINE=postgres needs a server: ${POSTGRES_TESTS_HINT}`);
    database = await createTestDatabase();
  }
  const location = { dbPath: join(dir, 'test.db'), ...(database ? { databaseUrl: database.url } : {}) };
  const app = await openAppContext({ ...options, ...location, dataDir: dir, secret: options.secret ?? TEST_SECRET });
  return {
    app,
    sql: rawSql(app.database),
    dir,
    location,
    async close() {
      await app.providers?.channels?.close?.();
      await app.providers?.bankid?.close();
      await app.database.close();
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export { createRecordingChannels, type RecordingChannels, type RecordingAnswer } from './recording-channels';
