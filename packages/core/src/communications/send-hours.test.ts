import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, type IsoDate } from '../dates';
import { DomainError } from '../errors';
import { checkSendHours, DEFAULT_SEND_HOURS, isoWeekday, isWithinSendHours, nextSendTime, type LocalTime, type SendHours } from './send-hours';

const at = (date: IsoDate, hhmm: string): LocalTime => ({ date, minute: Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)) });

function fieldOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return (error.details as { field?: string }).field;
    throw error;
  }
  return undefined;
}

describe('isoWeekday', () => {
  it.each([
    ['2026-11-23', 1],
    ['2026-11-27', 5],
    ['2026-11-28', 6],
    ['2026-11-29', 7],
    ['1970-01-01', 4],
    ['1969-12-29', 1],
  ] as const)('%s is weekday %i', (date, weekday) => {
    expect(isoWeekday(date)).toBe(weekday);
  });
});

describe('send hours (quiet hours for SMS and e-mail)', () => {
  it.each([
    ['Monday 08:00 is the first allowed minute', at('2026-11-23', '08:00'), true],
    ['Monday 07:59 is too early', at('2026-11-23', '07:59'), false],
    ['Friday 19:59 is the last allowed minute', at('2026-11-27', '19:59'), true],
    ['Friday 20:00 is too late', at('2026-11-27', '20:00'), false],
    ['Saturday noon is the weekend', at('2026-11-28', '12:00'), false],
  ] as const)('%s', (_, local, allowed) => {
    expect(isWithinSendHours(local, DEFAULT_SEND_HOURS)).toBe(allowed);
  });

  it.each([
    ['an allowed time is itself', at('2026-11-24', '10:15'), at('2026-11-24', '10:15')],
    ['early morning waits for 08:00 the same day', at('2026-11-24', '06:30'), at('2026-11-24', '08:00')],
    ['evening waits for 08:00 the next weekday', at('2026-11-24', '21:00'), at('2026-11-25', '08:00')],
    ['Friday evening waits for Monday', at('2026-11-27', '20:00'), at('2026-11-30', '08:00')],
    ['Saturday waits for Monday', at('2026-11-28', '09:00'), at('2026-11-30', '08:00')],
    ['Sunday just before midnight waits for Monday', at('2026-11-29', '23:59'), at('2026-11-30', '08:00')],
  ] as const)('next send time: %s', (_, local, expected) => {
    expect(nextSendTime(local, DEFAULT_SEND_HOURS)).toEqual(expected);
  });

  it('a Sunday-only window waits up to a week', () => {
    expect(nextSendTime(at('2026-11-29', '18:00'), { days: [7], start: '10:00', end: '12:00' })).toEqual(at('2026-12-06', '10:00'));
  });

  it.each([
    ['no weekday', { days: [], start: '08:00', end: '20:00' }, 'days'],
    ['weekday 0', { days: [0, 1], start: '08:00', end: '20:00' }, 'days'],
    ['a repeated weekday', { days: [1, 1], start: '08:00', end: '20:00' }, 'days'],
    ['a start that is no time', { days: [1], start: '8', end: '20:00' }, 'start'],
    ['an end of 24:00', { days: [1], start: '08:00', end: '24:00' }, 'end'],
    ['an end before the start', { days: [1], start: '20:00', end: '08:00' }, 'end'],
    ['an empty window', { days: [1], start: '08:00', end: '08:00' }, 'end'],
  ] as const)('refuses %s', (_, hours, field) => {
    expect(fieldOf(() => checkSendHours(hours as SendHours))).toBe(field);
  });

  it('sorts the weekdays it accepts', () => {
    expect(checkSendHours({ days: [5, 1, 3], start: '09:00', end: '17:30' }).days).toEqual([1, 3, 5]);
  });

  const hoursArb = fc
    .record({
      days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
      start: fc.integer({ min: 0, max: 24 * 60 - 2 }),
      length: fc.integer({ min: 1, max: 24 * 60 - 1 }),
    })
    .map(({ days, start, length }) => {
      const end = Math.min(start + length, 24 * 60 - 1);
      const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      return { days, start: hhmm(start), end: hhmm(end) } satisfies SendHours;
    });
  const localArb = fc.record({
    date: fc.integer({ min: 0, max: 40_000 }).map((n) => addDays('1990-01-01', n)),
    minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  });

  it('property: the next send time is allowed, not before now, within a week, and the earliest allowed minute', () => {
    fc.assert(
      fc.property(hoursArb, localArb, (hours, local) => {
        const next = nextSendTime(local, hours);
        expect(isWithinSendHours(next, hours)).toBe(true);
        const minutesAhead = daysBetween(local.date, next.date) * 24 * 60 + next.minute - local.minute;
        expect(minutesAhead).toBeGreaterThanOrEqual(0);
        expect(daysBetween(local.date, next.date)).toBeLessThanOrEqual(7);
        // No allowed minute lies between now and the answer: checking each day's window start and now itself.
        if (minutesAhead > 0) {
          expect(isWithinSendHours(local, hours)).toBe(false);
          for (let day = 0; day <= daysBetween(local.date, next.date); day += 1) {
            const date = addDays(local.date, day);
            const candidate = { date, minute: Number(hours.start.slice(0, 2)) * 60 + Number(hours.start.slice(3)) };
            const candidateAhead = day * 24 * 60 + candidate.minute - local.minute;
            if (candidateAhead > 0 && candidateAhead < minutesAhead) expect(isWithinSendHours(candidate, hours)).toBe(false);
          }
        }
      }),
    );
  });
});
