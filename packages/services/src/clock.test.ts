import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, fromDayNumber, toDayNumber } from '@fordran/core';
import { createManualClock, swedishDateOfInstant } from './clock';
import { instantOfSwedishLocalTime, swedishDayBounds, swedishLocalTime } from './clock';

describe('Swedish calendar day', () => {
  it.each([
    ['2026-11-21T22:59:59.999Z', '2026-11-21'], // 23:59:59 CET
    ['2026-11-21T23:00:00.000Z', '2026-11-22'], // 00:00 CET
    ['2026-06-30T21:59:59.999Z', '2026-06-30'], // 23:59:59 CEST
    ['2026-06-30T22:00:00.000Z', '2026-07-01'], // 00:00 CEST
  ])('%s is %s in Stockholm', (instant, date) => {
    expect(swedishDateOfInstant(instant)).toBe(date);
  });

  it.each([
    ['2026-11-22', '2026-11-21T23:00:00.000Z', '2026-11-22T23:00:00.000Z'],
    ['2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z'], // 23-hour day (CEST starts)
    ['2026-10-25', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z'], // 25-hour day (CEST ends)
  ])('%s runs from %s to %s', (date, start, end) => {
    expect(swedishDayBounds(date)).toEqual({ start, end });
  });

  const dateArb = fc.integer({ min: toDayNumber('2000-01-01'), max: toDayNumber('2099-12-31') }).map(fromDayNumber);

  it('a day ends where the next one starts', () => {
    fc.assert(fc.property(dateArb, (date) => swedishDayBounds(date).end === swedishDayBounds(addDays(date, 1)).start));
  });

  it('every instant of a day belongs to that day, and the instants around it do not', () => {
    fc.assert(
      fc.property(dateArb, fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), (date, fraction) => {
        const { start, end } = swedishDayBounds(date);
        const startMs = Date.parse(start);
        const endMs = Date.parse(end);
        const inside = new Date(startMs + Math.floor((endMs - startMs) * fraction));
        return swedishDateOfInstant(inside) === date && swedishDateOfInstant(new Date(startMs - 1)) !== date && swedishDateOfInstant(new Date(endMs)) !== date;
      }),
    );
  });

  it('the manual clock moves only when told', () => {
    const clock = createManualClock('2026-11-22T09:00:00.000Z');
    expect(clock.now()).toBe('2026-11-22T09:00:00.000Z');
    expect(clock.today()).toBe('2026-11-22');
    clock.advanceSeconds(14 * 3600);
    expect(clock.now()).toBe('2026-11-22T23:00:00.000Z');
    expect(clock.today()).toBe('2026-11-23');
    expect(() => clock.set('igår')).toThrow();
  });
});

describe('Swedish wall-clock time', () => {
  it.each([
    ['winter: UTC+1', '2026-11-23T07:00:00.000Z', { date: '2026-11-23', minute: 8 * 60 }],
    ['summer: UTC+2', '2026-06-15T06:00:00.000Z', { date: '2026-06-15', minute: 8 * 60 }],
    ['late evening UTC is the next Swedish day', '2026-11-23T23:30:00.000Z', { date: '2026-11-24', minute: 30 }],
  ] as const)('%s', (_, instant, local) => {
    expect(swedishLocalTime(instant)).toEqual(local);
    expect(instantOfSwedishLocalTime(local)).toBe(instant);
  });

  it('a time skipped when the clocks go forward is taken an hour later', () => {
    // 2026-03-29 02:30 does not exist in Stockholm: 02:00 became 03:00.
    expect(swedishLocalTime(instantOfSwedishLocalTime({ date: '2026-03-29', minute: 150 }))).toEqual({ date: '2026-03-29', minute: 210 });
  });

  it('every minute of a day round-trips (the day the clocks go back too)', () => {
    for (const date of ['2026-10-25', '2026-11-23']) {
      for (let minute = 0; minute < 24 * 60; minute += 7) {
        expect(swedishLocalTime(instantOfSwedishLocalTime({ date, minute }))).toEqual({ date, minute });
      }
    }
  });
});
