import { createHash } from 'node:crypto';
import { DomainError } from '../errors';
import { isLuhnValid } from '../identifiers';
import { ore } from '../money';
import { BANK_BOOKING_CURRENCY, isBankBookingCurrency, reportForeignAmount } from './currency';
import { mapBankCsvColumns, parseBankCsvAmount, parseBankCsvDate } from './csv-columns';
import { bankFindingMessage, bankSumToOre, createBankFindingCollector, createBankOreSum, createBankTransactionIdRegistry } from './findings';
import { createBankFileHasher, decodeBankFileText, splitBankFileLines, type BankFileEncoding, type BankFileLine } from './lines';
import type { BankCsvField, BankCsvFileSummary, BankFileEvent, BankFileInput, BankPaymentRecord, BankReferenceCode } from './types';

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

function shortHash(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}

/** The CSV state machine: header, then one record per row. */
export function createBankCsvReader(options: BankCsvOptions = {}) {
  const findings = createBankFindingCollector();
  const ids = createBankTransactionIdRegistry(findings);
  const detail = bankFindingMessage;
  const ready: { kind: 'payment' | 'foreign'; record: BankPaymentRecord }[] = [];
  const creditsOre = createBankOreSum();
  const debitsOre = createBankOreSum();
  let delimiter: BankCsvDelimiter | null = options.delimiter ?? null;
  let headers: string[] | null = null;
  let columns: Partial<Record<BankCsvField, number>> = {};
  let pending: { line: number; text: string; lines: number } | null = null;
  let rows = 0;
  let skipped = 0;
  let payments = 0;
  let foreign = 0;

  function readHeader(text: string, line: number): void {
    const hint = /^sep=(.)$/i.exec(text.trim());
    if (hint && !headers && (hint[1] === ';' || hint[1] === ',' || hint[1] === '\t')) {
      delimiter = hint[1];
      return;
    }
    delimiter ??= detectDelimiter(text);
    if (!delimiter) {
      throw new DomainError('BANK_FILE_UNREADABLE', 'Rubrikraden saknar avgränsare (; eller ,)', { format: 'csv', line });
    }
    headers = splitBankCsvRecord(text, delimiter).fields.map((header) => header.trim());
    columns = mapBankCsvColumns(headers, options.mapping ?? {}, line);
  }

  function readRow(fields: string[], line: number): void {
    const get = (field: BankCsvField): string | null => {
      const index = columns[field];
      const value = index === undefined ? undefined : fields[index]?.trim();
      return value ? value : null;
    };
    if (fields.every((value) => value.trim() === '')) return;
    rows += 1;
    if (fields.length !== headers!.length) {
      findings.tally(
        'columns',
        'warning',
        'BANK_FILE_LINE_FORMAT',
        detail('BANK_FILE_LINE_FORMAT', `raden har ${fields.length} kolumner, rubriken ${headers!.length}`),
        line,
      );
    }
    const amountText = get('amount');
    const amountOre = amountText === null ? null : parseBankCsvAmount(amountText);
    const dateText = get('paid_at');
    const paidAt = dateText === null ? null : parseBankCsvDate(dateText);
    if (amountOre === null) findings.add('error', 'INVALID_AMOUNT', detail('INVALID_AMOUNT', `"${amountText ?? ''}" (raden lästes inte in)`), line);
    if (paidAt === null) findings.add('error', 'INVALID_DATE', detail('INVALID_DATE', `"${dateText ?? ''}" (raden lästes inte in)`), line);
    if (amountOre === null || paidAt === null) {
      skipped += 1;
      return;
    }
    const currencyText = get('currency') ?? options.currency ?? BANK_BOOKING_CURRENCY;
    const currency = currencyText.toUpperCase();
    const isForeign = !isBankBookingCurrency(currency);
    if (amountOre <= 0) {
      skipped += 1;
      if (amountOre < 0 && isForeign) {
        reportForeignAmount(findings, amountText!, currency, line);
      } else if (amountOre < 0) {
        debitsOre.add(ore(-amountOre));
        findings.tally('debit', 'info', 'BANK_FILE_RECORD_IGNORED', detail('BANK_FILE_RECORD_IGNORED', 'utbetalning (negativt belopp)'), line);
      } else {
        findings.add('warning', 'BANK_FILE_RECORD_IGNORED', detail('BANK_FILE_RECORD_IGNORED', 'beloppet är 0'), line);
      }
      return;
    }
    const ocrText = get('ocr');
    const referenceText = get('reference');
    let ocr: string | null = null;
    let referenceCode: BankReferenceCode = referenceText ? 'free_text' : 'none';
    if (ocrText !== null) {
      const digits = ocrText.replace(/\s+/g, '');
      if (/^\d{2,25}$/.test(digits) && isLuhnValid(digits)) {
        ocr = digits;
        referenceCode = 'ocr';
      } else {
        referenceCode = 'invalid_ocr';
        findings.add('warning', 'INVALID_OCR', detail('INVALID_OCR', `"${ocrText}"`), line);
      }
    }
    const message = get('message');
    const payerName = get('payer_name');
    const id = get('transaction_id');
    const reference = ocr !== null ? (referenceText ?? ocr) : (referenceText ?? ocrText);
    const transactionId = id
      ? `csv:${id}`
      : `csv:sha256-${shortHash([paidAt, amountOre, currencyText, ocrText, referenceText, message, payerName, get('payer_account')])}`;
    if (isForeign) {
      reportForeignAmount(findings, amountText!, currency, line);
      foreign += 1;
    } else {
      creditsOre.add(amountOre);
      payments += 1;
    }
    const record: BankPaymentRecord = {
      format: 'csv',
      line,
      transaction_id: ids.claim(transactionId, line),
      identity: id ? 'bank_reference' : 'content',
      amountOre,
      currency,
      paid_at: paidAt,
      reference,
      reference_code: referenceCode,
      ocr,
      message,
      payer_name: payerName,
      payer_address: get('payer_address'),
      payer_bankgiro: get('payer_bankgiro'),
      payer_org_no: get('payer_org_no'),
      payer_account: get('payer_account'),
      extra_references: [],
      recipient_bankgiro: get('recipient_bankgiro'),
      recipient_account: get('recipient_account'),
      bank_reference: id,
      is_deduction: false,
      is_reversal: false,
    };
    ready.push({ kind: isForeign ? 'foreign' : 'payment', record });
  }

  function readRecord(text: string, line: number): void {
    if (!headers) {
      if (text.trim() !== '') readHeader(text, line);
      return;
    }
    const { fields, open } = splitBankCsvRecord(text, delimiter!);
    if (open) {
      findings.add('error', 'BANK_FILE_LINE_FORMAT', detail('BANK_FILE_LINE_FORMAT', 'citattecken avslutas aldrig (raden lästes inte in)'), line);
      skipped += 1;
      return;
    }
    readRow(fields, line);
  }

  return {
    line({ line, text }: BankFileLine): void {
      if (pending) {
        pending.text += `\n${text}`;
        pending.lines += 1;
      } else {
        pending = { line, text, lines: 1 };
      }
      // A quoted field may hold line breaks: keep reading until the quotes balance.
      const open = headers !== null && splitBankCsvRecord(pending.text, delimiter!).open;
      if (open && pending.lines < MAX_RECORD_LINES) return;
      const record = pending;
      pending = null;
      readRecord(record.text, record.line);
    },
    drain(): { kind: 'payment' | 'foreign'; record: BankPaymentRecord }[] {
      return ready.splice(0, ready.length);
    },
    finish(contentSha256: string, encoding: 'utf-8' | 'latin1'): BankCsvFileSummary {
      if (pending) {
        const record = pending;
        pending = null;
        readRecord(record.text, record.line);
      }
      if (!headers) throw new DomainError('BANK_FILE_UNREADABLE', 'Filen är tom', { format: 'csv', line: 1 });
      const total_creditsOre = bankSumToOre(creditsOre.value(), findings);
      const total_debitsOre = bankSumToOre(debitsOre.value(), findings);
      const { errors, finding_counts } = findings.finish();
      const mapped: Partial<Record<BankCsvField, string>> = {};
      for (const [field, index] of Object.entries(columns) as [BankCsvField, number][]) mapped[field] = headers[index]!;
      return {
        format: 'csv',
        payments,
        reversals: 0,
        foreign,
        total_amountOre: total_creditsOre,
        total_creditsOre,
        total_debitsOre,
        file_identity: `csv:sha256-${contentSha256}`,
        content_sha256: contentSha256,
        errors,
        finding_counts,
        delimiter: delimiter!,
        encoding,
        columns: mapped,
        rows,
        skipped_rows: skipped,
      };
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
