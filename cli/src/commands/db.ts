import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { DomainError } from '@fordran/core';
import { resolveDataDir } from '@fordran/api';
import { copyDatabase, createLocalFileStorage, describeLocation, migrateDatabase, openSqliteDatabase, type CopyReport } from '@fordran/store';
import { databaseLocation, DB_OPTION, resolveDatabaseOptions, resolveDbPath } from '../database-location';
import { EXIT_CHECK_FAILED } from '../exit';
import { createProgressBar } from '../output/progress';
import { printJson, printRecord, printTable, wantsJson, type OutputOptions } from '../output/output';

function parsePostgresUrl(value: string): string {
  if (!/^postgres(ql)?:\/\//.test(value)) throw new InvalidArgumentError('ange en PostgreSQL-URL: postgres://användare:lösenord@värd:port/databas');
  return value;
}

function printCopyReport(report: CopyReport, from: string, to: string): void {
  process.stdout.write(`Kopierat ${from} → ${to}\n\n`);
  printTable(report.tables, {
    Tabell: (table) => table.name,
    'Rader (SQLite)': (table) => table.rows,
    'Rader (PostgreSQL)': (table) => table.target_rows,
    Lika: (table) => (table.rows === table.target_rows ? 'ja' : 'NEJ'),
  });
  process.stdout.write(
    `\nRadantal: ${report.counts_equal ? 'lika' : 'OLIKA'}. Huvudbokens saldon (${report.trial_balance_lines} konton): ${report.trial_balance_equal ? 'lika' : 'OLIKA'}.\n`,
  );
  if (report.files) {
    const { files, bytes, equal } = report.files;
    process.stdout.write(
      `Filer: ${files} (${(bytes / 1024 / 1024).toFixed(1)} MiB) kopierade till databasen, ${equal ? 'alla på plats' : 'SAKNAS I MÅLET'}.\n`,
    );
  }
}

export function createDbCommand(): Command {
  const db = new Command('db').description('Databasen: migrering och flytt till PostgreSQL');
  db.command('migrate')
    .description('Skapar databasen om den saknas och kör alla migreringar som inte körts (SQLite eller PostgreSQL)')
    .option(...DB_OPTION)
    .option('--json', 'skriv ut resultatet som JSON')
    .addHelpText(
      'after',
      '\nMed FORDRAN_DATABASE_URL migreras PostgreSQL-databasen, under samma lås som servrarna tar vid start.\n\nExempel:\n  $ fordran db migrate\n  $ FORDRAN_DB=/var/lib/fordran/fordran.db fordran db migrate --json\n  $ FORDRAN_DATABASE_URL=postgres://fordran@db:5432/fordran fordran db migrate',
    )
    .action(async (options: OutputOptions & { db?: string }) => {
      const location = databaseLocation(resolveDatabaseOptions(options.db));
      const { applied, total } = await migrateDatabase(location);
      printRecord({ database: describeLocation(location), engine: location.engine, applied, migrations: total, status: 'ok' }, options);
    });

  db.command('copy')
    .description('Kopierar en SQLite-databas till en tom PostgreSQL-databas och kontrollerar kopian (radantal och huvudbokens saldon)')
    .requiredOption('--to <url>', 'PostgreSQL-databasen att kopiera till: postgres://användare:lösenord@värd:port/databas (måste vara tom)', parsePostgresUrl)
    .option('--from <file>', 'SQLite-databasfilen att kopiera (standard FORDRAN_DB eller ./data/fordran.db)')
    .option('--files <folder>', 'filmappen att kopiera in i databasen (standard FORDRAN_DATA_DIR/files, annars mappen files bredvid databasfilen)')
    .option('--json', 'skriv ut resultatet som JSON')
    .addHelpText(
      'after',
      [
        '',
        'Stoppa servern först: SQLite-filen hålls låst medan kopian görs. Källan migreras till',
        'aktuell version, måldatabasen migreras och fylls i en enda transaktion. Därefter kopieras',
        'filerna (logotyper, profilbilder, bankfiler, brev) in i databasen, där alla instanser läser dem.',
        'En måldatabas som redan har data vägras och lämnas orörd. Avslutar med kod 3 om kontrollen',
        'hittar en skillnad.',
        '',
        'Exempel:',
        '  $ fordran db copy --to postgres://fordran:hemligt@db:5432/fordran',
        '  $ fordran db copy --from /var/lib/fordran/fordran.db --to postgres://fordran@db/fordran --json',
      ].join('\n'),
    )
    .action(async (options: OutputOptions & { to: string; from?: string; files?: string }) => {
      const from = resolveDbPath(options.from);
      if (!existsSync(from)) throw new DomainError('NOT_FOUND', `SQLite-databasen finns inte: ${from}`);
      const filesDir = resolve(
        options.files ?? join(resolveDataDir({ dbPath: from, ...(process.env.FORDRAN_DATA_DIR ? { dataDir: process.env.FORDRAN_DATA_DIR } : {}) }), 'files'),
      );
      const to = describeLocation({ engine: 'postgres', url: options.to });
      const source = openSqliteDatabase(from);
      const bar = createProgressBar('Kopierar', 1);
      let report: CopyReport;
      try {
        report = await copyDatabase(source, options.to, { files: createLocalFileStorage(filesDir), onProgress: (done, total) => bar.update(done, total) });
      } finally {
        bar.finish();
        await source.close();
      }
      if (wantsJson(options)) printJson({ from, to, ...report });
      else printCopyReport(report, from, to);
      if (!report.equal) {
        process.stderr.write('Kopian skiljer sig från källan (se ovan). Använd den inte; töm eller skapa om måldatabasen och kopiera igen.\n');
        process.exitCode = EXIT_CHECK_FAILED;
      }
    });
  return db;
}
