import { Command, Option } from 'commander';
import { COMM_TEMPLATE_CATEGORIES } from '@fordran/core';
import { cleanupTemplateQa, getTemplate, listTemplates, runTemplateQa } from '@fordran/services';
import { EXIT_CHECK_FAILED } from '../exit';
import { inOrganisation, orgCommand, printOne, type OrgOptions } from '../org-scope';
import { printJson, printTable, wantsJson } from '../output/output';

function withExamples(command: Command, examples: string[]): Command {
  return command.addHelpText('after', `\nExempel:\n${examples.map((line) => `  $ ${line}`).join('\n')}`);
}

/** `fordran templates list|show|qa`: the organisation's message templates (Mallbibliotek Sverige v1, issue 11). */
export function createTemplatesCommand(): Command {
  const templates = new Command('templates').description('Meddelandemallar (Mallbibliotek Sverige v1)');

  const list = orgCommand('list', 'Listar mallarna per kategori och namn').addOption(
    new Option('--category <category>', 'bara en kategori').choices(COMM_TEMPLATE_CATEGORIES),
  );
  withExamples(list, ['fordran templates list', 'fordran templates list --category demand', 'fordran templates list --org "Nordisk Inkasso AB" --json']);
  templates.addCommand(
    list.action(async (options: OrgOptions & { category?: string }) => {
      const result = await inOrganisation(options, (ctx) => listTemplates(ctx, options.category ? { category: options.category } : {}));
      if (wantsJson(options)) return printJson(result);
      printTable(result.items, {
        kod: (t) => t.code,
        namn: (t) => t.name,
        kategori: (t) => t.category,
        kanal: (t) => t.channel,
        version: (t) => t.version,
        aktiv: (t) => (t.is_active ? 'ja' : 'nej'),
        'saknar (inkassokrav)': (t) => t.missing_demand_content.map((element) => element.label).join(', '),
      });
    }),
  );

  const show = orgCommand('show', 'Visar en mall med text, variabler och tidigare versioner').argument(
    '<kod|id>',
    'mallens kod (t.ex. DEMAND_LETTER) eller id',
  );
  withExamples(show, ['fordran templates show DEMAND_LETTER', 'fordran templates show demand_letter --json']);
  templates.addCommand(
    show.action(async (idOrCode: string, options: OrgOptions) => {
      const template = await inOrganisation(options, (ctx) => getTemplate(ctx, idOrCode));
      printOne(
        template,
        {
          kod: template.code,
          namn: template.name,
          kategori: template.category,
          kanal: template.channel,
          språk: template.language,
          version: String(template.version),
          aktiv: template.is_active ? 'ja' : 'nej',
          ämne: template.subject,
          variabler: template.variables.join(', '),
          'saknar (inkassokrav)': template.missing_demand_content.map((element) => element.label).join(', ') || null,
          'tidigare versioner': template.versions.map((version) => `${version.version} (till ${version.replaced_at})`).join(', ') || null,
        },
        options,
      );
      if (!wantsJson(options)) process.stdout.write(`\n${template.body_md}\n`);
    }),
  );
  templates.addCommand(createQaCommand());
  return templates;
}

/**
 * `fordran templates qa`: the template QA (Mall-QA Sverige) as on /settings/template-qa, for CI —
 * a batch is run, its findings printed, the batch removed (unless --keep), and the exit code is 3
 * when a template fails.
 */
function createQaCommand(): Command {
  const qa = orgCommand('qa', 'Kör Mall-QA: 6 testärenden, alla aktiva mallar renderade och kontrollerade; avslutar med 3 om någon mall underkänns').option(
    '--keep',
    "behåll testärendena och rapporten (ta bort dem med 'Rensa' på /settings/template-qa)",
  );
  withExamples(qa, ['fordran templates qa', 'fordran templates qa --org "Nordisk Inkasso AB" --json']);
  return qa.action(async (options: OrgOptions & { keep?: boolean }) => {
    const result = await inOrganisation(options, async (ctx) => {
      const run = await runTemplateQa(ctx);
      if (!options.keep) await cleanupTemplateQa(ctx, run.batch_id);
      return run;
    });
    const { batch } = result;
    if (wantsJson(options)) {
      printJson({
        batch_id: result.batch_id,
        templates_checked: batch.templates_checked,
        templates_failed: batch.templates_failed,
        removed: !options.keep,
        results: batch.results,
      });
    } else {
      printTable(
        batch.results.flatMap((template) =>
          template.passed ? [] : template.findings.map((finding) => ({ code: template.code, case_label: finding.case_label, message: finding.message })),
        ),
        { mall: (row) => row.code, testärende: (row) => row.case_label ?? '', fel: (row) => row.message },
      );
      process.stdout.write(`${batch.templates_checked} mallar kontrollerade, ${batch.templates_passed} godkända, ${batch.templates_failed} underkända.\n`);
      process.stdout.write(
        options.keep ? `Körningen ${result.batch_id} finns kvar: ta bort den med 'Rensa' på /settings/template-qa.\n` : 'Testärendena är borttagna.\n',
      );
    }
    if (batch.templates_failed > 0) process.exitCode = EXIT_CHECK_FAILED;
  });
}
