import { Command } from 'commander';
import { listPayments, operatorContext } from '@fordran/services';
import { withAppContext } from '../app-context';
import { printJson, printTable, wantsJson, type OutputOptions } from '../output/output';

/** `fordran payments list`: incoming payments, newest payment date first (issue 5). */
export function createPaymentsCommand(): Command {
  const payments = new Command('payments').description('Inbetalningar');
  payments
    .command('list')
    .description('Listar inbetalningar, senaste betaldatum först')
    .option('--status <status>', 'received, allocated, partially_allocated eller unmatched')
    .option('--method <method>', 'manual, bankgiro, swish, card eller bank_transfer')
    .option('--query <text>', 'sök på OCR, referens, meddelande eller betalare')
    .option('--limit <n>', 'antal rader (1–200)', '50')
    .option('--offset <n>', 'hoppa över så många rader', '0')
    .option('--org <id|name>', 'organisationens id eller namn (behövs när det finns flera)')
    .option('--db <path>', 'databasfil (standard FORDRAN_DB eller ./data/fordran.db)')
    .option('--json', 'skriv ut resultatet som JSON')
    .addHelpText('after', '\nExempel:\n  $ fordran payments list --status unmatched\n  $ fordran payments list --org "Nordisk Inkasso AB" --json')
    .action(async (options: OutputOptions & { status?: string; method?: string; query?: string; limit: string; offset: string; org?: string; db?: string }) => {
      const page = await withAppContext(options, (app) =>
        listPayments(operatorContext(app, options.org), {
          status: options.status,
          method: options.method,
          query: options.query,
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
    });
  return payments;
}
