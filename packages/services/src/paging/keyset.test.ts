import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, keysetPage } from './keyset';
import { swedishDayRange } from './instant-range';

describe('cursors', () => {
  it('decode to the position they were made from, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (at, id) => {
        expect(decodeCursor(encodeCursor({ at, id }))).toEqual({ at, id });
      }),
    );
  });

  it.each([
    ['not-base64url!'],
    [Buffer.from('{"at":"x"}').toString('base64url')],
    [Buffer.from('["x"]').toString('base64url')],
    [Buffer.from('["", "id"]').toString('base64url')],
  ])('refuses %s as VALIDATION_FAILED', (cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED', message: 'Ogiltig sidmarkör' }));
  });
});

describe('keysetPage', () => {
  it('keeps `limit` rows and points past the last of them only when a further row was read', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 10 }), (count, limit) => {
        const rows = Array.from({ length: Math.min(count, limit + 1) }, (_, i) => ({ id: `id-${i}`, at: `2026-10-${String(30 - i).padStart(2, '0')}` }));
        const page = keysetPage(rows, limit, (row) => row);
        expect(page.rows).toEqual(rows.slice(0, limit));
        expect(page.next_cursor === null ? null : decodeCursor(page.next_cursor)).toEqual(rows.length > limit ? rows[limit - 1] : null);
      }),
    );
  });
});

describe('swedishDayRange', () => {
  it('covers whole Swedish days, summer and winter time', () => {
    expect(swedishDayRange('2026-10-05', '2026-10-31')).toEqual({ from: '2026-10-04T22:00:00.000Z', before: '2026-10-31T23:00:00.000Z' });
    expect(swedishDayRange(undefined, undefined)).toEqual({});
  });
});
