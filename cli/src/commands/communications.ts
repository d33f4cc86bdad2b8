import { Command } from 'commander';
import { listCaseCommunications, listCommunications, runDeliveriesUntilIdle, sendCommunication, type CommunicationSendInput } from '@fordran/services';
import { withAppContext } from '../app-context';
import { dateOf, inOrganisation, withOrgOptions, type OrgOptions } from '../org-scope';
import { printJson, printRecord, printTable, wantsJson, type OutputOptions } from '../output/output';
import { DB_OPTION } from '../database-location';

/** `fordran communications …`: the message history, sending from a script, and delivery once (issue 11). */
export function createCommunicationsCommand(): Command {
  const communications = new Command('communications').description('Meddelanden till gäldenärer: historik, skicka, leverera');

  withOrgOptions(communications.command('list').description('Listar meddelanden, nyaste först'))
    .option('--status <status>', 'pending, queued, sent, delivered, opened, failed, bounced, throttled eller cancelled (flera kommaseparerade)')
    .option('--case <id>', 'bara detta ärendes meddelanden')
    .option('--channel <channel>', 'email, sms, letter eller kivra')
    .option('--limit <n>', 'antal rader (1–200)', '50')
    .addHelpText('after', '\nExempel:\n  $ fordran communications list --status failed,bounced\n  $ fordran communications list --case 3f2a… --json')
    .action(async (options: OrgOptions & { status?: string; case?: string; channel?: string; limit: string }) => {
      const query = { status: options.status, channel: options.channel, limit: options.limit };
      const page = await inOrganisation(options, (ctx) => (options.case ? listCaseCommunications(ctx, options.case, query) : listCommunications(ctx, query)));
      if (wantsJson(options)) return printJson(page);
      printTable(page.items, {
        skapat: (m) => dateOf(m.created_at),
        status: (m) => m.status_label,
        kanal: (m) => m.channel_label,
        mottagare: (m) => m.recipient,
        mall: (m) => m.template_name,
        ärende: (m) => m.case_reference,
        skickat: (m) => (m.sent_at ? dateOf(m.sent_at) : null),
      });
    });

  withOrgOptions(communications.command('send').description('Skickar ett meddelande i ett ärende med en mall (köas för leverans)'))
    .requiredOption('--case <id>', 'ärendets id')
    .requiredOption('--template <code>', 'mallens kod eller id, t.ex. DEMAND_EMAIL')
    .option('--channel <channel>', 'email, sms, letter eller kivra (standard: mallens)')
    .addHelpText(
      'after',
      '\nExempel:\n  $ fordran communications send --case 3f2a… --template DEMAND_LETTER\n  $ fordran communications send --case 3f2a… --template REMINDER_EMAIL --channel sms --json',
    )
    .action(async (options: OrgOptions & { case: string; template: string; channel?: string }) => {
      const { communication } = await inOrganisation(options, (ctx) =>
        sendCommunication(ctx, options.case, {
          template: options.template,
          ...(options.channel ? { channel: options.channel as CommunicationSendInput['channel'] } : {}),
        }),
      );
      printRecord({ id: communication.id, status: communication.status, channel: communication.channel, recipient: communication.recipient }, options);
    });

  communications
    .command('deliver')
    .description('Kör leveransen en gång tills inget mer är att leverera nu (för skript); sms och e-post utanför tillåtna tider väntar kvar')
    .option(...DB_OPTION)
    .option('--json', 'skriv ut resultatet som JSON')
    .addHelpText('after', '\nExempel:\n  $ fordran communications deliver --json')
    .action(async (options: OutputOptions & { db?: string }) => {
      const run = await withAppContext(options, (app) => runDeliveriesUntilIdle(app));
      if (wantsJson(options)) return printJson(run);
      printTable(Object.entries(run.by_status), { status: ([status]) => status, meddelanden: ([, count]) => count });
      process.stdout.write(`${run.attempts} leveransförsök\n`);
    });
  return communications;
}
