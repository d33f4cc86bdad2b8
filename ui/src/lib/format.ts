// The only place where values become Swedish (sv-SE) text. Money arrives from the API as decimal
// strings ("7950.00") and is shown by core's one money formatter (formatOre, the form every money
// field reads back): a float never touches an amount.
import { formatOre } from '@fordran/core/money';
import { oreOfDecimal } from './money';

const NBSP = '\u00a0';
const MINUS = '\u2212'; // sv-SE writes negative numbers with a real minus sign, as Intl does.
const TIME_ZONE = 'Europe/Stockholm';

const DECIMAL_PATTERN = /^([+-])?(\d+)(?:\.(\d+))?$/;

/** A rate's decimal string's parts, as sv-SE writes them: real minus sign, no leading zeros, ≥ 2 decimals. */
function decimalParts(decimal: string): { sign: string; whole: string; fraction: string } | null {
  const match = DECIMAL_PATTERN.exec(decimal.trim());
  if (!match) return null;
  const [, signPart, wholePart = '0', fractionPart = ''] = match;
  const whole = wholePart.replace(/^0+(?=\d)/, '');
  const fraction = fractionPart.padEnd(2, '0');
  const isZero = /^0+$/.test(whole + fraction);
  return { sign: signPart === '-' && !isZero ? MINUS : '', whole, fraction };
}

/**
 * Formats a decimal amount string as Swedish money: "7950.00" → "7 950,00 kr", "-12.5" → "−12,50 kr".
 * Text that is not an amount in öre (the API always sends one) is shown as is, never rounded.
 */
export function formatAmount(decimal: string, options: { currency?: 'kr' | 'SEK' | false } = {}): string {
  const amountOre = oreOfDecimal(decimal);
  return amountOre === null ? decimal : formatOre(amountOre, options);
}

const integerFormat = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 0 });

/** Formats a count: 1234 → "1 234". */
export function formatCount(value: number): string {
  return integerFormat.format(value);
}

/** Formats a percentage given in percent units: 66.67 → "67 %" (whole numbers unless asked). */
export function formatPercent(percent: number, fractionDigits = 0): string {
  return new Intl.NumberFormat('sv-SE', {
    style: 'percent',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(percent / 100);
}

/** Rounds a share to a whole percent: (7, 10) → 70. Returns 0 for an empty total. */
export function percentOf(part: number, total: number): number {
  return total > 0 ? Math.round((part * 100) / total) : 0;
}

const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ['januari', 'februari', 'mars', 'april', 'maj', 'juni', 'juli', 'augusti', 'september', 'oktober', 'november', 'december'];

/** Formats a calendar date. sv-SE writes dates as YYYY-MM-DD, so an ISO date stays as it is. */
export function formatDate(isoDate: string): string {
  if (ISO_DATE_PATTERN.test(isoDate)) return isoDate;
  const instant = new Date(isoDate);
  if (Number.isNaN(instant.getTime())) return isoDate;
  return new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeZone: TIME_ZONE }).format(instant);
}

/** Formats a calendar date in words: "2025-01-31" → "31 januari 2025" (no time zone involved). */
export function formatDateLong(isoDate: string): string {
  const match = ISO_DATE_PATTERN.exec(isoDate);
  if (!match) return isoDate;
  const [, year, month, day] = match;
  const monthName = MONTHS[Number(month) - 1];
  return monthName ? `${Number(day)} ${monthName} ${year}` : isoDate;
}

/** Formats an ISO instant in Swedish time: "2025-01-31T13:05:00Z" → "2025-01-31 14:05". */
export function formatDateTime(isoInstant: string): string {
  const instant = new Date(isoInstant);
  if (Number.isNaN(instant.getTime())) return isoInstant;
  return new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'short', timeZone: TIME_ZONE }).format(instant);
}

const relativeFormat = new Intl.RelativeTimeFormat('sv-SE', { numeric: 'auto' });
const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/** Formats how long ago an instant was: "för 5 minuter sedan"; older than a week → date and time. */
export function formatRelativeTime(isoInstant: string, now: Date = new Date()): string {
  const instant = new Date(isoInstant);
  if (Number.isNaN(instant.getTime())) return isoInstant;
  let value = Math.round((instant.getTime() - now.getTime()) / 1000);
  if (Math.abs(value) < 45) return 'just nu';
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(value) < size) return relativeFormat.format(value, unit);
    value = Math.round(value / size);
  }
  return formatDateTime(isoInstant);
}

/**
 * Initials for an avatar, two letters (spec part 1 §9 "the first 2 letters"): the first letters of
 * the first two words ("Anna Svensson" → "AS"), or the first two letters of a one-word name
 * ("Användare" → "AN"). docs/deviations.md explains the reading.
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length === 1 ? Array.from(words[0] ?? '').slice(0, 2) : words.slice(0, 2).map((word) => Array.from(word)[0] ?? '');
  return letters.join('').toUpperCase();
}

/**
 * Formats a personnummer / samordningsnummer stored as 12 digits the way it is written:
 * "198112189876" → "19811218-9876". Anything else is shown as it is.
 */
export function formatNationalId(value: string): string {
  const match = /^(\d{8})(\d{4})$/.exec(value);
  return match ? `${match[1]}-${match[2]}` : value;
}

const swedishDayFormat = new Intl.DateTimeFormat('sv-SE', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: TIME_ZONE });

/** Today's calendar date in Sweden as YYYY-MM-DD (the default of date fields). */
export function todayInSweden(now: Date = new Date()): string {
  return swedishDayFormat.format(now);
}

/**
 * Formats a rate sent as decimal text in percent: "2.25" → "2,25 %", "-0.50" → "−0,50 %",
 * "8.5" → "8,50 %" (at least two decimals, more kept as sent). Text that is not a decimal is shown as is.
 */
export function formatRate(decimal: string): string {
  const parts = decimalParts(decimal);
  return parts ? `${parts.sign}${parts.whole},${parts.fraction}${NBSP}%` : decimal;
}

/**
 * Formats an IBAN stored in its electronic form the way it is printed, in groups of four:
 * "SE4550000000058398257466" → "SE45 5000 0000 0583 9825 7466".
 */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
