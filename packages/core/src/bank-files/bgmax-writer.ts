import { DomainError } from '../errors';
import { isIsoDate, type IsoDate } from '../dates';
import { isOre, type Ore } from '../money';
import {
  BGMAX_CHANNEL_DIGITS,
  BGMAX_DEDUCTION_DIGITS,
  BGMAX_LAYOUT,
  BGMAX_RECORD_LENGTH,
  BGMAX_REFERENCE_DIGITS,
  bgMaxFieldWidth,
  type BgMaxField,
} from './bgmax-records';
import type { BankExtraReference, BankReferenceCode, BgMaxChannelCode, BgMaxDeductionCode } from './types';

/** One TK20 (amount > 0) or TK21 deduction (amount < 0) with its TK22–TK29 records. */
export interface BgMaxWriterPayment {
  /** Signed öre: positive writes a TK20 Betalningspost, negative a TK21 Avdragspost. Never 0 for TK21. */
  amountOre: Ore;
  /** BGC-löpnummer, up to 12 digits. */
  bgc_serial: string;
  reference?: string | null;
  /** Default: `ocr` when the reference is digits only, `free_text` otherwise, `none` without one. */
  reference_code?: BankReferenceCode;
  channel_code?: BgMaxChannelCode;
  has_image?: boolean;
  /** TK21 only; default `full`. */
  deduction_code?: BgMaxDeductionCode;
  payer_bankgiro?: string | null;
  /** TK22 (amount ≥ 0) or TK23 (amount < 0). */
  extra_references?: BankExtraReference[];
  /** One TK25 per line, at most 50 characters each. */
  messages?: string[];
  payer_name?: string | null;
  payer_extra_name?: string | null;
  payer_street?: string | null;
  payer_postcode?: string | null;
  payer_city?: string | null;
  payer_country?: string | null;
  payer_country_code?: string | null;
  /** 10 or 12 digits; written zero-filled to 12 (TK29). */
  payer_org_no?: string | null;
}

/** One section: TK05, the payments, TK15 with computed sum and count. */
export interface BgMaxWriterSection {
  recipient_bankgiro: string;
  recipient_plusgiro?: string | null;
  currency?: string;
  /** Clearing + account number, digits, up to 35. */
  account: string;
  paid_at: IsoDate;
  /** Insättningslöpnummer, 0–99999. */
  deposit_serial: number;
  deposit_type?: '' | 'K' | 'D' | 'S';
  payments: BgMaxWriterPayment[];
}

export interface BgMaxWriterFile {
  /** TK01 Skrivdag: `YYYYMMDDHHMMSS` + 6 digits of microseconds. */
  timestamp: string;
  /** Default false (`P`, production). */
  is_test?: boolean;
  sections: BgMaxWriterSection[];
}

export interface BgMaxWriterOptions {
  /** Default `crlf`, as Bankgirot delivers. */
  lineEnding?: 'crlf' | 'lf';
}

function invalid(path: string, message: string, value?: unknown): never {
  throw new DomainError('VALIDATION_FAILED', `${message} (${path})`, { path, value });
}

/** Builds an 80-character record from a record type and positioned, non-overlapping fields. */
function buildRecord(tk: string, fields: [BgMaxField, string][]): string {
  let record = tk;
  for (const [[start], text] of [...fields].sort((a, b) => a[0][0] - b[0][0])) {
    record = record.padEnd(start - 1, ' ') + text;
  }
  return record.padEnd(BGMAX_RECORD_LENGTH, ' ');
}

function digitsField(value: string | number | null | undefined, field: BgMaxField, path: string): string {
  const text = value === null || value === undefined ? '' : String(value);
  const width = bgMaxFieldWidth(field);
  if (!/^\d*$/.test(text) || text.length > width) invalid(path, `Högst ${width} siffror`, value);
  return text.padStart(width, '0');
}

function textField(value: string | null | undefined, field: BgMaxField, path: string, align: 'left' | 'right' = 'left'): string {
  const text = value ?? '';
  const width = bgMaxFieldWidth(field);
  if (text.length > width) invalid(path, `Högst ${width} tecken`, value);
  // Latin-1 printable only; other characters would not survive the file's encoding or line structure.
  if (/[^\x20-\x7e\xa0-\xff]/.test(text)) invalid(path, 'Otillåtet tecken', value);
  return align === 'left' ? text.padEnd(width, ' ') : text.padStart(width, ' ');
}

function amountField(amountOre: number, field: BgMaxField, path: string): string {
  if (!isOre(amountOre)) invalid(path, 'Ogiltigt belopp', amountOre);
  return digitsField(Math.abs(amountOre), field, path);
}

function referenceCodeOf(payment: { reference?: string | null; reference_code?: BankReferenceCode }): BankReferenceCode {
  if (payment.reference_code) return payment.reference_code;
  const reference = payment.reference ?? '';
  if (reference === '') return 'none';
  return /^\d+$/.test(reference) ? 'ocr' : 'free_text';
}

const P = BGMAX_LAYOUT.payment;

function paymentRecords(payment: BgMaxWriterPayment, path: string): string[] {
  const isDeduction = payment.amountOre < 0;
  const code = referenceCodeOf(payment);
  const common: [BgMaxField, string][] = [
    [P.payer_bankgiro, digitsField(payment.payer_bankgiro, P.payer_bankgiro, `${path}.payer_bankgiro`)],
    [P.channel_code, BGMAX_CHANNEL_DIGITS[payment.channel_code ?? 'internet_bank']],
    [P.bgc_serial, digitsField(payment.bgc_serial, P.bgc_serial, `${path}.bgc_serial`)],
    [P.image_marker, payment.has_image ? '1' : '0'],
  ];
  const main: [BgMaxField, string][] = [
    ...common,
    [P.reference, textField(payment.reference, P.reference, `${path}.reference`, code === 'ocr' ? 'right' : 'left')],
    [P.amount, amountField(payment.amountOre, P.amount, `${path}.amountOre`)],
    [P.reference_code, BGMAX_REFERENCE_DIGITS[code]],
  ];
  if (isDeduction) main.push([P.deduction_code, BGMAX_DEDUCTION_DIGITS[payment.deduction_code ?? 'full']]);
  const records = [buildRecord(isDeduction ? '21' : '20', main)];
  (payment.extra_references ?? []).forEach((extra, index) => {
    const at = `${path}.extra_references[${index}]`;
    records.push(
      buildRecord(extra.amountOre < 0 ? '23' : '22', [
        ...common,
        [P.reference, textField(extra.reference, P.reference, `${at}.reference`, extra.reference_code === 'ocr' ? 'right' : 'left')],
        [P.amount, amountField(extra.amountOre, P.amount, `${at}.amountOre`)],
        [P.reference_code, BGMAX_REFERENCE_DIGITS[extra.reference_code]],
      ]),
    );
  });
  (payment.messages ?? []).forEach((message, index) => {
    const field = BGMAX_LAYOUT.information.text;
    records.push(buildRecord('25', [[field, textField(message, field, `${path}.messages[${index}]`)]]));
  });
  if (payment.payer_name || payment.payer_extra_name) {
    const L = BGMAX_LAYOUT.name;
    records.push(
      buildRecord('26', [
        [L.name, textField(payment.payer_name, L.name, `${path}.payer_name`)],
        [L.extra_name, textField(payment.payer_extra_name, L.extra_name, `${path}.payer_extra_name`)],
      ]),
    );
  }
  if (payment.payer_street || payment.payer_postcode) {
    const L = BGMAX_LAYOUT.address1;
    records.push(
      buildRecord('27', [
        [L.street, textField(payment.payer_street, L.street, `${path}.payer_street`)],
        [L.postcode, textField(payment.payer_postcode, L.postcode, `${path}.payer_postcode`)],
      ]),
    );
  }
  if (payment.payer_city || payment.payer_country || payment.payer_country_code) {
    const L = BGMAX_LAYOUT.address2;
    records.push(
      buildRecord('28', [
        [L.city, textField(payment.payer_city, L.city, `${path}.payer_city`)],
        [L.country, textField(payment.payer_country, L.country, `${path}.payer_country`)],
        [L.country_code, textField(payment.payer_country_code, L.country_code, `${path}.payer_country_code`)],
      ]),
    );
  }
  if (payment.payer_org_no) {
    const L = BGMAX_LAYOUT.org_no;
    records.push(buildRecord('29', [[L.org_no, digitsField(payment.payer_org_no, L.org_no, `${path}.payer_org_no`)]]));
  }
  return records;
}

function compactDate(date: IsoDate, path: string): string {
  if (!isIsoDate(date)) invalid(path, 'Ogiltigt datum', date);
  return date.replace(/-/g, '');
}

function sectionRecords(section: BgMaxWriterSection, path: string): { records: string[]; counts: number[] } {
  const O = BGMAX_LAYOUT.opening;
  const D = BGMAX_LAYOUT.deposit;
  const currency = section.currency ?? 'SEK';
  const records = [
    buildRecord('05', [
      [O.recipient_bankgiro, digitsField(section.recipient_bankgiro, O.recipient_bankgiro, `${path}.recipient_bankgiro`)],
      [O.recipient_plusgiro, section.recipient_plusgiro ? digitsField(section.recipient_plusgiro, O.recipient_plusgiro, `${path}.recipient_plusgiro`) : ''],
      [O.currency, textField(currency, O.currency, `${path}.currency`)],
    ]),
  ];
  let payments = 0;
  let deductions = 0;
  let extras = 0;
  let depositOre = 0n;
  section.payments.forEach((payment, index) => {
    const at = `${path}.payments[${index}]`;
    if (payment.amountOre === 0 && payment.deduction_code) invalid(at, 'Ett avdrag kan inte vara 0', payment.amountOre);
    records.push(...paymentRecords(payment, at));
    if (payment.amountOre < 0) deductions += 1;
    else payments += 1;
    extras += payment.extra_references?.length ?? 0;
    depositOre += BigInt(payment.amountOre);
  });
  // Reference §1.4: Insättningsbelopp = Σ TK20 − Σ TK21; unsigned, so it cannot be negative.
  if (depositOre < 0n) invalid(path, 'Insättningsbeloppet blir negativt', String(depositOre));
  records.push(
    buildRecord('15', [
      [D.account, digitsField(section.account, D.account, `${path}.account`)],
      [D.paid_at, compactDate(section.paid_at, `${path}.paid_at`)],
      [D.deposit_serial, digitsField(section.deposit_serial, D.deposit_serial, `${path}.deposit_serial`)],
      [D.amount, digitsField(depositOre.toString(), D.amount, `${path}.payments`)],
      [D.currency, textField(currency, D.currency, `${path}.currency`)],
      [D.count, digitsField(payments + deductions, D.count, `${path}.payments`)],
      [D.deposit_type, section.deposit_type ?? ''],
    ]),
  );
  return { records, counts: [payments, deductions, extras] };
}

/**
 * Writes a BgMax file (reference §1.2): 80-character records, TK15 sums and counts and TK70
 * totals computed from the payments. Returns text; encode it with `encodeBankFileLatin1`.
 * Throws VALIDATION_FAILED (with the field path) for a value that does not fit its field.
 * @example writeBgMax({ timestamp: '20040525173035010331', sections: [] }) // "01BGMAX…\r\n70…\r\n"
 */
export function writeBgMax(file: BgMaxWriterFile, options: BgMaxWriterOptions = {}): string {
  const S = BGMAX_LAYOUT.start;
  const E = BGMAX_LAYOUT.end;
  if (!/^\d{20}$/.test(file.timestamp)) invalid('timestamp', 'Skrivdag ska vara 20 siffror', file.timestamp);
  const lines = [
    buildRecord('01', [
      [S.layout_name, 'BGMAX'],
      [S.version, '01'],
      [S.timestamp, file.timestamp],
      [S.test_marker, file.is_test ? 'T' : 'P'],
    ]),
  ];
  const totals = [0, 0, 0];
  file.sections.forEach((section, index) => {
    const { records, counts } = sectionRecords(section, `sections[${index}]`);
    for (const record of records) lines.push(record);
    counts.forEach((count, i) => (totals[i]! += count));
  });
  lines.push(
    buildRecord('70', [
      [E.payment_records, digitsField(totals[0], E.payment_records, 'sections')],
      [E.deduction_records, digitsField(totals[1], E.deduction_records, 'sections')],
      [E.extra_reference_records, digitsField(totals[2], E.extra_reference_records, 'sections')],
      [E.deposit_records, digitsField(file.sections.length, E.deposit_records, 'sections')],
    ]),
  );
  const eol = options.lineEnding === 'lf' ? '\n' : '\r\n';
  return lines.join(eol) + eol;
}
