import { DomainError } from '../errors';
import { mapBankCsvColumns } from './csv-columns';
import { newBankCsvReadState, type BankCsvDelimiter, type BankCsvOptions, type BankCsvOutput, type BankCsvReadState } from './csv-reader-state';
import { readBankCsvRow } from './csv-row';
import { bankFindingMessage, bankSumToOre } from './findings';
import { createBankFileHasher, decodeBankFileText, splitBankFileLines, type BankFileLine } from './lines';
import type { BankCsvField, BankCsvFileSummary, BankFileEvent, BankFileInput } from './types';

export type { BankCsvDelimiter, BankCsvOptions } from './csv-reader-state';

/** A record spanning more lines than this is an unterminated quote, not data. */
const MAX_RECORD_LINES = 1000;

/**
 * Splits one CSV record (RFC 4180 quoting, `""` inside quotes); `open` when a quoted field continues on the next line.
 * @example splitBankCsvRecord('a;"b;""c"""', ';') // { fields: ['a', 'b;"c"'], open: false }
 */
export function splitBankCsvRecord(text: string, delimiter: string): { fields: string[]; open: boolean } {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  let index = 0;
  let atFieldStart = true;
  while (index < text.length) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 1;
        } else {
          quoted = false;
        }
      } else {
        field += char;
      }
    } else if (char === delimiter) {
      fields.push(field);
      field = '';
      atFieldStart = true;
      index += 1;
      continue;
    } else if (char === '"' && atFieldStart && field.trim() === '') {
      quoted = true;
      field = '';
    } else {
      field += char;
    }
    atFieldStart = false;
    index += 1;
  }
  fields.push(field);
  return { fields, open: quoted };
}

function detectDelimiter(header: string): BankCsvDelimiter | null {
  const counts: Record<BankCsvDelimiter, number> = { ';': 0, '\t': 0, ',': 0 };
  let quoted = false;
  for (const char of header) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char in counts) counts[char as BankCsvDelimiter] += 1;
  }
  const best = (Object.keys(counts) as BankCsvDelimiter[]).reduce((a, b) => (counts[b] > counts[a] ? b : a));
  return counts[best] > 0 ? best : null;
}

/** The header line (or a `sep=` hint before it): the delimiter and which column holds which field. */
function readHeader(state: BankCsvReadState, text: string, line: number): void {
  const hint = /^sep=(.)$/i.exec(text.trim());
  if (hint && !state.headers && (hint[1] === ';' || hint[1] === ',' || hint[1] === '\t')) {
    state.delimiter = hint[1];
    return;
  }
  state.delimiter ??= detectDelimiter(text);
  if (!state.delimiter) {
    throw new DomainError('BANK_FILE_UNREADABLE', 'Rubrikraden saknar avgränsare (; eller ,)', { format: 'csv', line });
  }
  const headers = splitBankCsvRecord(text, state.delimiter).fields.map((header) => header.trim());
  state.headers = headers;
  state.columns = mapBankCsvColumns(headers, state.options.mapping ?? {}, line);
}

/** One whole record (its quoted fields may have spanned lines): the header, or a data row. */
function readRecord(state: BankCsvReadState, text: string, line: number): void {
  if (!state.headers) {
    if (text.trim() !== '') readHeader(state, text, line);
    return;
  }
  const { fields, open } = splitBankCsvRecord(text, state.delimiter!);
  if (open) {
    state.findings.add(
      'error',
      'BANK_FILE_LINE_FORMAT',
      bankFindingMessage('BANK_FILE_LINE_FORMAT', 'citattecken avslutas aldrig (raden lästes inte in)'),
      line,
    );
    state.skipped += 1;
    return;
  }
  readBankCsvRow(state, fields, line);
}

function readPending(state: BankCsvReadState): void {
  const record = state.pending!;
  state.pending = null;
  readRecord(state, record.text, record.line);
}

function readLine(state: BankCsvReadState, { line, text }: BankFileLine): void {
  if (state.pending) {
    state.pending.text += `\n${text}`;
    state.pending.lines += 1;
  } else {
    state.pending = { line, text, lines: 1 };
  }
  // A quoted field may hold line breaks: keep reading until the quotes balance.
  const open = state.headers !== null && splitBankCsvRecord(state.pending.text, state.delimiter!).open;
  if (open && state.pending.lines < MAX_RECORD_LINES) return;
  readPending(state);
}

function finishCsv(state: BankCsvReadState, contentSha256: string, encoding: 'utf-8' | 'latin1'): BankCsvFileSummary {
  const { findings } = state;
  if (state.pending) readPending(state);
  const headers = state.headers;
  if (!headers) throw new DomainError('BANK_FILE_UNREADABLE', 'Filen är tom', { format: 'csv', line: 1 });
  const total_creditsOre = bankSumToOre(state.creditsOre.value(), findings);
  const total_debitsOre = bankSumToOre(state.debitsOre.value(), findings);
  const { errors, finding_counts } = findings.finish();
  const mapped: Partial<Record<BankCsvField, string>> = {};
  for (const [field, index] of Object.entries(state.columns) as [BankCsvField, number][]) mapped[field] = headers[index]!;
  return {
    format: 'csv',
    payments: state.payments,
    reversals: 0,
    foreign: state.foreign,
    total_amountOre: total_creditsOre,
    total_creditsOre,
    total_debitsOre,
    file_identity: `csv:sha256-${contentSha256}`,
    content_sha256: contentSha256,
    errors,
    finding_counts,
    delimiter: state.delimiter!,
    encoding,
    columns: mapped,
    rows: state.rows,
    skipped_rows: state.skipped,
  };
}

/** The CSV state machine: header, then one record per row. */
export function createBankCsvReader(options: BankCsvOptions = {}) {
  const state = newBankCsvReadState(options);
  return {
    line(input: BankFileLine): void {
      readLine(state, input);
    },
    drain(): BankCsvOutput[] {
      return state.ready.splice(0, state.ready.length);
    },
    finish(contentSha256: string, encoding: 'utf-8' | 'latin1'): BankCsvFileSummary {
      return finishCsv(state, contentSha256, encoding);
    },
  };
}

/**
 * Streams a bank CSV export: header-mapped columns (Swedish or English names, or `mapping`),
 * `;`/`,`/TAB detected, quoted fields, decimal comma or dot, dates YYYY-MM-DD or YYYYMMDD.
 * Positive SEK rows are payments; negative rows are counted as debits; rows in another currency
 * (a currency column) are reported as `foreign` and counted in no total. Row problems are findings;
 * an empty file or one without date and amount columns throws BANK_FILE_UNREADABLE.
 * @example for await (const event of streamBankCsv('datum;belopp\n2024-05-25;100,00\n')) console.log(event.kind)
 */
export async function* streamBankCsv(input: BankFileInput, options: BankCsvOptions = {}): AsyncGenerator<BankFileEvent<BankCsvFileSummary>> {
  const hasher = createBankFileHasher();
  const text = decodeBankFileText(input, options.encoding ?? 'auto', hasher);
  const reader = createBankCsvReader(options);
  for await (const batch of splitBankFileLines(text.chunks)) {
    for (const line of batch) reader.line(line);
    yield* reader.drain();
  }
  const summary = reader.finish(hasher.hex(), text.encoding());
  yield* reader.drain();
  yield { kind: 'end', summary };
}
