import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, addMonths, daysBetween, fromDayNumber, isIsoDate, parseIsoDate, startOfHalfYear, startOfNextHalfYear, toDayNumber } from '.';
import { isoDateArb } from '../../test/arbitraries';

describe('iso dates', () => {
  it('knows real dates from impossible ones', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('2024-1-01')).toBe(false);
    expect(() => parseIsoDate('2023-02-29')).toThrow('Ogiltigt datum');
  });

  it('counts days', () => {
    expect(toDayNumber('1970-01-01')).toBe(0);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2026-11-22', '2026-11-01')).toBe(-21);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('adds months clamped to month end', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2024-01-31', 2)).toBe('2024-03-31');
    expect(addMonths('2024-11-15', 3)).toBe('2025-02-15');
  });

  it('finds half-year boundaries', () => {
    expect(startOfHalfYear('2024-06-30')).toBe('2024-01-01');
    expect(startOfHalfYear('2024-07-01')).toBe('2024-07-01');
    expect(startOfNextHalfYear('2024-07-01')).toBe('2025-01-01');
    expect(startOfNextHalfYear('2024-03-10')).toBe('2024-07-01');
  });

  it('day numbers round-trip for every date', () => {
    fc.assert(fc.property(isoDateArb, (date) => fromDayNumber(toDayNumber(date)) === date));
  });

  it('adding days then counting them gives the same number', () => {
    fc.assert(fc.property(isoDateArb, fc.integer({ min: -5000, max: 5000 }), (date, days) => daysBetween(date, addDays(date, days)) === days));
  });

  it('addMonths always lands on a valid date in the right month', () => {
    fc.assert(
      fc.property(isoDateArb, fc.integer({ min: 0, max: 48 }), (date, months) => {
        const result = addMonths(date, months);
        const a = parseIsoDate(date);
        const b = parseIsoDate(result);
        return isIsoDate(result) && b.year * 12 + b.month - (a.year * 12 + a.month) === months && b.day <= a.day;
      }),
    );
  });
});
