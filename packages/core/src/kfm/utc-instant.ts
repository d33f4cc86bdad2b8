import { addDays, isValidCivilDate, type IsoDate } from '../dates';
import { DomainError } from '../errors';

/** An instant reduced to UTC calendar date and time of day, to the second. */
export interface UtcInstant {
  date: IsoDate;
  hours: number;
  minutes: number;
  seconds: number;
}

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|([+-])(\d{2}):(\d{2}))$/;
const MINUTES_PER_DAY = 24 * 60;

/**
 * Reads an ISO-8601 instant with a zone ("2026-11-22T10:15:00Z", "…+01:00") and moves it to UTC
 * by integer arithmetic, so the result never depends on the machine's time zone. Fractions of a
 * second are dropped. Throws INVALID_DATE for anything else.
 */
export function toUtcInstant(instant: string): UtcInstant {
  const match = INSTANT.exec(instant);
  if (!match) throw new DomainError('INVALID_DATE', undefined, { value: instant });
  const [, year, month, day, hours, minutes, seconds, zone, sign, offsetHours, offsetMinutes] = match;
  if (!isValidCivilDate(Number(year), Number(month), Number(day)) || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) {
    throw new DomainError('INVALID_DATE', undefined, { value: instant });
  }
  const offset = zone === 'Z' ? 0 : (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
  if (Math.abs(offset) > 18 * 60 || Number(offsetMinutes) > 59) throw new DomainError('INVALID_DATE', undefined, { value: instant });
  const localMinutes = Number(hours) * 60 + Number(minutes) - offset;
  const dayShift = Math.floor(localMinutes / MINUTES_PER_DAY);
  const minuteOfDay = localMinutes - dayShift * MINUTES_PER_DAY;
  return {
    date: addDays(`${year}-${month}-${day}`, dayShift),
    hours: Math.floor(minuteOfDay / 60),
    minutes: minuteOfDay % 60,
    seconds: Number(seconds),
  };
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** `2026-11-22T10:15:00Z`: the instant in UTC, to the second. */
export function formatUtcInstant(instant: UtcInstant): string {
  return `${instant.date}T${pad2(instant.hours)}:${pad2(instant.minutes)}:${pad2(instant.seconds)}Z`;
}

/** `20261122T101500Z`: the basic ISO-8601 form, safe in file names. */
export function formatUtcInstantCompact(instant: UtcInstant): string {
  return `${instant.date.replaceAll('-', '')}T${pad2(instant.hours)}${pad2(instant.minutes)}${pad2(instant.seconds)}Z`;
}
