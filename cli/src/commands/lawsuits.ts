import { Command, InvalidArgumentError, Option } from 'commander';
import { isIsoDate, LAWSUIT_STATUSES } from '@fordran/core';
import { checkLawsuitDeadlines, listLawsuits } from '@fordran/services';
import { withAppContext } from '../app-context';
import { DB_OPTION } from '../database-location';
import { inOrganisation, withOrgOptions, type OrgOptions } from '../org-scope';
import { printJson, printRecord, printTable, wantsJson, type OutputOptions } from '../output/output';

function isoDate(value: string): string {
  if (!isIsoDate(value)) throw new InvalidArgumentError('ett datum ÅÅÅÅ-MM-DD');
  return value;
}

/** `fordran lawsuits list` and `fordran lawsuits deadlines check` (issue 12). */
export function createLawsuitsCommand(): Command {
  const lawsuits = new Command('lawsuits').description('Tvistemål: stämningar i tingsrätt');
  withOrgOptions(lawsuits.command('list').description('Listar organisationens tvistemål, nyast först'))
    .addOption(new Option('--status <status>', 'bara tvistemål med denna status').choices(LAWSUIT_STATUSES))
    .addOption(new Option('--track <track>', 'bara FT (förenklat tvistemål) eller ORD').choices(['FT', 'ORD']))
    .addHelpText(
      'after',
      '\nJSON: {lawsuits: [{id, case_id, case_reference, party_name, creditor_name, status, status_label, track, track_label,\ncourt_fee, filing_date, service_status, service_status_label, created_at}]}.\n\nExempel:\n  $ fordran lawsuits list --status filed\n  $ fordran lawsuits list --org "Nordisk Inkasso AB" --json',
    )
    .action(async (options: OrgOptions & { status?: string; track?: string }) => {
      const result = await inOrganisation(options, (ctx) =>
        listLawsuits(ctx, { ...(options.status ? { status: options.status } : {}), ...(options.track ? { track: options.track } : {}) }),
      );
      if (wantsJson(options)) return printJson(result);
      if (result.lawsuits.length === 0) return printRecord({ tvistemål: 'Inga tvistemål hittades' }, options);
      printTable(result.lawsuits, {
        id: (l) => l.id,
        ärende: (l) => l.case_reference,
        gäldenär: (l) => l.party_name,
        kund: (l) => l.creditor_name,
        status: (l) => l.status_label,
        spår: (l) => l.track,
        avgift: (l) => l.court_fee ?? '',
        inlämnad: (l) => l.filing_date ?? '',
        delgivning: (l) => l.service_status_label,
      });
    });
  const deadlines = lawsuits.command('deadlines').description('Frister i tvistemål');
  deadlines
    .command('check')
    .description('Nattlig fristkontroll: påminner (en gång) om frister som löper ut inom organisationens påminnelsedagar (standard 7)')
    .option('--as-of <YYYY-MM-DD>', 'kontrollera per detta datum (standard i dag)', isoDate)
    .option('--org <id|name>', 'bara denna organisation (standard alla)')
    .option(...DB_OPTION)
    .option('--json', 'skriv ut resultatet som JSON')
    .addHelpText(
      'after',
      '\nSamma kontroll som servern gör varje dag vid kravkörningens tid (FORDRAN_DUNNING_TIME).\nJSON: {as_of, lawsuits_checked, reminded: [{lawsuit_id, org_id, code, label, due_date}]}.\n\nExempel:\n  $ fordran lawsuits deadlines check\n  $ fordran lawsuits deadlines check --as-of 2026-12-01 --json',
    )
    .action(async (options: OutputOptions & { asOf?: string; org?: string; db?: string }) => {
      const result = await withAppContext(options, (app) => checkLawsuitDeadlines(app, { as_of: options.asOf, org: options.org }));
      if (wantsJson(options)) return printJson(result);
      printRecord({ dag: result.as_of, tvistemål: result.lawsuits_checked, påminda: result.reminded.length }, options);
      if (result.reminded.length > 0) printTable(result.reminded, { tvistemål: (r) => r.lawsuit_id, frist: (r) => r.label, förfaller: (r) => r.due_date });
    });
  return lawsuits;
}
