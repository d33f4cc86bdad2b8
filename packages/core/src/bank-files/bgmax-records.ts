import { isValidCivilDate, type IsoDate } from '../dates';
import type { BankReferenceCode, BgMaxChannelCode, BgMaxDeductionCode } from './types';

/** Every BgMax record ("post") is 80 characters (reference §1.1). */
export const BGMAX_RECORD_LENGTH = 80;

/** A field position: 1-based, inclusive, as in Bankgirot's manual (reference §1.2). */
export type BgMaxField = readonly [start: number, end: number];

/** Record layouts of reference §1.2; the writer and the parser share them. */
export const BGMAX_LAYOUT = {
  start: { layout_name: [3, 22], version: [23, 24], timestamp: [25, 44], test_marker: [45, 45] },
  opening: { recipient_bankgiro: [3, 12], recipient_plusgiro: [13, 22], currency: [23, 25] },
  /** TK20/TK21; TK22/TK23 use the same positions up to 70. */
  payment: {
    payer_bankgiro: [3, 12],
    reference: [13, 37],
    amount: [38, 55],
    reference_code: [56, 56],
    channel_code: [57, 57],
    bgc_serial: [58, 69],
    image_marker: [70, 70],
    deduction_code: [71, 71],
  },
  information: { text: [3, 52] },
  name: { name: [3, 37], extra_name: [38, 72] },
  address1: { street: [3, 37], postcode: [38, 46] },
  address2: { city: [3, 37], country: [38, 72], country_code: [73, 74] },
  org_no: { org_no: [3, 14] },
  deposit: {
    account: [3, 37],
    paid_at: [38, 45],
    deposit_serial: [46, 50],
    amount: [51, 68],
    currency: [69, 71],
    count: [72, 79],
    deposit_type: [80, 80],
  },
  end: {
    payment_records: [3, 10],
    deduction_records: [11, 18],
    extra_reference_records: [19, 26],
    deposit_records: [27, 34],
  },
} as const satisfies Record<string, Record<string, BgMaxField>>;

/** The transaction codes (TK) in positions 1–2. */
export const BGMAX_TK = {
  start: '01',
  opening: '05',
  deposit: '15',
  payment: '20',
  deduction: '21',
  extraReference: '22',
  extraReferenceNegative: '23',
  information: '25',
  name: '26',
  address1: '27',
  address2: '28',
  orgNo: '29',
  end: '70',
} as const;

/**
 * The characters of a field (positions 1-based inclusive, reference §1.2).
 * @example bgMaxField(record, BGMAX_LAYOUT.payment.amount) // '000000000000100000'
 */
export function bgMaxField(record: string, [start, end]: BgMaxField): string {
  return record.slice(start - 1, end);
}

/** Field width. */
export function bgMaxFieldWidth([start, end]: BgMaxField): number {
  return end - start + 1;
}

/** Referenskod digit → reference kind (reference §1.3); 0 and 1 both mean "no reference". */
export const BGMAX_REFERENCE_CODES: Readonly<Record<string, BankReferenceCode>> = {
  '0': 'none',
  '1': 'none',
  '2': 'ocr',
  '3': 'multiple',
  '4': 'free_text',
  '5': 'invalid_ocr',
};

/** What the writer puts in position 56 for each kind. */
export const BGMAX_REFERENCE_DIGITS: Readonly<Record<BankReferenceCode, string>> = {
  none: '0',
  ocr: '2',
  multiple: '3',
  free_text: '4',
  invalid_ocr: '5',
};

export const BGMAX_CHANNEL_CODES: Readonly<Record<string, BgMaxChannelCode>> = {
  '1': 'internet_bank',
  '2': 'supplier_payments',
  '3': 'paper_form',
  '4': 'autogiro',
};

export const BGMAX_CHANNEL_DIGITS: Readonly<Record<BgMaxChannelCode, string>> = {
  internet_bank: '1',
  supplier_payments: '2',
  paper_form: '3',
  autogiro: '4',
};

export const BGMAX_DEDUCTION_CODES: Readonly<Record<string, BgMaxDeductionCode>> = {
  '0': 'full',
  '1': 'partial',
  '2': 'final_partial',
};

export const BGMAX_DEDUCTION_DIGITS: Readonly<Record<BgMaxDeductionCode, string>> = {
  full: '0',
  partial: '1',
  final_partial: '2',
};

/** A zero-filled number (bankgiro, org.nr, account) without its padding; all zeros → null. */
export function bgMaxNumberOrNull(field: string): string | null {
  const trimmed = field.trim();
  if (trimmed === '' || /^0+$/.test(trimmed)) return null;
  return /^\d+$/.test(trimmed) ? trimmed.replace(/^0+/, '') : trimmed;
}

/** Free text with its blank padding removed; blank → null. */
export function bgMaxTextOrNull(field: string): string | null {
  const trimmed = field.trim();
  return trimmed === '' ? null : trimmed;
}

/** `YYYYMMDD` → ISO date, or null. */
export function bgMaxDate(field: string): IsoDate | null {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(field);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isValidCivilDate(year, month, day) ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/** TK01 Skrivdag `YYYYMMDDHHMMSS` + 6 digits microseconds → ISO local date-time, or null. */
export function bgMaxTimestamp(field: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{6})$/.exec(field);
  if (!match) return null;
  const [, y, mo, d, h, mi, s, micro] = match as unknown as string[];
  if (!bgMaxDate(`${y}${mo}${d}`) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}.${micro}`;
}

/** A record count field (digits only), or null. */
export function bgMaxCount(record: string, field: BgMaxField): number | null {
  const text = bgMaxField(record, field);
  return /^\d+$/.test(text) ? Number(text) : null;
}
