import { Command, InvalidArgumentError } from 'commander';
import { runInterestAccrual } from '@fordran/services';
import { withAppContext } from '../app-context';
import { createProgressBar } from '../output/progress';
import { printJson, printRecord, printTable, wantsJson, type OutputOptions } from '../output/output';
import { DB_OPTION } from '../database-location';

function parseBatchSize(value: string): number {
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1 || size > 10_000) throw new InvalidArgumentError('ett heltal 1–10000');
  return size;
}

/** `fordran interest run`: the nightly interest job (issue 4). */
export function createInterestCommand(): Command {
  const interest = new Command('interest').description('Ränta');
  interest
    .command('run')
    .description('Räknar om räntan för alla aktiva och pausade ärenden till och med ett datum (nattjobbet)')
    .option('--as-of <YYYY-MM-DD>', 'beräkna till och med detta datum (standard i dag)')
    .option('--org <id|name>', 'bara denna organisation (standard alla)')
    .option('--batch-size <n>', 'ärenden per transaktion', parseBatchSize, 1000)
    .option(...DB_OPTION)
    .option('--json', 'skriv ut sammanfattningen som JSON')
    .addHelpText(
      'after',
      '\nVarje batch är en transaktion med en verifikation (1511/8310) för sina ändringar. Ett ärende som\ninte kan beräknas (t.ex. saknad referensränta) rapporteras och lämnas orört.\n\nExempel:\n  $ fordran interest run --as-of 2026-11-22\n  $ fordran interest run --org "Nordisk Inkasso AB" --json',
    )
    .action(async (options: OutputOptions & { asOf?: string; org?: string; batchSize: number; db?: string }) => {
      const summary = await withAppContext(options, async (app) => {
        const bar = createProgressBar('Beräknar ränta', 1);
        try {
          return await runInterestAccrual(app, { as_of: options.asOf, org: options.org, batch_size: options.batchSize }, (done, total) =>
            bar.update(done, total),
          );
        } finally {
          bar.finish();
        }
      });
      if (wantsJson(options)) return printJson(summary);
      const { failed, ...counts } = summary;
      printRecord({ ...counts, failed: failed.length }, options);
      if (failed.length > 0) printTable(failed, { ärende: (f) => f.case_id, kod: (f) => f.code, fel: (f) => f.message });
    });
  return interest;
}
