import { Command } from 'commander';
import { PRESCRIPTION_INTERRUPTION_KIND_LABELS } from '@fordran/core';
import { runPrescriptionCheck } from '@fordran/services';
import { withAppContext } from '../app-context';
import { createProgressBar } from '../output/progress';
import { printJson, printRecord, printTable, wantsJson, type OutputOptions } from '../output/output';
import { DB_OPTION } from '../database-location';

/** `fordran rules check`: the nightly prescription check of the rule engine (issue 4). */
export function createRulesCommand(): Command {
  const rules = new Command('rules').description('Regelmotorn');
  rules
    .command('check')
    .description(
      'Nattlig preskriptionskontroll: flaggar preskriberade fordringar (block) och de med högst 120 dagar kvar (varning), med preskriptionsdag och avbrottet som satte den',
    )
    .option('--as-of <YYYY-MM-DD>', 'kontrollera per detta datum (standard i dag)')
    .option('--org <id|name>', 'bara denna organisation (standard alla)')
    .option(...DB_OPTION)
    .option('--json', 'skriv ut sammanfattningen som JSON')
    .addHelpText('after', '\nExempel:\n  $ fordran rules check\n  $ fordran rules check --org "Nordisk Inkasso AB" --json')
    .action(async (options: OutputOptions & { asOf?: string; org?: string; db?: string }) => {
      const summary = await withAppContext(options, async (app) => {
        const bar = createProgressBar('Kontrollerar preskription', 1);
        try {
          return await runPrescriptionCheck(app, { as_of: options.asOf, org: options.org }, (done, total) => bar.update(done, total));
        } finally {
          bar.finish();
        }
      });
      if (wantsJson(options)) return printJson(summary);
      const { flagged, ...counts } = summary;
      printRecord(counts, options);
      if (flagged.length === 0) return;
      process.stdout.write('\n');
      printTable(flagged, {
        Ärende: (row) => row.reference_no,
        Nivå: (row) => (row.level === 'block' ? 'Blockerande' : 'Varning'),
        Preskriberas: (row) => row.prescribed_on,
        'Satt av': (row) =>
          row.prescription_set_by
            ? `${PRESCRIPTION_INTERRUPTION_KIND_LABELS[row.prescription_set_by.kind]} ${row.prescription_set_by.interrupted_on}`
            : 'Uppkomstdagen',
      });
    });
  return rules;
}
