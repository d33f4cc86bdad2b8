import { resolve } from 'node:path';
import { databaseOptionsFromEnv, type DatabaseOptions } from '@fordran/api';
import type { DatabaseLocation } from '@fordran/store';

/** The `--db` option of every command that opens the database. */
export const DB_OPTION = [
  '--db <path>',
  'SQLite-databasfil (utan --db: PostgreSQL om FORDRAN_DATABASE_URL är satt, annars FORDRAN_DB eller ./data/fordran.db)',
] as const;

/** A SQLite file: `option`, else FORDRAN_DB, else ./data/fordran.db (as the server). */
export function resolveDbPath(option?: string): string {
  return resolve(option ?? process.env.FORDRAN_DB ?? './data/fordran.db');
}

/**
 * The database a command works on, picked as the server picks it (FORDRAN_DATABASE_URL, else
 * FORDRAN_DB), except that an explicit `--db` file always means that SQLite file.
 */
export function resolveDatabaseOptions(db?: string): DatabaseOptions & { dbPath: string } {
  if (db !== undefined) return { dbPath: resolveDbPath(db) };
  return { ...databaseOptionsFromEnv(process.env), dbPath: resolveDbPath() };
}

export function databaseLocation(options: DatabaseOptions & { dbPath: string }): DatabaseLocation {
  if (options.databaseUrl) return { engine: 'postgres', url: options.databaseUrl, ...(options.poolSize ? { poolSize: options.poolSize } : {}) };
  return { engine: 'sqlite', path: options.dbPath };
}
