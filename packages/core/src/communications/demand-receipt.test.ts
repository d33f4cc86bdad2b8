import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, addWeekdays, daysBetween, isWeekday, type IsoDate } from '../dates';
import { demandReachedOn, LETTER_PRESUMED_TRANSIT_WEEKDAYS } from './demand-receipt';

const day = fc.integer({ min: 0, max: 20_000 }).map((offset) => addDays('2000-01-01', offset));

describe('weekdays', () => {
  it('knows the week: 2026-11-21/22 is a weekend, 2026-11-23 a Monday', () => {
    expect(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23'].map((date) => isWeekday(date as IsoDate))).toEqual([true, false, false, true]);
  });

  it('adds weekdays over a weekend', () => {
    expect(addWeekdays('2026-11-20', 1)).toBe('2026-11-23');
    expect(addWeekdays('2026-11-21', 1)).toBe('2026-11-23');
    expect(addWeekdays('2026-11-23', 3)).toBe('2026-11-26');
    expect(addWeekdays('2026-11-23', 0)).toBe('2026-11-23');
  });

  it('lands on a weekday, never before the calendar days and never more than two days per weekend later', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 30 }), (date, count) => {
        const result = addWeekdays(date, count);
        expect(isWeekday(result)).toBe(true);
        const span = daysBetween(date, result);
        expect(span).toBeGreaterThanOrEqual(count);
        expect(span).toBeLessThanOrEqual(count + 2 * (Math.floor(count / 5) + 1));
      }),
    );
  });
});

describe('demandReachedOn', () => {
  it('takes a delivery report as it is, and the send day when the report has no day of its own', () => {
    expect(demandReachedOn({ channel: 'kivra', status: 'delivered', sentOn: '2026-11-02', deliveredOn: '2026-11-03' })).toBe('2026-11-03');
    expect(demandReachedOn({ channel: 'email', status: 'opened', sentOn: '2026-11-02', deliveredOn: null })).toBe('2026-11-02');
  });

  it('presumes a posted letter arrives three weekdays after posting', () => {
    expect(LETTER_PRESUMED_TRANSIT_WEEKDAYS).toBe(3);
    expect(demandReachedOn({ channel: 'letter', status: 'sent', sentOn: '2026-11-20', deliveredOn: null })).toBe('2026-11-25');
  });

  it('finds no receipt for a message that failed, waits, or was sent by a channel that reports delivery itself', () => {
    for (const status of ['failed', 'bounced', 'cancelled', 'queued', 'pending', 'throttled']) {
      expect(demandReachedOn({ channel: 'letter', status, sentOn: '2026-11-20', deliveredOn: null })).toBeNull();
    }
    expect(demandReachedOn({ channel: 'email', status: 'sent', sentOn: '2026-11-20', deliveredOn: null })).toBeNull();
    expect(demandReachedOn({ channel: 'letter', status: 'sent', sentOn: null, deliveredOn: null })).toBeNull();
  });

  it('never dates a receipt before the message was sent', () => {
    fc.assert(
      fc.property(
        day,
        fc.constantFrom('letter', 'email', 'sms', 'kivra') as fc.Arbitrary<'letter' | 'email' | 'sms' | 'kivra'>,
        fc.constantFrom('sent', 'delivered', 'opened'),
        (sentOn, channel, status) => {
          const reached = demandReachedOn({ channel, status, sentOn, deliveredOn: null });
          if (reached !== null) expect(daysBetween(sentOn, reached)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
