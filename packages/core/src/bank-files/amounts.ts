import Big from 'big.js';
import { isValidCivilDate, type IsoDate } from '../dates';
import { MAX_ABS_ORE, ore, roundToOre, type Ore } from '../money';

/** Unsigned digits (leading zeros allowed, as in BgMax `N h0` fields) as öre; null when not digits or out of range. */
export function parseBankDigitsOre(digits: string): Ore | null {
  if (!/^\d+$/.test(digits)) return null;
  const significant = digits.replace(/^0+(?=\d)/, '');
  if (significant.length > 16) return null;
  const value = Number(significant);
  return value <= MAX_ABS_ORE ? ore(value) : null;
}

/** A decimal amount read from a file, and whether it had to be rounded to whole öre. */
export interface BankDecimalAmount {
  amountOre: Ore;
  rounded: boolean;
}

/**
 * An unsigned ISO 20022 decimal (`1234.5`, up to 5 fraction digits in the schema) as öre, by string
 * arithmetic. More than two significant decimals are rounded half up through big.js and flagged.
 * @example parseBankDecimalOre('1234.50') // { amountOre: 123450, rounded: false }
 */
export function parseBankDecimalOre(text: string): BankDecimalAmount | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (whole.length > 14) return null;
  if (fraction.length <= 2) {
    const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    return value <= MAX_ABS_ORE ? { amountOre: ore(value), rounded: false } : null;
  }
  const amountOre = roundToOre(new Big(`${whole}.${fraction}`).times(100));
  return amountOre <= MAX_ABS_ORE ? { amountOre, rounded: true } : null;
}

/** The date part of an ISO date or date-time (`2024-05-25`, `2024-05-25+01:00`, `2024-05-25T10:00:00`), or null. */
export function bankIsoDatePart(text: string | null | undefined): IsoDate | null {
  if (!text) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T+\-Z ])/.exec(text.trim());
  if (!match) return null;
  return isValidCivilDate(Number(match[1]), Number(match[2]), Number(match[3])) ? text.trim().slice(0, 10) : null;
}
