import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uuidV7 } from './uuid-v7';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuidV7', () => {
  it('is a version-7, variant-1 uuid carrying the time in its first 48 bits', () => {
    const id = uuidV7(Date.UTC(2026, 10, 25, 4, 0, 0));
    expect(id).toMatch(V7);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.UTC(2026, 10, 25, 4, 0, 0));
  });

  it('sorts (as text) in the order it was made, whatever the clock does: same millisecond, bursts, a clock going back', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 1, maxLength: 6000 }), (steps) => {
        let now = Date.UTC(2030, 0, 1);
        const ids = steps.map((step) => uuidV7((now += step)));
        for (let i = 1; i < ids.length; i += 1) expect(ids[i]! > ids[i - 1]!, `${ids[i - 1]} then ${ids[i]}`).toBe(true);
        ids.forEach((id) => expect(id).toMatch(V7));
      }),
      { numRuns: 30 },
    );
  });
});
