import type { IsoDate } from '../dates';
import { ore, type Ore } from '../money';
import {
  BGMAX_CHANNEL_CODES,
  BGMAX_DEDUCTION_CODES,
  BGMAX_LAYOUT,
  BGMAX_REFERENCE_CODES,
  bgMaxField,
  bgMaxNumberOrNull,
  bgMaxTextOrNull,
} from './bgmax-records';
import { parseBankDigitsOre } from './amounts';
import { bankFindingMessage, type BankFindingCollector } from './findings';
import type { BankExtraReference, BankPaymentRecord, BankReferenceCode } from './types';

/** A TK20/TK21 being read, with the TK22–TK29 records that follow it. */
export interface BgMaxPendingPayment {
  line: number;
  isDeduction: boolean;
  /** Unsigned amount; null when the amount field was unreadable (the payment is then not returned). */
  amountOre: Ore | null;
  payerBankgiro: string | null;
  reference: string | null;
  referenceDigit: string;
  channelDigit: string;
  deductionDigit: string;
  serial: string;
  imageDigit: string;
  extras: BankExtraReference[];
  messages: string[];
  name: string | null;
  extraName: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
  countryCode: string | null;
  orgNo: string | null;
  /** Which of TK26–TK29 were seen (each may appear once). */
  seen: Set<string>;
}

const P = BGMAX_LAYOUT.payment;

function referenceKind(digit: string, line: number, findings: BankFindingCollector): BankReferenceCode {
  const kind = BGMAX_REFERENCE_CODES[digit];
  if (kind) return kind;
  findings.add('warning', 'BANK_FILE_INVALID_FIELD', bankFindingMessage('BANK_FILE_INVALID_FIELD', `okänd referenskod "${digit}"`), line);
  return 'free_text';
}

/** Reads a TK20/TK21 record (already padded to 80). */
export function readBgMaxPayment(record: string, line: number, findings: BankFindingCollector): BgMaxPendingPayment {
  const isDeduction = record.startsWith('21');
  const amountField = bgMaxField(record, P.amount);
  const amountOre = parseBankDigitsOre(amountField);
  if (amountOre === null) {
    findings.add('error', 'INVALID_AMOUNT', bankFindingMessage('INVALID_AMOUNT', `"${amountField}" (posten lästes inte in)`), line);
  }
  const payerField = bgMaxField(record, P.payer_bankgiro);
  if (!/^\d{10}$/.test(payerField) && payerField.trim() !== '') {
    findings.add('warning', 'BANK_FILE_INVALID_FIELD', bankFindingMessage('BANK_FILE_INVALID_FIELD', `avsändarens bankgironummer "${payerField}"`), line);
  }
  const serial = bgMaxField(record, P.bgc_serial).trim();
  if (!/^\d{1,12}$/.test(serial)) {
    findings.add('warning', 'BANK_FILE_INVALID_FIELD', bankFindingMessage('BANK_FILE_INVALID_FIELD', `BGC-löpnummer "${serial}"`), line);
  }
  return {
    line,
    isDeduction,
    amountOre,
    payerBankgiro: bgMaxNumberOrNull(payerField),
    reference: bgMaxTextOrNull(bgMaxField(record, P.reference)),
    referenceDigit: bgMaxField(record, P.reference_code),
    channelDigit: bgMaxField(record, P.channel_code),
    deductionDigit: bgMaxField(record, P.deduction_code),
    serial,
    imageDigit: bgMaxField(record, P.image_marker),
    extras: [],
    messages: [],
    name: null,
    extraName: null,
    street: null,
    postcode: null,
    city: null,
    country: null,
    countryCode: null,
    orgNo: null,
    seen: new Set(),
  };
}

/** Reads a TK22/TK23 onto its payment. TK23 amounts are negative (reference §1.2). */
export function readBgMaxExtraReference(record: string, line: number, payment: BgMaxPendingPayment, findings: BankFindingCollector): void {
  const amountField = bgMaxField(record, P.amount);
  const unsignedOre = parseBankDigitsOre(amountField);
  if (unsignedOre === null) {
    findings.add('error', 'INVALID_AMOUNT', bankFindingMessage('INVALID_AMOUNT', `"${amountField}" i extra referens`), line);
    return;
  }
  payment.extras.push({
    reference: bgMaxTextOrNull(bgMaxField(record, P.reference)) ?? '',
    amountOre: record.startsWith('23') ? ore(-unsignedOre) || ore(0) : unsignedOre,
    reference_code: referenceKind(bgMaxField(record, P.reference_code), line, findings),
  });
}

/** TK29 holds a 10-digit organisationsnummer zero-padded to 12, or possibly a 12-digit personnummer. */
export function bgMaxOrgNo(field: string): string | null {
  const digits = field.trim();
  if (digits === '' || /^0+$/.test(digits)) return null;
  if (/^00\d{10}$/.test(digits)) return digits.slice(2);
  return digits;
}

/** Reads TK25–TK29 onto the payment; a second TK26–TK29 for the same payment is reported and ignored. */
export function readBgMaxPayerRecord(record: string, line: number, payment: BgMaxPendingPayment, findings: BankFindingCollector): void {
  const tk = record.slice(0, 2);
  if (tk === '25') {
    const text = bgMaxTextOrNull(bgMaxField(record, BGMAX_LAYOUT.information.text));
    if (text !== null) payment.messages.push(text);
    return;
  }
  if (payment.seen.has(tk)) {
    findings.add(
      'warning',
      'BANK_FILE_STRUCTURE',
      bankFindingMessage('BANK_FILE_STRUCTURE', `post ${tk} förekommer två gånger för samma betalning, den andra ignorerades`),
      line,
    );
    return;
  }
  payment.seen.add(tk);
  if (tk === '26') {
    payment.name = bgMaxTextOrNull(bgMaxField(record, BGMAX_LAYOUT.name.name));
    payment.extraName = bgMaxTextOrNull(bgMaxField(record, BGMAX_LAYOUT.name.extra_name));
  } else if (tk === '27') {
    payment.street = bgMaxTextOrNull(bgMaxField(record, BGMAX_LAYOUT.address1.street));
    payment.postcode = bgMaxTextOrNull(bgMaxField(record, BGMAX_LAYOUT.address1.postcode));
  } else if (tk === '28') {
    payment.city = bgMaxTextOrNull(bgMaxField(record, BGMAX_LAYOUT.address2.city));
    payment.country = bgMaxTextOrNull(bgMaxField(record, BGMAX_LAYOUT.address2.country));
    payment.countryCode = bgMaxTextOrNull(bgMaxField(record, BGMAX_LAYOUT.address2.country_code));
  } else {
    const field = bgMaxField(record, BGMAX_LAYOUT.org_no.org_no);
    if (!/^\d{12}$/.test(field)) {
      findings.add('warning', 'BANK_FILE_INVALID_FIELD', bankFindingMessage('BANK_FILE_INVALID_FIELD', `organisationsnummer "${field.trim()}"`), line);
    }
    payment.orgNo = bgMaxOrgNo(field);
  }
}

function joinPresent(parts: (string | null)[], separator: string): string | null {
  const present = parts.filter((part): part is string => part !== null && part !== '');
  return present.length > 0 ? present.join(separator) : null;
}

/** The section a payment is completed in. */
export interface BgMaxSectionContext {
  recipientBankgiro: string | null;
  account: string | null;
  currency: string;
  paidAt: IsoDate;
}

/** Checks what can be checked once the payment's records are all read (reference §1.4 extra references). */
export function checkBgMaxPayment(payment: BgMaxPendingPayment, findings: BankFindingCollector): void {
  if (payment.amountOre === null || payment.isDeduction) return;
  const blankReference = payment.referenceDigit === '0' || payment.referenceDigit === '1';
  if (!blankReference || !payment.extras.some((extra) => extra.amountOre !== 0)) return;
  const extrasOre = payment.extras.reduce((sum, extra) => sum + BigInt(extra.amountOre), 0n);
  if (extrasOre !== BigInt(payment.amountOre)) {
    findings.add(
      'warning',
      'BANK_FILE_TOTALS_MISMATCH',
      bankFindingMessage(
        'BANK_FILE_TOTALS_MISMATCH',
        `de extra referensernas belopp (${extrasOre} öre) är inte betalningens belopp (${payment.amountOre} öre)`,
      ),
      payment.line,
    );
  }
}

/** The common record of a completed BgMax payment (the transaction id is claimed by the caller). */
export function toBgMaxPaymentRecord(
  payment: BgMaxPendingPayment & { amountOre: Ore },
  section: BgMaxSectionContext,
  findings: BankFindingCollector,
): BankPaymentRecord {
  const line = payment.line;
  let referenceCode = referenceKind(payment.referenceDigit, line, findings);
  let ocr: string | null = null;
  if (referenceCode === 'ocr') {
    if (payment.reference !== null && /^\d{2,25}$/.test(payment.reference)) {
      ocr = payment.reference;
    } else {
      findings.add(
        'warning',
        'INVALID_OCR',
        bankFindingMessage('INVALID_OCR', `referenskod 2 men referensen "${payment.reference ?? ''}" är inget OCR-nummer`),
        line,
      );
      referenceCode = 'invalid_ocr';
    }
  }
  const channel = BGMAX_CHANNEL_CODES[payment.channelDigit];
  if (!channel) {
    findings.add('warning', 'BANK_FILE_INVALID_FIELD', bankFindingMessage('BANK_FILE_INVALID_FIELD', `betalningskanalkod "${payment.channelDigit}"`), line);
  }
  const deduction = payment.isDeduction ? BGMAX_DEDUCTION_CODES[payment.deductionDigit] : undefined;
  if (payment.isDeduction && !deduction) {
    findings.add('warning', 'BANK_FILE_INVALID_FIELD', bankFindingMessage('BANK_FILE_INVALID_FIELD', `avdragskod "${payment.deductionDigit}"`), line);
  }
  const addressParts = {
    street: payment.street,
    postcode: payment.postcode,
    city: payment.city,
    country: payment.country,
    country_code: payment.countryCode,
  };
  const hasAddress = Object.values(addressParts).some((part) => part !== null);
  const record: BankPaymentRecord = {
    format: 'bgmax',
    line,
    transaction_id: `bgmax:${section.recipientBankgiro ?? '-'}:${section.paidAt}:${payment.serial}`,
    identity: 'bank_reference',
    amountOre: payment.isDeduction ? ore(-payment.amountOre) || ore(0) : payment.amountOre,
    currency: section.currency,
    paid_at: section.paidAt,
    reference: payment.reference,
    reference_code: referenceCode,
    ocr,
    message: joinPresent(payment.messages, '\n'),
    payer_name: joinPresent([payment.name, payment.extraName], ' '),
    payer_address: joinPresent([payment.street, joinPresent([payment.postcode, payment.city], ' '), payment.country], ', '),
    payer_bankgiro: payment.payerBankgiro,
    payer_org_no: payment.orgNo,
    payer_account: null,
    extra_references: payment.extras,
    recipient_bankgiro: section.recipientBankgiro,
    recipient_account: section.account,
    bank_reference: payment.serial === '' ? null : payment.serial,
    is_deduction: payment.isDeduction,
    is_reversal: false,
    has_image: payment.imageDigit === '1',
  };
  if (hasAddress) record.payer_address_parts = addressParts;
  if (channel) record.channel_code = channel;
  if (deduction) record.deduction_code = deduction;
  return record;
}
