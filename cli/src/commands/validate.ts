import { Command, Option } from 'commander';
import type { SystemValidationReport, SystemValidationResult } from '@fordran/core';
import { listOrganisationsByName } from '@fordran/store';
import { operatorContext, validateOrganisation } from '@fordran/services';
import { withAppContext } from '../app-context';
import { withOrgOptions, type OrgOptions } from '../org-scope';
import { printJson, printTable, wantsJson } from '../output/output';
import { createProgressBar } from '../output/progress';

/** Exit code when validation finds a failure (or a warning with --fail-on warning). */
export const EXIT_VALIDATION_FAILED = 1;

type FailOn = 'warning' | 'failure';

interface ValidateOptions extends OrgOptions {
  all?: boolean;
  failOn: FailOn;
}

const STATUS_LABELS: Record<SystemValidationResult['status'], string> = { pass: 'OK', warning: 'Varning', fail: 'Fel' };

/** Whether the report should fail the pipeline. */
function fails(report: SystemValidationReport, failOn: FailOn): boolean {
  return report.failures.length > 0 || (failOn === 'warning' && report.warnings.length > 0);
}

function printReport(name: string, report: SystemValidationReport): void {
  process.stdout.write(`\n${name}\n`);
  printTable([...report.failures, ...report.warnings, ...report.passed], {
    status: (result) => STATUS_LABELS[result.status],
    modul: (result) => result.module,
    meddelande: (result) => result.message,
    detaljer: (result) => result.details ?? '',
  });
  process.stdout.write(
    `Klart till ${report.completionRate} %: ${report.passed.length} godkända, ${report.warnings.length} varningar, ${report.failures.length} fel (${report.timestamp}).\n`,
  );
}

/**
 * `fordran validate`: system validation (Systemvalidering, spec part 2 §2) for CI. The same report
 * as /settings/system-validation; exit 1 on a failure (or a warning with --fail-on warning).
 */
export function createValidateCommand(): Command {
  return withOrgOptions(
    new Command('validate').description(
      'Kör systemvalideringen (huvudbok, ärendebelopp, fördelningar, referensräntor, mallar, KFM-filer, bankavstämning, föräldralösa rader, radantal); avslutar med 1 vid fel',
    ),
  )
    .addOption(new Option('--all', 'alla organisationer i databasen').conflicts('org'))
    .addOption(
      new Option('--fail-on <level>', 'avsluta med 1 vid fel (failure) eller redan vid varningar (warning)').choices(['warning', 'failure']).default('failure'),
    )
    .addHelpText(
      'after',
      '\nJSON (en organisation): {completionRate, passed[], warnings[], failures[], checkedModules[], timestamp}, varje resultat\n{module, message, status, details?}. Med --all: {organisations: [{id, name, report}]}.\n\nExempel:\n  $ fordran validate\n  $ fordran validate --org "Nordisk Inkasso AB" --json\n  $ fordran validate --all --fail-on warning',
    )
    .action(async (options: ValidateOptions) => {
      const runs = await withAppContext(options, async (app) => {
        const targets = options.all ? await listOrganisationsByName(app.database.db) : [undefined];
        const reports: { id: string; name: string; report: SystemValidationReport }[] = [];
        for (const target of targets) {
          const ctx = await operatorContext(app, target?.id ?? options.org);
          const bar = createProgressBar(`Validerar ${ctx.membership.org_name}`, 1);
          const report = await validateOrganisation(ctx, (done, total) => bar.update(done, total));
          bar.finish();
          reports.push({ id: ctx.membership.org_id, name: ctx.membership.org_name, report });
        }
        return reports;
      });
      if (wantsJson(options)) printJson(options.all ? { organisations: runs } : runs[0]!.report);
      else for (const run of runs) printReport(run.name, run.report);
      if (runs.some((run) => fails(run.report, options.failOn))) process.exitCode = EXIT_VALIDATION_FAILED;
    });
}
