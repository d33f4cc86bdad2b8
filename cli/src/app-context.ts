import { dirname } from 'node:path';
import { readOrCreateSecret } from '@fordran/api';
import { openAppContext, type AppContext } from '@fordran/services';
import { resolveDbPath } from './db-path';

export interface DataOptions {
  db?: string;
}

/**
 * Opens the same database, data folder and secret the server uses (FORDRAN_DB,
 * FORDRAN_DATA_DIR), so a CLI command and a running server always agree.
 */
export function openCliAppContext(options: DataOptions): Promise<AppContext> {
  const dbPath = resolveDbPath(options.db);
  const dataDir = process.env.FORDRAN_DATA_DIR ?? dirname(dbPath);
  return openAppContext({ dbPath, dataDir, secret: process.env.FORDRAN_SECRET ?? readOrCreateSecret(dataDir) });
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
