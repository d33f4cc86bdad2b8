import { describe, expect, it } from 'vitest';
import { HELD_DECISIONS, heldReasonError } from './held-payment';

describe('heldReasonError', () => {
  it.each(['', '  ', 'ok', ' a  '])('refuses %j: at least three characters besides spaces', (reason) => {
    expect(heldReasonError(reason)).toBe('Ange ett skäl (minst 3 tecken)');
  });

  it.each(['Samma', 'abc', '  Två olika inbetalningar  '])('takes %j', (reason) => {
    expect(heldReasonError(reason)).toBeNull();
  });
});

describe('HELD_DECISIONS', () => {
  it('names both decisions and what the toast says after each', () => {
    expect(HELD_DECISIONS).toEqual({
      duplicate: { action: 'Det är samma betalning', done: 'Markerad som dubblett' },
      book: { action: 'Bokför som ny betalning', done: 'Betalningen bokförd' },
    });
  });
});
