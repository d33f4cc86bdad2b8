import { Command } from 'commander';
import { openSqliteDatabase } from '@fordran/store';
import { resolveDbPath } from '../db-path';
import { printRecord, type OutputOptions } from '../output/output';

export function createDbCommand(): Command {
  const db = new Command('db').description('Databasen: migrering');
  db.command('migrate')
    .description('Skapar databasen om den saknas och kör alla migreringar som inte körts')
    .option('--db <path>', 'databasfil (standard FORDRAN_DB eller ./data/fordran.db)')
    .option('--json', 'skriv ut resultatet som JSON')
    .addHelpText('after', '\nExempel:\n  $ fordran db migrate\n  $ FORDRAN_DB=/var/lib/fordran/fordran.db fordran db migrate --json')
    .action(async (options: OutputOptions & { db?: string }) => {
      const path = resolveDbPath(options.db);
      const database = openSqliteDatabase(path);
      // The migrations table is SQLite's own bookkeeping: read on the raw connection.
      const applied = database.sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number };
      await database.close();
      printRecord({ database: path, migrations: applied.n, status: 'ok' }, options);
    });
  return db;
}
