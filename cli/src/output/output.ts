/**
 * One output switch for every command: human tables by default on a terminal, JSON with `--json`
 * (and by default when stdout is not a TTY, so scripts get JSON without asking).
 */
export interface OutputOptions {
  json?: boolean;
}

export function wantsJson(options: OutputOptions): boolean {
  return options.json ?? !process.stdout.isTTY;
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Prints rows as an aligned text table with the given columns (header → accessor). */
export function printTable<T>(rows: readonly T[], columns: Record<string, (row: T) => string | number | null | undefined>): void {
  const headers = Object.keys(columns);
  const cells = rows.map((row) => headers.map((h) => String(columns[h]!(row) ?? '')));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  process.stdout.write(`${line(headers)}\n${line(widths.map((w) => '-'.repeat(w)))}\n`);
  for (const row of cells) process.stdout.write(`${line(row)}\n`);
  if (rows.length === 0) process.stdout.write('(inga rader)\n');
}

/** Prints `value` as JSON or, for people, as `label: value` lines. */
export function printRecord(value: Record<string, unknown>, options: OutputOptions): void {
  if (wantsJson(options)) return printJson(value);
  const width = Math.max(...Object.keys(value).map((k) => k.length));
  for (const [key, entry] of Object.entries(value)) {
    process.stdout.write(`${key.padEnd(width)}  ${typeof entry === 'object' && entry !== null ? JSON.stringify(entry) : String(entry)}\n`);
  }
}
