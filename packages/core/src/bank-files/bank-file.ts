import { DomainError } from '../errors';
import { streamBgMax } from './bgmax-parser';
import { streamCamt053, streamCamt054, type CamtParseOptions } from './camt-parser';
import { streamBankCsv, type BankCsvOptions } from './csv-parser';
import { detectBankFileFormat } from './detect';
import { peekBankFileInput } from './lines';
import type { BankFileEvent, BankFileFormat, BankFileInput, BankPaymentRecord, BankReportedKind, ParsedBankFile } from './types';

export interface BankFileParseOptions {
  /** The format, when known; otherwise detected from the first bytes. */
  format?: BankFileFormat;
  /** CSV column mapping, delimiter, currency, encoding. */
  csv?: BankCsvOptions;
  /** camt.053/054: how transaction ids name the account (see CamtParseOptions). */
  camt?: CamtParseOptions;
}

/**
 * Streams any supported bank file, detecting the format when not given. Events: `payment` per
 * incoming SEK payment; `reversal`, `returned` and `foreign` per record that is reported and never
 * booked as incoming money (camt reversals, returned payments, amounts in another currency); then
 * `end` with the summary. An unrecognisable
 * file throws BANK_FILE_UNKNOWN_FORMAT; a generator may throw a DomainError after it has yielded
 * records (malformed XML further down), so import inside a transaction.
 * @example for await (const event of streamBankFile(stream)) if (event.kind === 'end') console.log(event.summary.file_identity)
 */
export async function* streamBankFile(input: BankFileInput, options: BankFileParseOptions = {}): AsyncGenerator<BankFileEvent> {
  let format = options.format;
  let source: BankFileInput = input;
  if (!format) {
    const peeked = await peekBankFileInput(input, 1024);
    source = peeked.input;
    format = detectBankFileFormat(peeked.sample) ?? undefined;
    if (!format) {
      throw new DomainError('BANK_FILE_UNKNOWN_FORMAT', peeked.sample.trim() === '' ? 'Filen är tom' : 'Okänt filformat: varken BgMax, camt.053 eller CSV', {
        line: 1,
      });
    }
  }
  if (format === 'bgmax') yield* streamBgMax(source);
  else if (format === 'camt053') yield* streamCamt053(source, options.camt);
  else if (format === 'camt054') yield* streamCamt054(source, options.camt);
  else yield* streamBankCsv(source, options.csv);
}

/**
 * Reads a whole bank file into memory: payments, reported records and the summary (tests, small files).
 * @example const { payments, summary } = await parseBankFile(bgMaxText) // format detected
 */
export async function parseBankFile(
  input: BankFileInput,
  format?: BankFileFormat,
  options: Omit<BankFileParseOptions, 'format'> = {},
): Promise<ParsedBankFile> {
  const records: Record<'payment' | BankReportedKind, BankPaymentRecord[]> = { payment: [], reversal: [], foreign: [], returned: [] };
  for await (const event of streamBankFile(input, format ? { ...options, format } : options)) {
    if (event.kind === 'end') {
      return { payments: records.payment, reversals: records.reversal, foreign: records.foreign, returned: records.returned, summary: event.summary };
    }
    records[event.kind].push(event.record);
  }
  // The generators always end with `end`; reaching here means the input stopped being iterable.
  throw new DomainError('BANK_FILE_UNREADABLE', undefined, { format });
}
