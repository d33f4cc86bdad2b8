import { Command, InvalidArgumentError } from 'commander';
import { isIsoDate } from '@fordran/core';
import { runDunning } from '@fordran/services';
import { inOrganisation, withOrgOptions, type OrgOptions } from '../org-scope';
import { printJson, printRecord, printTable, wantsJson } from '../output/output';

function isoDate(value: string): string {
  if (!isIsoDate(value)) throw new InvalidArgumentError('ett datum ÅÅÅÅ-MM-DD');
  return value;
}

/** `fordran dunning run`: the organisation's dunning run for a day, or a dry run (issue 11). */
export function createDunningCommand(): Command {
  const dunning = new Command('dunning').description('Kravkörning: påminnelser och inkassokrav enligt kravplanen');
  withOrgOptions(
    dunning.command('run').description('Skickar varje ärendes steg i kravplanen som är förfallet, med avgift och ny fas (en gång per ärende och steg)'),
  )
    .option('--as-of <YYYY-MM-DD>', 'dagen körningen gäller (standard i dag; en riktig körning inte efter i dag)', isoDate)
    .option('--dry-run', 'visa vad som skulle skickas och debiteras, utan att skriva något')
    .addHelpText(
      'after',
      '\nSamma körning som servern gör varje dag (FORDRAN_DUNNING_TIME). Körs den två gånger, eller avbryts den\nmitt i, skickas inget steg två gånger. JSON: {as_of, dry_run, cases_seen, messages, fees, skipped: [{case_id, reason}]}.\n\nExempel:\n  $ fordran dunning run --dry-run\n  $ fordran dunning run --org "Nordisk Inkasso AB" --json',
    )
    .action(async (options: OrgOptions & { asOf?: string; dryRun?: boolean }) => {
      const result = await inOrganisation(options, (ctx) =>
        runDunning(ctx, { ...(options.asOf ? { as_of: options.asOf } : {}), dry_run: options.dryRun === true }),
      );
      if (wantsJson(options)) return printJson(result);
      printRecord(
        {
          dag: result.as_of,
          provkörning: result.dry_run ? 'ja' : 'nej',
          ärenden: result.cases_seen,
          meddelanden: result.messages.length,
          avgifter: result.fees.length,
          överhoppade: result.skipped.length,
        },
        options,
      );
      if (result.messages.length > 0)
        printTable(result.messages, {
          ärende: (m) => m.case_id,
          steg: (m) => m.step,
          mall: (m) => m.template,
          kanal: (m) => m.channel,
          mottagare: (m) => m.recipient,
        });
      if (result.fees.length > 0)
        printTable(result.fees, { ärende: (f) => f.case_id, avgift: (f) => f.code, belopp: (f) => f.amount, status: (f) => f.status });
      if (result.skipped.length > 0) printTable(result.skipped, { ärende: (s) => s.case_id, skäl: (s) => s.reason });
    });
  return dunning;
}
