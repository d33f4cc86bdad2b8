import { DomainError, ERROR_MESSAGES, type DomainErrorCode } from '../errors';
import { MAX_ABS_ORE, ore, type Ore } from './ore';

/*
 * The one reader of amounts that people type (forms, CLI options) or clients send (JSON). The
 * grammar, and why each refusal is one, is in docs/input-formats.md. In short: digits, optionally
 * grouped by threes with a space (also U+00A0 / U+202F), then a comma or dot and one or two
 * decimals, optionally " kr" / " SEK" / ":-". Text that could mean two amounts ("1.234": 1 234 kr
 * or 1,234 kr?) is refused, never guessed. String arithmetic only: no float ever holds money.
 */

export interface ReadAmountOptions {
  /** Allow a leading minus sign (- or −). Default false: amounts entered by people are not negative. */
  allowNegative?: boolean;
  /** Only amounts above zero: 0 and negatives get 'Belopp måste vara större än 0' (payments, claims, fees). */
  positive?: boolean;
}

/** Why an amount was refused: a stable code and the Swedish message a person reads. */
export type AmountRefusalCode = Extract<
  DomainErrorCode,
  'AMOUNT_MISSING' | 'INVALID_AMOUNT' | 'AMBIGUOUS_AMOUNT' | 'TOO_MANY_DECIMALS' | 'NEGATIVE_AMOUNT' | 'AMOUNT_NOT_POSITIVE' | 'AMOUNT_OUT_OF_RANGE'
>;

export type AmountReading = { ok: true; ore: Ore } | { ok: false; code: AmountRefusalCode; message: string };

const refuse = (code: AmountRefusalCode): AmountReading => ({ ok: false, code, message: ERROR_MESSAGES[code] });

const CURRENCY_SUFFIX = /\s*(?:kr|sek|:-)$/i;
const ALLOWED_CHARACTERS = /^[\d.,\u0020\u00a0\u202f]+$/;
const GROUPED_WHOLE = /^\d{1,3}(?:[\u0020\u00a0\u202f]\d{3})+$/;
const PLAIN_WHOLE = /^\d+$/;
/** A whole part that, before a separator and three digits ("1.234"), may as well be a thousands group. */
const THOUSANDS_OR_DECIMALS = /^[1-9]\d{0,2}$/;
/** What String(number) gives for a finite number without an exponent. */
const NUMBER_TEXT = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Öre from whole kronor digits and up to two decimal digits, checked against the options. */
function fromDigits(negative: boolean, whole: string, fraction: string, options: ReadAmountOptions): AmountReading {
  if (fraction.length > 2) return refuse('TOO_MANY_DECIMALS');
  const significant = whole.replace(/^0+/, '');
  // More than 14 digits is out of range anyway; up to 14, Number() of the digits is exact, and so
  // is ×100 for every magnitude up to MAX_ABS_ORE (far below 2^53).
  if (significant.length > 14) return refuse('AMOUNT_OUT_OF_RANGE');
  const magnitude = Number(significant || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (magnitude > MAX_ABS_ORE) return refuse('AMOUNT_OUT_OF_RANGE');
  if (options.positive && (negative || magnitude === 0)) return refuse('AMOUNT_NOT_POSITIVE');
  if (negative && magnitude > 0 && !options.allowNegative) return refuse('NEGATIVE_AMOUNT');
  return { ok: true, ore: ore(negative && magnitude > 0 ? -magnitude : magnitude) };
}

/** A JSON number: its shortest round-trip text (0.1 stays "0.1"); the dot is a decimal point. */
function readNumber(value: number, options: ReadAmountOptions): AmountReading {
  if (!Number.isFinite(value)) return refuse('INVALID_AMOUNT');
  const text = String(value);
  const match = NUMBER_TEXT.exec(text);
  // Only numbers beyond 1e21 or below 1e-6 print with an exponent.
  if (!match) return refuse(text.includes('e-') ? 'TOO_MANY_DECIMALS' : 'AMOUNT_OUT_OF_RANGE');
  return fromDigits(match[1] === '-', match[2]!, match[3] ?? '', options);
}

/**
 * Reads an amount typed by a person (or sent in JSON) into öre, or says why not.
 * Accepts "2000", "2000,5", "2 000,50", "2000.50", "2 000,50 kr", "−12,50" (when negatives are
 * allowed). Refuses "" (AMOUNT_MISSING), "1.234" / "1,234" / "1.234,56" / "1 23"
 * (AMBIGUOUS_AMOUNT), "12,345" with a 4+ digit whole part (TOO_MANY_DECIMALS), letters, "-", "12,"
 * and ",5" (INVALID_AMOUNT).
 * @example readAmount('2 000,50') // { ok: true, ore: 200050 }
 * @example readAmount('1.234') // { ok: false, code: 'AMBIGUOUS_AMOUNT', message: 'Otydligt belopp: …' }
 */
export function readAmount(input: string | number, options: ReadAmountOptions = {}): AmountReading {
  if (typeof input === 'number') return readNumber(input, options);
  // trim() removes every Unicode space, U+00A0 and U+202F included.
  const text = input.trim().replace(CURRENCY_SUFFIX, '');
  if (text === '') return refuse(input.trim() === '' ? 'AMOUNT_MISSING' : 'INVALID_AMOUNT');
  const negative = /^[-\u2212]/.test(text);
  const unsigned = negative ? text.slice(1) : text;
  if (!ALLOWED_CHARACTERS.test(unsigned) || !/^\d/.test(unsigned)) return refuse('INVALID_AMOUNT');

  const separators = unsigned.match(/[.,]/g) ?? [];
  if (separators.length > 1) return refuse('AMBIGUOUS_AMOUNT');
  const [whole = '', fraction] = unsigned.split(/[.,]/);
  if (fraction !== undefined && !/^\d+$/.test(fraction)) return refuse('INVALID_AMOUNT');
  if (!PLAIN_WHOLE.test(whole)) {
    if (!GROUPED_WHOLE.test(whole)) return refuse('AMBIGUOUS_AMOUNT');
  } else if (fraction?.length === 3 && THOUSANDS_OR_DECIMALS.test(whole)) {
    return refuse('AMBIGUOUS_AMOUNT');
  }
  return fromDigits(negative, whole.replace(/\D/g, ''), fraction ?? '', options);
}

/**
 * `readAmount` for code paths that throw: the refusal becomes a DomainError with its code.
 * @example parseAmount('7 950,50') // 795050
 */
export function parseAmount(input: string | number, options: ReadAmountOptions = {}): Ore {
  const reading = readAmount(input, options);
  if (!reading.ok) throw new DomainError(reading.code, reading.message, { input });
  return reading.ore;
}

/** Parses the JSON decimal form ("7950.00", or a number) back to öre; negatives allowed (ledger, reports). */
export function decimalToOre(value: string | number): Ore {
  return parseAmount(value, { allowNegative: true });
}
