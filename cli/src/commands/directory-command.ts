import { Command, Option } from 'commander';
import type { Directory, OrgScope } from '@fordran/services';
import {
  addListOptions,
  defined,
  inOrganisation,
  listQuery,
  orgCommand,
  printOne,
  printPage,
  statusOption,
  type ListOptions,
  type OrgOptions,
} from '../org-scope';

/*
 * `fordran creditors …` and `fordran parties …`: list, show, create and update of a directory,
 * built from one definition each (creditors.ts, parties.ts) of what differs — the field flags,
 * the columns and record shown, the texts and examples.
 */

/** A field flag: its option, the input field it sets and, for a part of a JSON column, which. */
export interface FieldFlag {
  flags: string;
  description: string;
  /** The input field, or the key inside `within`. */
  field: string;
  /** The JSON column (contact_json, address_json) that the API replaces as a whole. */
  within?: string;
  choices?: readonly string[];
  /** Required by create (optional for update). */
  required?: boolean;
}

export interface DirectoryCommandDefinition<Response extends object> {
  name: string;
  description: string;
  directory: Directory<Response>;
  /** The id argument's description, e.g. 'kundens id'. */
  idDescription: string;
  sorts: readonly string[];
  fields: FieldFlag[];
  /** Filter flags of the list beyond --query and --status (all plain input fields). */
  listFilters?: FieldFlag[];
  descriptions: { list: string; show: string; create: string; update: string };
  /** The help text's 'Exempel:' lines of each command. */
  examples: { list: string[]; show: string[]; create: string[]; update: string[] };
  columns: Record<string, (row: Response) => string | number | null | undefined>;
  /** The record as `label  value` lines. */
  human(record: Response): Record<string, string | null>;
}

type Options = OrgOptions & Record<string, string | undefined>;

function optionOf(field: FieldFlag, required: boolean): Option {
  const option = new Option(field.flags, field.description);
  if (field.choices) option.choices(field.choices);
  return required ? option.makeOptionMandatory() : option;
}

function withFields(command: Command, fields: FieldFlag[], create: boolean): Command {
  for (const field of fields) command.addOption(optionOf(field, create && field.required === true));
  return command;
}

function withExamples(command: Command, examples: string[]): Command {
  return command.addHelpText('after', `\nExempel:\n${examples.map((line) => `  $ ${line}`).join('\n')}`);
}

/** The input of the flags given: plain fields, and the parts of each JSON column given. */
function inputOf(fields: FieldFlag[], options: Options): { plain: Record<string, string>; within: Record<string, Record<string, string>> } {
  const plain: Record<string, string> = {};
  const within: Record<string, Record<string, string>> = {};
  for (const field of fields) {
    const value = options[new Option(field.flags).attributeName()];
    if (value === undefined) continue;
    if (field.within) within[field.within] = { ...within[field.within], [field.field]: value };
    else plain[field.field] = value;
  }
  return { plain, within };
}

export function createDirectoryCommand<Response extends object>(def: DirectoryCommandDefinition<Response>): Command {
  const show = (record: Response, options: OrgOptions) => printOne(record as Record<string, unknown>, def.human(record), options);
  const inScope = <T>(options: Options, fn: (ctx: OrgScope) => Promise<T>) => inOrganisation(options, fn);
  const command = new Command(def.name).description(def.description);

  const list = addListOptions(orgCommand('list', def.descriptions.list), def.sorts);
  for (const filter of def.listFilters ?? []) list.addOption(optionOf(filter, false));
  command.addCommand(
    withExamples(list, def.examples.list).action(async (options: ListOptions & Options) => {
      const filters = inputOf(def.listFilters ?? [], options).plain;
      printPage(await inScope(options, (ctx) => def.directory.list(ctx, { ...listQuery(options), ...filters })), options, def.columns);
    }),
  );

  command.addCommand(
    withExamples(orgCommand('show', def.descriptions.show).argument('<id>', def.idDescription), def.examples.show).action(
      async (id: string, options: Options) => {
        show(await inScope(options, (ctx) => def.directory.get(ctx, id)), options);
      },
    ),
  );

  command.addCommand(
    withExamples(withFields(orgCommand('create', def.descriptions.create), def.fields, true), def.examples.create).action(async (options: Options) => {
      const { plain, within } = inputOf(def.fields, options);
      show(await inScope(options, (ctx) => def.directory.create(ctx, { ...plain, ...within })), options);
    }),
  );

  const update = withFields(orgCommand('update', def.descriptions.update), def.fields, false)
    .argument('<id>', def.idDescription)
    .addOption(statusOption())
    .option('--reason <text>', 'varför (krävs med --status inactive; sparas i systemloggen)');
  command.addCommand(
    withExamples(update, def.examples.update).action(async (id: string, options: Options) => {
      const record = await inScope(options, async (ctx) => {
        const { plain, within } = inputOf(def.fields, options);
        // The API replaces a JSON column as a whole; a flag changes only its own part.
        const current = Object.keys(within).length > 0 ? ((await def.directory.get(ctx, id)) as Record<string, unknown>) : {};
        const merged = Object.fromEntries(Object.entries(within).map(([column, parts]) => [column, { ...(current[column] as object | null), ...parts }]));
        return def.directory.update(ctx, id, { ...plain, ...defined({ status: options.status, reason: options.reason }), ...merged });
      });
      show(record, options);
    }),
  );
  return command;
}
