import { readOrCreateSecret, resolveDataDir } from '@fordran/api';
import { openAppContext, type AppContext } from '@fordran/services';
import { resolveDatabaseOptions } from './database-location';

export interface DataOptions {
  db?: string;
}

/**
 * Opens the same database, data folder and secret the server uses (FORDRAN_DATABASE_URL or
 * FORDRAN_DB, FORDRAN_DATA_DIR, FORDRAN_SECRET), so a CLI command and a running server always agree.
 */
export function openCliAppContext(options: DataOptions): Promise<AppContext> {
  const database = resolveDatabaseOptions(options.db);
  const dataDir = resolveDataDir({ ...database, ...(process.env.FORDRAN_DATA_DIR ? { dataDir: process.env.FORDRAN_DATA_DIR } : {}) });
  return openAppContext({ ...database, dataDir, secret: process.env.FORDRAN_SECRET ?? readOrCreateSecret(dataDir) });
}

/** Runs `fn` with an app context and always closes the database afterwards. */
export async function withAppContext<T>(options: DataOptions, fn: (app: AppContext) => Promise<T> | T): Promise<T> {
  const app = await openCliAppContext(options);
  try {
    return await fn(app);
  } finally {
    await app.database.close();
  }
}
