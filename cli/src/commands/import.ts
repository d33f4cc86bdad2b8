import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { BANK_IMPORT_FORMATS, DomainError } from '@fordran/core';
import { importBankFile, operatorContext, type ImportSummary } from '@fordran/services';
import { withAppContext } from '../app-context';
import { createProgressBar } from '../output/progress';
import { printJson, printRecord, printTable, wantsJson, type OutputOptions } from '../output/output';
import { DB_OPTION } from '../database-location';

type Format = (typeof BANK_IMPORT_FORMATS)[number];

function parseFormat(value: string): Format {
  if ((BANK_IMPORT_FORMATS as readonly string[]).includes(value)) return value as Format;
  throw new InvalidArgumentError(`ange ${BANK_IMPORT_FORMATS.join(', ')}`);
}

async function readBankFile(path: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(path));
  } catch (error) {
    throw new DomainError('BANK_FILE_UNREADABLE', `Filen kunde inte läsas: ${path} (${(error as NodeJS.ErrnoException).code ?? 'okänt fel'})`);
  }
}

function printSummary(summary: ImportSummary, options: OutputOptions): void {
  if (wantsJson(options)) return printJson(summary);
  const { errors, ...counts } = summary;
  printRecord({ ...counts, errors: errors.length }, options);
  if (errors.length > 0) printTable(errors, { rad: (e) => e.line ?? '-', nivå: (e) => e.severity, kod: (e) => e.code, meddelande: (e) => e.message });
  if (summary.duplicate_file) process.stdout.write('Filen är redan inläst – inget bokades om.\n');
}

/** `fordran import payments FILE`: bank-file import from a script (issue 5). */
export function createImportCommand(): Command {
  const importCommand = new Command('import').description('Import av bankfiler');
  importCommand
    .command('payments')
    .description('Läser in inbetalningar från en bankfil (BgMax, camt.053, camt.054 eller CSV): bokför, matchar och avräknar')
    .argument('<file>', 'bankfilen')
    .option('--format <format>', `${BANK_IMPORT_FORMATS.join(', ')} (standard: känns igen)`, parseFormat)
    .option('--org <id|name>', 'organisationens id eller namn (behövs när det finns flera)')
    .option('--dry-run', 'kontrollera och matcha utan att bokföra något')
    .option(...DB_OPTION)
    .option('--json', 'skriv ut sammanfattningen som JSON')
    .addHelpText(
      'after',
      [
        '',
        'Samma fil, eller samma banktransaktion i en annan fil (en camt.054-avisering och kvällens camt.053),',
        'bokförs aldrig två gånger. En möjlig dubblett som ingen bankreferens skiljer ut hålls för granskning',
        '(held) under Inbetalningar. Belopp i annan valuta än SEK bokförs aldrig: de listas i errors med koden',
        'BANK_FILE_CURRENCY. En camt.054 för ett konto som organisationen inte har avvisas hel. En fil som inte',
        'kan läsas avvisas med radnummer och inget bokförs (slutkod 1).',
        '',
        'JSON: {format, file_name, payments, total_amount, matched, allocated, partially_allocated, unmatched,',
        '       duplicates, held, foreign, errors[], statement_id, duplicate_file, dry_run, reconciliation_status}',
        '',
        'Exempel:',
        '  $ fordran import payments bgmax-20261122.txt',
        '  $ fordran import payments avisering.xml --format camt054',
        '  $ fordran import payments kontoutdrag.xml --format camt053 --org "Nordisk Inkasso AB" --json',
      ].join('\n'),
    )
    .action(async (file: string, options: OutputOptions & { format?: Format; org?: string; dryRun?: boolean; db?: string }) => {
      const bytes = await readBankFile(file);
      const summary = await withAppContext(options, async (app) => {
        const bar = createProgressBar('Bokför inbetalningar', 1);
        try {
          return await importBankFile(
            await operatorContext(app, options.org),
            { file_name: basename(file), bytes, ...(options.format ? { format: options.format } : {}), dry_run: options.dryRun === true },
            (done, total) => bar.update(done, total),
          );
        } finally {
          bar.finish();
        }
      });
      printSummary(summary, options);
    });
  return importCommand;
}
