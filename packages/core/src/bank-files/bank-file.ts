import { DomainError } from '../errors';
import { streamBgMax } from './bgmax-parser';
import { streamCamt053 } from './camt053-parser';
import { streamBankCsv, type BankCsvOptions } from './csv-parser';
import { detectBankFileFormat } from './detect';
import { peekBankFileInput } from './lines';
import type { BankFileEvent, BankFileFormat, BankFileInput, BankPaymentRecord, ParsedBankFile } from './types';

export interface BankFileParseOptions {
  /** The format, when known; otherwise detected from the first bytes. */
  format?: BankFileFormat;
  /** CSV column mapping, delimiter, currency, encoding. */
  csv?: BankCsvOptions;
}

/**
 * Streams any supported bank file, detecting the format when not given. Events: `payment` per
 * incoming payment, `reversal` per camt reversal, then `end` with the summary. An unrecognisable
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
  else if (format === 'camt053') yield* streamCamt053(source);
  else yield* streamBankCsv(source, options.csv);
}

/**
 * Reads a whole bank file into memory: payments, reversals and the summary (tests, small files).
 * @example const { payments, summary } = await parseBankFile(bgMaxText) // format detected
 */
export async function parseBankFile(
  input: BankFileInput,
  format?: BankFileFormat,
  options: Omit<BankFileParseOptions, 'format'> = {},
): Promise<ParsedBankFile> {
  const payments: BankPaymentRecord[] = [];
  const reversals: BankPaymentRecord[] = [];
  for await (const event of streamBankFile(input, format ? { ...options, format } : options)) {
    if (event.kind === 'payment') payments.push(event.record);
    else if (event.kind === 'reversal') reversals.push(event.record);
    else return { payments, reversals, summary: event.summary };
  }
  // The generators always end with `end`; reaching here means the input stopped being iterable.
  throw new DomainError('BANK_FILE_UNREADABLE', undefined, { format });
}
