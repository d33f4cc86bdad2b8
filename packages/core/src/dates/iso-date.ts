import { DomainError } from '../errors';

/**
 * Calendar dates are ISO `YYYY-MM-DD` strings everywhere. Day arithmetic goes through a day
 * number (days since 1970-01-01 in the proleptic Gregorian calendar) computed with integer
 * maths, never through a local-time `Date`, so time zones and DST cannot shift a date.
 */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface CivilDate {
  year: number;
  month: number; // 1..12
  day: number; // 1..31
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

export function isValidCivilDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    year >= 1 &&
    year <= 9999 &&
    Number.isInteger(month) &&
    month >= 1 &&
    month <= 12 &&
    Number.isInteger(day) &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  return !!match && isValidCivilDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** Parses `YYYY-MM-DD`; throws INVALID_DATE for anything else, including 2023-02-29. */
export function parseIsoDate(value: string): CivilDate {
  const match = ISO_DATE.exec(value);
  if (!match) throw new DomainError('INVALID_DATE', undefined, { value });
  const civil = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (!isValidCivilDate(civil.year, civil.month, civil.day)) {
    throw new DomainError('INVALID_DATE', undefined, { value });
  }
  return civil;
}

export function formatIsoDate({ year, month, day }: CivilDate): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Days since 1970-01-01 (Howard Hinnant's days_from_civil). */
export function toDayNumber(date: IsoDate): number {
  const { year, month, day } = parseIsoDate(date);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** Inverse of `toDayNumber`. */
export function fromDayNumber(dayNumber: number): IsoDate {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return formatIsoDate({ year, month, day });
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Monday–Friday (1970-01-01, day 0, was a Thursday). Public holidays are not known here. */
export function isWeekday(date: IsoDate): boolean {
  const weekday = (((toDayNumber(date) + 3) % 7) + 7) % 7; // 0 = Monday
  return weekday < 5;
}

/** The `count`th weekday after `date` (count ≥ 0; 0 is `date` itself). */
export function addWeekdays(date: IsoDate, count: number): IsoDate {
  let day = date;
  for (let left = count; left > 0;) {
    day = addDays(day, 1);
    if (isWeekday(day)) left -= 1;
  }
  return day;
}

/**
 * Adds calendar months, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb).
 * Clamping is from the original day, so a schedule computed as `addMonths(start, n)` keeps
 * returning to the 31st where a month has one.
 */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const { year, month, day } = parseIsoDate(date);
  const index = year * 12 + (month - 1) + months;
  const newYear = Math.floor(index / 12);
  const newMonth = (index % 12) + 1;
  return formatIsoDate({ year: newYear, month: newMonth, day: Math.min(day, daysInMonth(newYear, newMonth)) });
}

export function addYears(date: IsoDate, years: number): IsoDate {
  return addMonths(date, years * 12);
}

export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  // ISO dates with four-digit years sort lexicographically.
  return a < b ? -1 : a > b ? 1 : 0;
}

export function minIsoDate(a: IsoDate, b: IsoDate): IsoDate {
  return a <= b ? a : b;
}

export function maxIsoDate(a: IsoDate, b: IsoDate): IsoDate {
  return a >= b ? a : b;
}

/** The first day of the calendar half-year (1 Jan or 1 Jul) containing `date`. */
export function startOfHalfYear(date: IsoDate): IsoDate {
  const { year, month } = parseIsoDate(date);
  return formatIsoDate({ year, month: month <= 6 ? 1 : 7, day: 1 });
}

/** The first day of the next calendar half-year after the one containing `date`. */
export function startOfNextHalfYear(date: IsoDate): IsoDate {
  const { year, month } = parseIsoDate(date);
  return month <= 6 ? formatIsoDate({ year, month: 7, day: 1 }) : formatIsoDate({ year: year + 1, month: 1, day: 1 });
}

/** The UTC calendar date of an ISO-8601 instant, e.g. for "today" from a clock. */
export function isoDateOfInstant(instant: string): IsoDate {
  const date = instant.slice(0, 10);
  parseIsoDate(date);
  return date;
}
