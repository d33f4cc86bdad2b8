import type { IsoDate, LocalTime } from '@fordran/core';

/** Where services read the time. Tests inject a clock they move by hand. */
export interface Clock {
  /** The current instant, ISO-8601 UTC (`2026-11-22T09:30:00.000Z`). */
  now(): string;
  /** Today's calendar date in Sweden (Europe/Stockholm), where the agency works. */
  today(): IsoDate;
}

const STOCKHOLM_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The Swedish calendar date of an instant. "Today" and "created today" follow the Swedish day, not
 * UTC: a case registered at 00:30 in Stockholm belongs to that day even though UTC still says
 * yesterday. (en-CA formats as YYYY-MM-DD.)
 */
export function swedishDateOfInstant(instant: string | Date): IsoDate {
  return STOCKHOLM_DATE.format(typeof instant === 'string' ? new Date(instant) : instant);
}

const HOUR_MS = 3_600_000;

const STOCKHOLM_TIME = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Stockholm', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The Swedish wall-clock date and minute of the day of an instant (quiet hours are Swedish time). */
export function swedishLocalTime(instant: string): LocalTime {
  const date = new Date(instant);
  const [hour, minute] = STOCKHOLM_TIME.format(date).split(':').map(Number);
  return { date: swedishDateOfInstant(date), minute: hour! * 60 + minute! };
}

/**
 * The instant of a Swedish wall-clock time. Stockholm is UTC+1 or UTC+2: of the two candidates
 * the one that reads back as the same local time is it (a time skipped when the clocks go forward
 * takes the later offset's instant, an hour later on the clock).
 */
export function instantOfSwedishLocalTime(local: LocalTime): string {
  const wall = Date.parse(`${local.date}T00:00:00.000Z`) + local.minute * 60_000;
  for (const offset of [1, 2]) {
    const candidate = new Date(wall - offset * HOUR_MS).toISOString();
    const back = swedishLocalTime(candidate);
    if (back.date === local.date && back.minute === local.minute) return candidate;
  }
  return new Date(wall - HOUR_MS).toISOString();
}

/** [start, end) of a Swedish calendar day as ISO instants (handles CET/CEST). */
export function swedishDayBounds(date: IsoDate): { start: string; end: string } {
  const startOf = (day: IsoDate): string => {
    const utcMidnight = Date.parse(`${day}T00:00:00.000Z`);
    // Stockholm is UTC+1 or UTC+2: its midnight is 1–2 hours before UTC midnight.
    for (const offset of [2, 1, 0]) {
      const candidate = utcMidnight - offset * HOUR_MS;
      if (swedishDateOfInstant(new Date(candidate)) === day && swedishDateOfInstant(new Date(candidate - 1)) !== day) {
        return new Date(candidate).toISOString();
      }
    }
    return new Date(utcMidnight).toISOString();
  };
  const next = new Date(Date.parse(`${date}T00:00:00.000Z`) + 24 * HOUR_MS).toISOString().slice(0, 10);
  return { start: startOf(date), end: startOf(next) };
}

/** The real clock. */
export function createSystemClock(): Clock {
  return {
    now: () => new Date().toISOString(),
    today: () => swedishDateOfInstant(new Date()),
  };
}

/** A clock that stands still until moved (tests, scripted CLI runs). */
export interface ManualClock extends Clock {
  set(instant: string): void;
  advanceSeconds(seconds: number): void;
}

export function createManualClock(start: string): ManualClock {
  let currentMs = Date.parse(start);
  if (Number.isNaN(currentMs)) throw new Error(`createManualClock: not an instant: ${start}`);
  return {
    now: () => new Date(currentMs).toISOString(),
    today: () => swedishDateOfInstant(new Date(currentMs)),
    set(instant) {
      const ms = Date.parse(instant);
      if (Number.isNaN(ms)) throw new Error(`ManualClock.set: not an instant: ${instant}`);
      currentMs = ms;
    },
    advanceSeconds(seconds) {
      currentMs += seconds * 1000;
    },
  };
}

/** Milliseconds since the epoch of the clock's now. */
export function nowMs(clock: Clock): number {
  return Date.parse(clock.now());
}

/** The instant `seconds` after the clock's now, ISO-8601 UTC. */
export function instantAfter(clock: Clock, seconds: number): string {
  return new Date(nowMs(clock) + seconds * 1000).toISOString();
}
