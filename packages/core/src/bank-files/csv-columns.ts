import { DomainError, isDomainError } from '../errors';
import { isValidCivilDate, type IsoDate } from '../dates';
import { parseAmount, type Ore } from '../money';
import type { BankCsvField } from './types';

/**
 * Header names recognised without a mapping, Swedish and English, compared after
 * `normalizeBankCsvHeader` (lower case, no accents, no spaces, dashes, dots or underscores).
 */
export const BANK_CSV_DEFAULT_HEADERS: Readonly<Record<BankCsvField, readonly string[]>> = {
  paid_at: [
    'datum',
    'date',
    'paidat',
    'betaldatum',
    'betalningsdag',
    'betalningsdatum',
    'bokforingsdag',
    'bokforingsdatum',
    'transaktionsdatum',
    'transactiondate',
    'bookingdate',
  ],
  amount: ['belopp', 'amount', 'summa', 'sum'],
  currency: ['valuta', 'currency'],
  ocr: ['ocr', 'ocrnummer', 'ocrnumber', 'ocrreferens'],
  reference: ['referens', 'reference', 'ref', 'betalningsreferens'],
  message: ['meddelande', 'message', 'text', 'beskrivning', 'description', 'information'],
  payer_name: ['namn', 'name', 'betalare', 'avsandare', 'payer', 'payername', 'betalarensnamn'],
  payer_address: ['adress', 'address', 'payeraddress', 'betalarensadress'],
  payer_bankgiro: ['avsandarbankgiro', 'payerbankgiro', 'betalarensbankgiro'],
  payer_org_no: ['organisationsnummer', 'orgnr', 'orgno', 'payerorgno'],
  payer_account: ['avsandarkonto', 'payeraccount', 'fromaccount', 'betalarenskonto'],
  recipient_bankgiro: ['mottagarbankgiro', 'recipientbankgiro'],
  recipient_account: ['mottagarkonto', 'recipientaccount'],
  transaction_id: ['id', 'transaktionsid', 'transactionid', 'transid'],
};

/**
 * Lower case, accents removed (å → a), spaces, dashes, dots and underscores dropped.
 * @example normalizeBankCsvHeader('Transaktions-ID') // 'transaktionsid'
 */
export function normalizeBankCsvHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_\-.]+/g, '');
}

/**
 * Which column index holds each field. An explicit mapping (field → header text) wins over the
 * defaults; a mapped header that is missing, or no date/amount column, makes the file unreadable.
 */
export function mapBankCsvColumns(headers: string[], mapping: Partial<Record<BankCsvField, string>>, line: number): Partial<Record<BankCsvField, number>> {
  const normalized = headers.map(normalizeBankCsvHeader);
  const columns: Partial<Record<BankCsvField, number>> = {};
  const used = new Set<number>();
  for (const [field, header] of Object.entries(mapping) as [BankCsvField, string][]) {
    const index = normalized.indexOf(normalizeBankCsvHeader(header));
    if (index < 0) {
      throw new DomainError('BANK_FILE_UNREADABLE', `Kolumnen "${header}" finns inte i filen`, { format: 'csv', line, field, headers });
    }
    columns[field] = index;
    used.add(index);
  }
  for (const [field, aliases] of Object.entries(BANK_CSV_DEFAULT_HEADERS) as [BankCsvField, readonly string[]][]) {
    if (columns[field] !== undefined) continue;
    const index = normalized.findIndex((name, i) => !used.has(i) && aliases.includes(name));
    if (index >= 0) {
      columns[field] = index;
      used.add(index);
    }
  }
  const missing = (['paid_at', 'amount'] as const).filter((field) => columns[field] === undefined);
  if (missing.length > 0) {
    throw new DomainError('BANK_FILE_UNREADABLE', 'Filen saknar kolumn för datum eller belopp', { format: 'csv', line, missing, headers });
  }
  return columns;
}

/**
 * An amount from a bank's CSV: decimal comma or dot, thousands grouped by space, dot or comma
 * (`1.234,56`, `1,234.56`, `1 234,56 kr`), a leading + or −. Signed öre, or null when unreadable.
 * @example parseBankCsvAmount('1.234,56') // 123456
 */
export function parseBankCsvAmount(text: string): Ore | null {
  let value = text
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/(kr|sek|:-)$/i, '')
    .replace(/^\+/, '');
  if (/^[-\u2212]?\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(value)) value = value.replace(/\./g, '');
  else if (/^[-\u2212]?\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(value)) value = value.replace(/,/g, '');
  try {
    return parseAmount(value, { allowNegative: true });
  } catch (error) {
    if (isDomainError(error)) return null;
    throw error;
  }
}

/**
 * A date from a bank's CSV: `YYYY-MM-DD` (a time after it is ignored), `YYYYMMDD`, `YYYY/MM/DD`.
 * @example parseBankCsvDate('20240525') // '2024-05-25'
 */
export function parseBankCsvDate(text: string): IsoDate | null {
  const match = /^(\d{4})([-/.]?)(\d{2})\2(\d{2})(?:[T ].*)?$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[3]), Number(match[4])];
  return isValidCivilDate(year, month, day) ? `${match[1]}-${match[3]}-${match[4]}` : null;
}
