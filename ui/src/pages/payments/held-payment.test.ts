import { describe, expect, it } from 'vitest';
import { HELD_DECISIONS } from './held-payment';

describe('HELD_DECISIONS', () => {
  it('names both decisions and what the toast says after each', () => {
    expect(HELD_DECISIONS).toEqual({
      duplicate: { action: 'Det är samma betalning', done: 'Markerad som dubblett' },
      book: { action: 'Bokför som ny betalning', done: 'Betalningen bokförd' },
    });
  });
});
