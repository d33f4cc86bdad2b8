import { writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { exportLedgerSie, getTrialBalance, operatorContext } from '@fordran/services';
import { withAppContext } from '../app-context';
import { printJson, printTable, wantsJson, type OutputOptions } from '../output/output';
import { DB_OPTION } from '../database-location';

interface LedgerOptions extends OutputOptions {
  org?: string;
  db?: string;
}

const ORG_OPTION = ['--org <id|name>', 'organisationens id eller exakta namn (standard: databasens enda organisation)'] as const;

/** `fordran ledger …`: the general ledger from a script (issue 5). */
export function createLedgerCommand(): Command {
  const ledger = new Command('ledger').description('Huvudboken: råbalans och SIE-export');

  ledger
    .command('trial-balance')
    .description('Råbalans: debet, kredit och saldo per konto; saldona summerar alltid till noll')
    .option('--to <YYYY-MM-DD>', 'till och med detta datum (standard allt som bokförts)')
    .option(...ORG_OPTION)
    .option(...DB_OPTION)
    .option('--json', 'skriv ut råbalansen som JSON')
    .addHelpText('after', '\nExempel:\n  $ fordran ledger trial-balance\n  $ fordran ledger trial-balance --to 2026-12-31 --org "Nordisk Inkasso AB" --json')
    .action(async (options: LedgerOptions & { to?: string }) => {
      const balance = await withAppContext(options, async (app) => getTrialBalance(await operatorContext(app, options.org), { to: options.to }));
      if (wantsJson(options)) return printJson(balance);
      printTable(
        [
          ...balance.rows,
          { account_code: 'Summa', account_name: '', type: '', debit: balance.total_debit, credit: balance.total_credit, balance: balance.total_balance },
        ],
        {
          konto: (row) => row.account_code,
          namn: (row) => row.account_name,
          debet: (row) => row.debit,
          kredit: (row) => row.credit,
          saldo: (row) => row.balance,
        },
      );
    });

  ledger
    .command('export-sie')
    .description('Skriver ett räkenskapsår (kalenderår) som SIE 4-fil (#FORMAT PC8) för ett bokföringsprogram')
    .requiredOption('--year <YYYY>', 'räkenskapsåret')
    .requiredOption('--out <file>', 'filen att skriva, t.ex. fordran-2026.se')
    .option(...ORG_OPTION)
    .option(...DB_OPTION)
    .option('--json', 'skriv ut en sammanfattning som JSON')
    .addHelpText('after', '\nExempel:\n  $ fordran ledger export-sie --year 2026 --out fordran-2026.se')
    .action(async (options: LedgerOptions & { year: string; out: string }) => {
      const file = await withAppContext(options, async (app) => exportLedgerSie(await operatorContext(app, options.org), { year: options.year }));
      writeFileSync(options.out, file.content);
      const summary = { file: options.out, year: Number(options.year), vouchers: file.vouchers, bytes: file.content.length };
      if (wantsJson(options)) return printJson(summary);
      process.stdout.write(`Skrev ${summary.vouchers} verifikationer (${summary.bytes} byte) till ${summary.file}\n`);
    });

  return ledger;
}
