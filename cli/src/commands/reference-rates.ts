import { Command } from 'commander';
import { listReferenceRates, setReferenceRate } from '@fordran/services';
import { withAppContext } from '../app-context';
import { printJson, printRecord, printTable, wantsJson, type OutputOptions } from '../output/output';
import { DB_OPTION } from '../database-location';

/**
 * `fordran reference-rates`: the Riksbank reference rate per half-year. The table is shared by
 * every organisation, so only the operator (whoever runs the server) changes it — never a user
 * over HTTP.
 */
export function createReferenceRatesCommand(): Command {
  const rates = new Command('reference-rates').description('Riksbankens referensränta per halvår (gemensam för alla organisationer)');

  rates
    .command('list')
    .description('Visar referensräntan per halvår, nyast först, med dröjsmålsräntan (referensränta + 8 procentenheter)')
    .option(...DB_OPTION)
    .option('--json', 'skriv ut resultatet som JSON')
    .addHelpText('after', '\nExempel:\n  $ fordran reference-rates list\n  $ fordran reference-rates list --json')
    .action(async (options: OutputOptions & { db?: string }) => {
      const result = await withAppContext(options, (app) => listReferenceRates(app));
      if (wantsJson(options)) return printJson(result);
      printTable(result.items, {
        Från: (row) => row.valid_from,
        Till: (row) => row.valid_to,
        'Referensränta %': (row) => row.rate,
        'Dröjsmålsränta %': (row) => row.legal_interest_rate,
        Verifierad: (row) => (row.verified ? 'ja' : 'nej'),
      });
      if (result.current_missing) console.log(`\nVarning: referensränta saknas för halvåret som börjar ${result.current_half_year}.`);
    });

  rates
    .command('set')
    .description('Lägger till eller rättar referensräntan för ett halvår (gäller alla organisationer; loggas i varje organisations systemlogg)')
    .requiredOption('--from <date>', 'halvårets första dag: YYYY-01-01 eller YYYY-07-01')
    .requiredOption('--rate <percent>', 'referensräntan i procent med högst två decimaler, t.ex. 2.25 eller -0.50')
    .option('--verified', 'räntan är kontrollerad mot Riksbanken (utan flaggan markeras den som ej verifierad)')
    .option(...DB_OPTION)
    .option('--json', 'skriv ut resultatet som JSON')
    .addHelpText(
      'after',
      '\nRiksbanken fastställer referensräntan inför varje 1 januari och 1 juli (räntelagen 9 §).\n\nExempel:\n  $ fordran reference-rates set --from 2027-01-01 --rate 2.25 --verified\n  $ fordran reference-rates set --from 2019-01-01 --rate -0.50 --verified',
    )
    .action(async (options: OutputOptions & { from: string; rate: string; verified?: boolean; db?: string }) => {
      const result = await withAppContext(options, (app) =>
        setReferenceRate(app, { valid_from: options.from, rate: options.rate, verified: options.verified ?? false }),
      );
      printRecord({ ...result }, options);
    });

  return rates;
}
