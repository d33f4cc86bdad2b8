import { resolve } from 'node:path';

/** The database file: `--db`, else FORDRAN_DB, else ./data/fordran.db (as the server). */
export function resolveDbPath(option?: string): string {
  return resolve(option ?? process.env.FORDRAN_DB ?? './data/fordran.db');
}
