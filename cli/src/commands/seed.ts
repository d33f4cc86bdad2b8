import { Command, InvalidArgumentError } from 'commander';
import { purgeDemo, seedDemo, type SeedDemoInput } from '@fordran/fixtures';
import { DEMO_ADMIN_EMAIL } from '@fordran/services';
import { withAppContext } from '../app-context';
import { createProgressBar } from '../output/progress';
import { printJson, wantsJson, type OutputOptions } from '../output/output';
import { DB_OPTION } from '../database-location';

const SIZES = ['small', 'medium', 'large'] as const;

function parseSize(value: string): NonNullable<SeedDemoInput['size']> {
  if ((SIZES as readonly string[]).includes(value)) return value as (typeof SIZES)[number];
  const cases = Number(value);
  if (Number.isInteger(cases) && cases > 0) return { cases };
  throw new InvalidArgumentError(`ange ${SIZES.join(', ')} eller ett antal ärenden`);
}

function parseSeed(value: string): number {
  const seed = Number(value);
  if (!Number.isInteger(seed)) throw new InvalidArgumentError('måste vara ett heltal');
  return seed;
}

export function createSeedCommand(): Command {
  const seed = new Command('seed').description('Demo- och QA-data');

  seed
    .command('demo')
    .description(
      'Skapar en demoorganisation som produkten själv har fyllt: borgenärer, gäldenärer och ärenden i alla statusar och steg med avgifter, ränta och betalningar (varje steg genom tjänsterna, på sin dag), bokföring, dagens bankfiler (inlästa som vid en riktig import), samt en demo-administratör',
    )
    .option('--size <size>', `small (60 ärenden), medium (2 000), large (100 000) eller ett antal`, parseSize, 'small')
    .option('--seed <n>', 'slumpfrö: samma frö ger samma data', parseSeed, 1)
    .option('--email <email>', 'demo-administratörens e-post', DEMO_ADMIN_EMAIL)
    .option(...DB_OPTION)
    .option('--json', 'skriv ut resultatet som JSON')
    .addHelpText(
      'after',
      '\nEn tidigare demoorganisation tas bort först, och lösenordet skapas på nytt varje gång.\n\nExempel:\n  $ fordran seed demo\n  $ fordran seed demo --size large --json',
    )
    .action(async (options: OutputOptions & { size: SeedDemoInput['size']; seed: number; email: string; db?: string }) => {
      const result = await withAppContext(options, async (app) => {
        const bar = createProgressBar('Skapar demodata', 1);
        try {
          return await seedDemo(app, { seed: options.seed, size: options.size, email: options.email }, (done, total) => bar.update(done, total));
        } finally {
          bar.finish();
        }
      });
      if (wantsJson(options)) return printJson(result);
      const total = Object.values(result.counts).reduce((sum, n) => sum + n, 0);
      console.log(`Demodata skapad i "${result.org_name}" (${result.counts.cases} ärenden, ${total} rader).`);
      console.log(`Logga in med  e-post: ${result.email}`);
      console.log(`              lösenord: ${result.password}`);
      if (result.urls.case) console.log(`Exempelärende: ${result.urls.case}`);
      const statuses: Record<string, string> = { reconciled: 'avstämd', mismatch: 'avvikelse', pending: 'väntar' };
      const files = result.bank_files.map((file) => `${file.file_name} (${file.payments} betalningar, ${statuses[file.reconciliation_status ?? 'pending']})`);
      if (files.length) console.log(`Inlästa bankfiler: ${files.join(', ')}`);
    });

  seed
    .command('purge')
    .description('Tar bort alla demoorganisationer med all deras data, och demo-administratören')
    .option('--email <email>', 'demo-administratörens e-post', DEMO_ADMIN_EMAIL)
    .option(...DB_OPTION)
    .option('--json', 'skriv ut resultatet som JSON')
    .action(async (options: OutputOptions & { email: string; db?: string }) => {
      const result = await withAppContext(options, (app) => purgeDemo(app, { email: options.email }));
      if (wantsJson(options)) return printJson(result);
      console.log(`Demodata borttagen (${result.purged_organisations} organisation${result.purged_organisations === 1 ? '' : 'er'}).`);
    });
  return seed;
}
