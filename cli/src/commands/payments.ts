import { Command } from 'commander';
import { listPayments, operatorContext } from '@fordran/services';
import { withAppContext } from '../app-context';
import { printJson, printTable, wantsJson, type OutputOptions } from '../output/output';
import { DB_OPTION } from '../database-location';

/** `fordran payments list`: incoming payments, newest payment date first unless sorted otherwise (issue 5, 10). */
export function createPaymentsCommand(): Command {
  const payments = new Command('payments').description('Inbetalningar');
  payments
    .command('list')
    .description('Listar inbetalningar, senaste betaldatum först om inget annat anges')
    .option('--status <status>', 'received, allocated, partially_allocated eller unmatched')
    .option('--method <method>', 'manual, bankgiro, swish, card eller bank_transfer')
    .option('--query <text>', 'sök på OCR, referens, meddelande eller betalare')
    .option('--from <YYYY-MM-DD>', 'betalda från och med dagen')
    .option('--to <YYYY-MM-DD>', 'betalda till och med dagen')
    .option('--sort <column>', 'paid_at (betaldag) eller amount (belopp)', 'paid_at')
    .option('--order <order>', 'desc (fallande) eller asc (stigande)', 'desc')
    .option('--limit <n>', 'antal rader (1–200)', '50')
    .option('--offset <n>', 'hoppa över så många rader', '0')
    .option('--org <id|name>', 'organisationens id eller namn (behövs när det finns flera)')
    .option(...DB_OPTION)
    .option('--json', 'skriv ut resultatet som JSON')
    .addHelpText(
      'after',
      '\nExempel:\n  $ fordran payments list --status unmatched\n  $ fordran payments list --from 2026-11-01 --to 2026-11-30 --sort amount --order desc\n  $ fordran payments list --org "Nordisk Inkasso AB" --json',
    )
    .action(
      async (
        options: OutputOptions & {
          status?: string;
          method?: string;
          query?: string;
          from?: string;
          to?: string;
          sort: string;
          order: string;
          limit: string;
          offset: string;
          org?: string;
          db?: string;
        },
      ) => {
        const page = await withAppContext(options, async (app) =>
          listPayments(await operatorContext(app, options.org), {
            status: options.status,
            method: options.method,
            query: options.query,
            from: options.from,
            to: options.to,
            sort: options.sort,
            order: options.order,
            limit: options.limit,
            offset: options.offset,
          }),
        );
        if (wantsJson(options)) return printJson(page);
        printTable(page.items, {
          betaldag: (p) => p.paid_at,
          belopp: (p) => p.amount,
          'ej avräknat': (p) => p.unallocated_amount,
          status: (p) => p.status,
          sätt: (p) => p.method,
          'OCR/referens': (p) => p.ocr ?? p.reference,
          betalare: (p) => p.payer_name,
        });
        process.stdout.write(`${page.items.length} av ${page.total} inbetalningar\n`);
      },
    );
  return payments;
}
