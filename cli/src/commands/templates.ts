import { Command, Option } from 'commander';
import { COMM_TEMPLATE_CATEGORIES } from '@fordran/core';
import { getTemplate, listTemplates } from '@fordran/services';
import { inOrganisation, orgCommand, printOne, type OrgOptions } from '../org-scope';
import { printJson, printTable, wantsJson } from '../output/output';

function withExamples(command: Command, examples: string[]): Command {
  return command.addHelpText('after', `\nExempel:\n${examples.map((line) => `  $ ${line}`).join('\n')}`);
}

/** `fordran templates list|show`: the organisation's message templates (Mallbibliotek Sverige v1, issue 11). */
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
  return templates;
}
