import { addDays, toDayNumber, type IsoDate } from '../dates';
import { DomainError } from '../errors';
import type { CommChannel } from './comm-constants';

/*
 * Quiet hours: SMS and e-mail reach a debtor only inside the organisation's allowed hours (god
 * inkassosed: no contact at unreasonable times). Times are Swedish wall-clock time; turning an
 * instant into one and back is the caller's (core has no clock or time zone).
 */

/** When SMS and e-mail may be delivered: ISO weekdays and a daily window, Swedish local time. */
export interface SendHours {
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  days: readonly number[];
  /** 'HH:MM', the first minute allowed. */
  start: string;
  /** 'HH:MM', the first minute no longer allowed (after `start`). */
  end: string;
}

/** Weekdays 08–20 (the default). */
export const DEFAULT_SEND_HOURS: SendHours = { days: [1, 2, 3, 4, 5], start: '08:00', end: '20:00' };

/** Channels that wait for the allowed hours; a letter or a Kivra message is read when the debtor chooses. */
export const QUIET_HOURS_CHANNELS: readonly CommChannel[] = ['email', 'sms'];

/** A Swedish wall-clock moment: the date and the minute of the day (0–1439). */
export interface LocalTime {
  date: IsoDate;
  minute: number;
}

const MINUTES_PER_DAY = 24 * 60;
const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

function minuteOf(text: string): number | null {
  const match = HH_MM.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * ISO weekday of a date: 1 = Monday … 7 = Sunday.
 * @example isoWeekday('2026-11-23') // 1
 */
export function isoWeekday(date: IsoDate): number {
  // Day 0 (1970-01-01) was a Thursday.
  return ((((toDayNumber(date) + 3) % 7) + 7) % 7) + 1;
}

/**
 * The hours as given, checked: at least one weekday among 1–7 (no repeats), start and end as
 * HH:MM with start before end. Throws VALIDATION_FAILED naming the field otherwise.
 * @example checkSendHours({ days: [1, 2, 3, 4, 5], start: '08:00', end: '20:00' })
 */
export function checkSendHours(hours: SendHours): SendHours {
  const refuse = (field: string, message: string): never => {
    throw new DomainError('VALIDATION_FAILED', message, { field });
  };
  if (hours.days.length === 0) refuse('days', 'Välj minst en veckodag');
  if (hours.days.some((day) => !Number.isInteger(day) || day < 1 || day > 7) || new Set(hours.days).size !== hours.days.length) {
    refuse('days', 'Veckodagarna ska vara 1 (måndag) till 7 (söndag), var och en en gång');
  }
  const start = minuteOf(hours.start);
  const end = minuteOf(hours.end);
  if (start === null) refuse('start', 'Starttiden ska skrivas TT:MM, t.ex. 08:00');
  if (end === null) refuse('end', 'Sluttiden ska skrivas TT:MM, t.ex. 20:00');
  if (start! >= end!) refuse('end', 'Sluttiden måste vara efter starttiden');
  return { days: [...hours.days].sort((a, b) => a - b), start: hours.start, end: hours.end };
}

/**
 * Whether a message may be delivered at this Swedish local time.
 * @example isWithinSendHours({ date: '2026-11-23', minute: 8 * 60 }, DEFAULT_SEND_HOURS) // true (Monday 08:00)
 */
export function isWithinSendHours(local: LocalTime, hours: SendHours): boolean {
  const start = minuteOf(hours.start) ?? 0;
  const end = minuteOf(hours.end) ?? 0;
  return hours.days.includes(isoWeekday(local.date)) && local.minute >= start && local.minute < end;
}

/**
 * The earliest local time at or after `local` inside the hours: `local` itself when it is
 * allowed, else the start of the next allowed day's window (today's, if it is still to come).
 * @example nextSendTime({ date: '2026-11-21', minute: 600 }, DEFAULT_SEND_HOURS) // { date: '2026-11-23', minute: 480 } (Saturday → Monday 08:00)
 */
export function nextSendTime(local: LocalTime, hours: SendHours): LocalTime {
  const checked = checkSendHours(hours);
  if (local.minute < 0 || local.minute >= MINUTES_PER_DAY || !Number.isInteger(local.minute)) {
    throw new DomainError('VALUE_OUT_OF_RANGE', undefined, { minute: local.minute });
  }
  if (isWithinSendHours(local, checked)) return local;
  const start = minuteOf(checked.start)!;
  // Today's window is still ahead, or the first allowed day of the next seven.
  if (local.minute < start && checked.days.includes(isoWeekday(local.date))) return { date: local.date, minute: start };
  for (let ahead = 1; ahead <= 7; ahead += 1) {
    const date = addDays(local.date, ahead);
    if (checked.days.includes(isoWeekday(date))) return { date, minute: start };
  }
  // checkSendHours guarantees a weekday, so a week always holds one.
  throw new DomainError('INTERNAL_ERROR', undefined, { hours: checked });
}
