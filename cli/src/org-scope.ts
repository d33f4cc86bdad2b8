import { Command, InvalidArgumentError, Option } from 'commander';
import { RECORD_STATUSES } from '@fordran/core';
import { operatorContext, swedishDateOfInstant, type OrgScope } from '@fordran/services';
import { withAppContext } from './app-context';
import { printJson, printRecord, printTable, wantsJson, type OutputOptions } from './output/output';
import { DB_OPTION } from './database-location';

/*
 * The options and output shared by the commands that work inside one organisation as the
 * operator (creditors, parties, …): `--org`, `--db`, `--json`, and the paged list options.
 */

export interface OrgOptions extends OutputOptions {
  /** Id or exact name; may be left out when the database holds one organisation. */
  org?: string;
  db?: string;
}

export interface ListOptions extends OrgOptions {
  query?: string;
  status?: string;
  sort?: string;
  order?: string;
  limit?: string;
  offset?: string;
}

/** Adds `--org`, `--db`, `--json` / `--no-json` to a command. */
export function withOrgOptions(command: Command): Command {
  return command
    .option('--org <id|name>', 'organisationens id eller exakta namn (behövs när databasen har flera)')
    .option(...DB_OPTION)
    .option('--json', 'skriv ut resultatet som JSON (standard när utdata inte är en terminal)')
    .option('--no-json', 'skriv ut tabeller även när utdata inte är en terminal');
}

/** A command with the organisation options of `withOrgOptions`. */
export function orgCommand(name: string, description: string): Command {
  return withOrgOptions(new Command(name).description(description));
}

function nonNegativeInteger(value: string): string {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('ange ett heltal ≥ 0');
  return value;
}

/** The list options of `GET …?query=&status=&sort=&order=&limit=&offset=`. */
export function addListOptions(command: Command, sorts: readonly string[]): Command {
  return command
    .option('--query <text>', 'sök (namn, nummer …)')
    .addOption(new Option('--status <status>', 'bara active eller inactive').choices(RECORD_STATUSES))
    .addOption(new Option('--sort <column>', 'sortera på').choices(sorts).default('name'))
    .addOption(new Option('--order <order>', 'ordning').choices(['asc', 'desc']).default('asc'))
    .option('--limit <n>', 'rader per sida (1–200)', nonNegativeInteger, '50')
    .option('--offset <n>', 'hoppa över så många rader', nonNegativeInteger, '0');
}

/** The status option of update commands. */
export function statusOption(): Option {
  return new Option('--status <status>', 'active eller inactive').choices(RECORD_STATUSES);
}

/** Runs `fn` as the operator of `--org` in the database of `--db`. */
export function inOrganisation<T>(options: OrgOptions, fn: (ctx: OrgScope) => T | Promise<T>): Promise<T> {
  return withAppContext(options, async (app) => fn(await operatorContext(app, options.org)));
}

/** The list query the services take, from the list options. */
export function listQuery(options: ListOptions): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of ['query', 'status', 'sort', 'order', 'limit', 'offset'] as const) {
    const value = options[key];
    if (value !== undefined) query[key] = value;
  }
  return query;
}

/** A page as JSON, or as a table with 'Visar x–y av N' beneath it. */
export function printPage<T>(
  page: { items: T[]; total: number },
  options: ListOptions,
  columns: Record<string, (row: T) => string | number | null | undefined>,
): void {
  if (wantsJson(options)) return printJson(page);
  printTable(page.items, columns);
  const offset = Number(options.offset ?? 0);
  if (page.items.length > 0) process.stdout.write(`\nVisar ${offset + 1}–${offset + page.items.length} av ${page.total}\n`);
  else if (page.total > 0) process.stdout.write(`\n${page.total} träffar; inga på denna sida (--offset ${offset})\n`);
}

/** One record as JSON (the API's shape), or as `label  value` lines for people. */
export function printOne(record: Record<string, unknown>, human: Record<string, string | null>, options: OutputOptions): void {
  if (wantsJson(options)) return printJson(record);
  printRecord(Object.fromEntries(Object.entries(human).map(([key, value]) => [key, value ?? '–'])), options);
}

/** An instant as its Swedish calendar date. */
export function dateOf(instant: string): string {
  return swedishDateOfInstant(instant);
}

/** Keeps the defined entries only (flags the user did not give are not sent). */
export function defined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
