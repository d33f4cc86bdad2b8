import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exponentialBackoffMs } from './retry-backoff';

describe('exponential back-off', () => {
  it('doubles from the base up to the cap', () => {
    const settings = { baseMs: 5000, maxMs: 60_000 };
    expect([0, 1, 2, 3, 4, 5, 200].map((n) => exponentialBackoffMs(n, settings))).toEqual([5000, 5000, 10_000, 20_000, 40_000, 60_000, 60_000]);
  });

  it('property: never shorter than the previous wait, never above the cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 100 }),
        (baseMs, extra, attempts) => {
          const settings = { baseMs, maxMs: baseMs + extra };
          const wait = exponentialBackoffMs(attempts, settings);
          expect(wait).toBeLessThanOrEqual(settings.maxMs);
          expect(wait).toBeGreaterThanOrEqual(exponentialBackoffMs(attempts - 1, settings));
        },
      ),
    );
  });
});
