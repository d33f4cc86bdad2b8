import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Big from 'big.js';
import { DomainError } from '../errors';
import { decimalToOre, formatOre, ore, oreToDecimal, roundToOre, scaleOre, sumOre } from '.';
import { oreArb, signedOreArb } from '../../test/arbitraries';

const NBSP = '\u00a0';

describe('formatting', () => {
  it('formats sv-SE with grouped thousands, decimal comma and kr', () => {
    expect(formatOre(ore(795000))).toBe(`7${NBSP}950,00${NBSP}kr`);
    expect(formatOre(ore(-123456789))).toBe(`\u22121${NBSP}234${NBSP}567,89${NBSP}kr`);
    expect(formatOre(ore(5), { currency: false })).toBe('0,05');
    expect(formatOre(ore(30000), { currency: 'SEK' })).toBe(`300,00${NBSP}SEK`);
  });

  it('writes the JSON decimal form', () => {
    expect(oreToDecimal(ore(795000))).toBe('7950.00');
    expect(oreToDecimal(ore(-5))).toBe('-0.05');
    expect(decimalToOre('7950.00')).toBe(795000);
  });

  it('decimalToOre(oreToDecimal(x)) = x for every amount', () => {
    fc.assert(fc.property(signedOreArb, (x) => decimalToOre(oreToDecimal(x)) === x));
  });
});

describe('ore guard and rounding', () => {
  it('refuses non-integers', () => {
    expect(() => ore(1.5)).toThrow(DomainError);
  });

  it('rounds half up to whole öre', () => {
    expect(roundToOre(new Big('12.5'))).toBe(13);
    expect(roundToOre(new Big('12.4999'))).toBe(12);
    expect(roundToOre(new Big('-12.5'))).toBe(-13);
    expect(scaleOre(ore(1000000), 8, 100)).toBe(80000);
  });

  it('rounding never moves an amount by more than half an öre', () => {
    fc.assert(
      fc.property(oreArb, fc.integer({ min: 1, max: 10000 }), fc.integer({ min: 1, max: 10000 }), (amount, num, den) => {
        const exact = new Big(amount).times(num).div(den);
        return exact
          .minus(scaleOre(amount, num, den))
          .abs()
          .lte('0.5');
      }),
    );
  });

  it('sums are exact for any list of amounts', () => {
    fc.assert(
      fc.property(fc.array(oreArb, { maxLength: 50 }), (values) => {
        const expected = values.reduce((acc, v) => acc + BigInt(v), 0n);
        return BigInt(sumOre(values)) === expected;
      }),
    );
  });
});
