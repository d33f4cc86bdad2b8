import { Command } from 'commander';
import { approveSimulatedOrder, cancelSimulatedOrder, nowMs, type SimulatedOrder } from '@fordran/services';
import { withAppContext } from '../app-context';
import { DB_OPTION } from '../database-location';
import { printRecord, type OutputOptions } from '../output/output';

interface BankIdOptions extends OutputOptions {
  db?: string;
  personnummer?: string;
}

const describeOrder = (order: SimulatedOrder) => ({
  order_ref: order.orderRef,
  status: order.status,
  hint_code: order.hintCode,
  personal_number: order.completedBy,
});

/**
 * `fordran bankid approve|cancel ORDER_REF`: what a person does in the BankID app, on the orders
 * of the BankID simulator (used when FORDRAN_BANKID_URL is unset) — for scripts and tests.
 */
export function createBankIdCommand(): Command {
  const bankid = new Command('bankid').description('BankID-simulatorn: godkänn eller avbryt en väntande order (som i BankID-appen)');
  bankid
    .command('approve')
    .description('Godkänner ordern: nästa collect svarar complete med personnumret')
    .argument('<order_ref>', 'orderRef från /api/portal/bankid/init')
    .option('--personnummer <12 siffror>', 'den som legitimerar sig, när ordern inte namnger någon')
    .option(...DB_OPTION)
    .option('--json', 'skriv ut resultatet som JSON')
    .addHelpText(
      'after',
      '\nBara för simulatorn (FORDRAN_BANKID_URL osatt); servern och kommandot delar dess ordrar via datamappen.\n\nExempel:\n  $ fordran bankid approve 131daac9-16c6-4618-beb0-365768f37288',
    )
    .action(async (orderRef: string, options: BankIdOptions) => {
      const order = await withAppContext(options, (app) => approveSimulatedOrder(app.files, orderRef, nowMs(app.clock), options.personnummer));
      printRecord(describeOrder(order), options);
    });
  bankid
    .command('cancel')
    .description('Avbryter ordern som användaren gör i appen: nästa collect svarar failed, userCancel')
    .argument('<order_ref>', 'orderRef från /api/portal/bankid/init')
    .option(...DB_OPTION)
    .option('--json', 'skriv ut resultatet som JSON')
    .action(async (orderRef: string, options: BankIdOptions) => {
      const order = await withAppContext(options, (app) => cancelSimulatedOrder(app.files, orderRef, nowMs(app.clock)));
      printRecord(describeOrder(order), options);
    });
  return bankid;
}
