import { createHash } from 'node:crypto';
import type { IsoDate } from '../dates';
import { isLuhnValid } from '../identifiers';
import { ore, type Ore } from '../money';
import { BANK_BOOKING_CURRENCY, isBankBookingCurrency, reportForeignAmount } from './currency';
import { parseBankCsvAmount, parseBankCsvDate } from './csv-columns';
import type { BankCsvOutput, BankCsvReadState } from './csv-reader-state';
import { bankFindingMessage, type BankFindingCollector } from './findings';
import type { BankCsvField, BankPaymentRecord, BankReferenceCode } from './types';

const detail = bankFindingMessage;

/** A row's cell by field: trimmed, null when blank or when the file has no such column. */
type CsvCell = (field: BankCsvField) => string | null;

function shortHash(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}

/** A row that moves no money in: a debit (negative, counted in the debits) or a zero amount. */
function skipNonPositive(state: BankCsvReadState, amountOre: Ore, amountText: string, currency: string, line: number): void {
  const { findings } = state;
  state.skipped += 1;
  if (amountOre < 0 && !isBankBookingCurrency(currency)) {
    reportForeignAmount(findings, amountText, currency, line);
  } else if (amountOre < 0) {
    state.debitsOre.add(ore(-amountOre));
    findings.tally('debit', 'info', 'BANK_FILE_RECORD_IGNORED', detail('BANK_FILE_RECORD_IGNORED', 'utbetalning (negativt belopp)'), line);
  } else {
    findings.add('warning', 'BANK_FILE_RECORD_IGNORED', detail('BANK_FILE_RECORD_IGNORED', 'beloppet är 0'), line);
  }
}

/** The OCR column: a valid OCR number (digits, Luhn), else `invalid_ocr` with a warning. */
function rowOcr(
  ocrText: string | null,
  referenceText: string | null,
  line: number,
  findings: BankFindingCollector,
): { ocr: string | null; referenceCode: BankReferenceCode } {
  if (ocrText === null) return { ocr: null, referenceCode: referenceText ? 'free_text' : 'none' };
  const digits = ocrText.replace(/\s+/g, '');
  if (/^\d{2,25}$/.test(digits) && isLuhnValid(digits)) return { ocr: digits, referenceCode: 'ocr' };
  findings.add('warning', 'INVALID_OCR', detail('INVALID_OCR', `"${ocrText}"`), line);
  return { ocr: null, referenceCode: 'invalid_ocr' };
}

/** A row with a readable date and a positive amount. */
interface CsvPaidRow {
  line: number;
  amountOre: Ore;
  amountText: string;
  paidAt: IsoDate;
  /** As the row (or the options) write it, and upper-cased. */
  currencyText: string;
  currency: string;
}

/** The row's output: a payment, or a foreign amount that is reported and counted in no total. */
function rowOutput(state: BankCsvReadState, get: CsvCell, row: CsvPaidRow): BankCsvOutput {
  const { findings } = state;
  const { line, amountOre, paidAt, currency } = row;
  const ocrText = get('ocr');
  const referenceText = get('reference');
  const { ocr, referenceCode } = rowOcr(ocrText, referenceText, line, findings);
  const message = get('message');
  const payerName = get('payer_name');
  const id = get('transaction_id');
  const transactionId = id
    ? `csv:${id}`
    : `csv:sha256-${shortHash([paidAt, amountOre, row.currencyText, ocrText, referenceText, message, payerName, get('payer_account')])}`;
  const isForeign = !isBankBookingCurrency(currency);
  if (isForeign) {
    reportForeignAmount(findings, row.amountText, currency, line);
    state.foreign += 1;
  } else {
    state.creditsOre.add(amountOre);
    state.payments += 1;
  }
  const record: BankPaymentRecord = {
    format: 'csv',
    line,
    transaction_id: state.ids.claim(transactionId, line),
    identity: id ? 'bank_reference' : 'content',
    amountOre,
    currency,
    paid_at: paidAt,
    reference: ocr !== null ? (referenceText ?? ocr) : (referenceText ?? ocrText),
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
  return { kind: isForeign ? 'foreign' : 'payment', record };
}

/** Reads one data row: blank rows are skipped, rows without a readable amount and date are findings. */
export function readBankCsvRow(state: BankCsvReadState, fields: string[], line: number): void {
  const { findings, columns } = state;
  const headers = state.headers!;
  const get: CsvCell = (field) => {
    const index = columns[field];
    const value = index === undefined ? undefined : fields[index]?.trim();
    return value ? value : null;
  };
  if (fields.every((value) => value.trim() === '')) return;
  state.rows += 1;
  if (fields.length !== headers.length) {
    findings.tally(
      'columns',
      'warning',
      'BANK_FILE_LINE_FORMAT',
      detail('BANK_FILE_LINE_FORMAT', `raden har ${fields.length} kolumner, rubriken ${headers.length}`),
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
    state.skipped += 1;
    return;
  }
  const currencyText = get('currency') ?? state.options.currency ?? BANK_BOOKING_CURRENCY;
  const currency = currencyText.toUpperCase();
  if (amountOre <= 0) {
    skipNonPositive(state, amountOre, amountText!, currency, line);
    return;
  }
  state.ready.push(rowOutput(state, get, { line, amountOre, amountText: amountText!, paidAt, currencyText, currency }));
}
