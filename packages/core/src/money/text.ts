import { DomainError } from '../errors';
import { ore, type Ore } from './ore';

export interface ParseAmountOptions {
  /** Allow a leading minus sign. Default false: amounts entered by people are not negative. */
  allowNegative?: boolean;
}

// Spaces people and Intl put inside numbers: space, no-break space, narrow no-break space.
const GROUP_SPACES = /[\s\u00a0\u202f]/g;
const CURRENCY_SUFFIX = /(kr|sek|:-)$/i;
const AMOUNT_TEXT = /^(-)?(\d+)(?:[.,](\d{1,2}))?$/;

/**
 * Parses an amount typed by a person or sent in JSON into öre, by string arithmetic.
 * Accepts "7950", "7 950,50", "7950.5", "7 950,00 kr", "−12,50" (when negatives are allowed),
 * and numbers with at most two decimals. Rejects more decimals, NaN, exponents and empty input.
 * @example parseAmount('7 950,50') // 795050
 */
export function parseAmount(input: string | number, options: ParseAmountOptions = {}): Ore {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw new DomainError('INVALID_AMOUNT', undefined, { input });
    // String(n) gives the shortest round-trip form, so 0.1 stays "0.1"; exponent forms are refused below.
    text = String(input);
  } else {
    text = input;
  }
  const normalized = text
    .replace(GROUP_SPACES, '')
    .replace(CURRENCY_SUFFIX, '')
    .replace(/^\u2212/, '-');
  const match = AMOUNT_TEXT.exec(normalized);
  if (!match) {
    if (/^-?\d+[.,]\d{3,}$/.test(normalized)) {
      throw new DomainError('TOO_MANY_DECIMALS', undefined, { input });
    }
    throw new DomainError('INVALID_AMOUNT', undefined, { input });
  }
  const [, sign, whole, fraction = ''] = match;
  if (sign && !options.allowNegative) throw new DomainError('NEGATIVE_AMOUNT', undefined, { input });
  if (whole!.length > 16) throw new DomainError('AMOUNT_OUT_OF_RANGE', undefined, { input });
  const magnitude = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return ore(sign ? -magnitude : magnitude);
}

function splitOre(amountOre: Ore): { sign: string; whole: string; fraction: string } {
  const abs = Math.abs(amountOre);
  return {
    sign: amountOre < 0 ? '-' : '',
    whole: String(Math.floor(abs / 100)),
    fraction: String(abs % 100).padStart(2, '0'),
  };
}

/**
 * The JSON form of an amount: a decimal string with two decimals and a dot.
 * @example oreToDecimal(795000) // "7950.00"
 */
export function oreToDecimal(amountOre: Ore): string {
  const { sign, whole, fraction } = splitOre(amountOre);
  return `${sign}${whole}.${fraction}`;
}

/** Parses the JSON decimal form (or a number) back to öre; negatives allowed (ledger, reports). */
export function decimalToOre(value: string | number): Ore {
  return parseAmount(value, { allowNegative: true });
}

/**
 * Swedish display form: thousands grouped with a no-break space, decimal comma, " kr".
 * @example formatOre(795000) // "7 950,00 kr" (with U+00A0 between 7 and 950)
 */
export function formatOre(amountOre: Ore, options: { currency?: 'kr' | 'SEK' | false } = {}): string {
  const { sign, whole, fraction } = splitOre(amountOre);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  const currency = options.currency === undefined ? 'kr' : options.currency;
  return `${sign}${grouped},${fraction}${currency ? `\u00a0${currency}` : ''}`;
}
