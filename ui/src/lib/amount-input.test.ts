import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPositiveAmount, parseAmountInput } from './amount-input';
import { formatAmount } from './format';

describe('parseAmountInput', () => {
  it.each([
    ['7950', '7950.00'],
    ['7950.5', '7950.50'],
    ['7 950,50', '7950.50'],
    ['7\u00a0950,05', '7950.05'],
    ['0,01', '0.01'],
    ['007', '7.00'],
    [' 12 ', '12.00'],
    ['-5', '-5.00'],
  ])('%s → %s', (input, expected) => {
    expect(parseAmountInput(input)).toBe(expected);
  });

  it.each(['', 'abc', '12,345', '1.2.3', '12,', ',5', '1e3', '12 kr'])('rejects %j', (input) => {
    expect(parseAmountInput(input)).toBeNull();
  });

  it('reads back every amount the UI shows (formatAmount without currency)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (ore) => {
        const decimal = `${ore / 100n}.${String(ore % 100n).padStart(2, '0')}`;
        expect(parseAmountInput(formatAmount(decimal, { currency: false }))).toBe(decimal);
      }),
    );
  });
});

describe('isPositiveAmount', () => {
  it.each([
    ['0.01', true],
    ['7950.00', true],
    ['0.00', false],
    ['-5.00', false],
  ])('%s → %s', (decimal, expected) => {
    expect(isPositiveAmount(decimal)).toBe(expected);
  });
});
