import {
  createBankFindingCollector,
  createBankOreSum,
  createBankTransactionIdRegistry,
  type BankFindingCollector,
  type BankOreSum,
  type BankTransactionIdRegistry,
} from './findings';
import type { BankFileEncoding } from './lines';
import type { BankCsvField, BankPaymentRecord } from './types';

export type BankCsvDelimiter = ';' | ',' | '\t';

export interface BankCsvOptions {
  /** Field → header text, for columns the defaults do not recognise. */
  mapping?: Partial<Record<BankCsvField, string>>;
  /** Default: detected from the header line (`;`, `,` or TAB). */
  delimiter?: BankCsvDelimiter;
  /** Currency when there is no currency column; default SEK. */
  currency?: string;
  /** Default `auto`: UTF-8, or Latin-1 when the first bytes are not valid UTF-8. */
  encoding?: BankFileEncoding;
}

/** A row read into a record waiting to be drained: booked (`payment`) or reported only (`foreign`). */
export interface BankCsvOutput {
  kind: 'payment' | 'foreign';
  record: BankPaymentRecord;
}

/** Everything a CSV reader has learnt so far; the header and row readers update it in place. */
export interface BankCsvReadState {
  options: BankCsvOptions;
  findings: BankFindingCollector;
  ids: BankTransactionIdRegistry;
  ready: BankCsvOutput[];
  creditsOre: BankOreSum;
  debitsOre: BankOreSum;
  delimiter: BankCsvDelimiter | null;
  /** The header line's column names; null until it has been read. */
  headers: string[] | null;
  columns: Partial<Record<BankCsvField, number>>;
  /** A record whose quoted field continues on the next line. */
  pending: { line: number; text: string; lines: number } | null;
  rows: number;
  skipped: number;
  payments: number;
  foreign: number;
}

export function newBankCsvReadState(options: BankCsvOptions): BankCsvReadState {
  const findings = createBankFindingCollector();
  return {
    options,
    findings,
    ids: createBankTransactionIdRegistry(findings),
    ready: [],
    creditsOre: createBankOreSum(),
    debitsOre: createBankOreSum(),
    delimiter: options.delimiter ?? null,
    headers: null,
    columns: {},
    pending: null,
    rows: 0,
    skipped: 0,
    payments: 0,
    foreign: 0,
  };
}
