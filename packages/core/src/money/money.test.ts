import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Big from 'big.js';
import { DomainError } from '../errors';
import { decimalToOre, formatOre, ore, oreToDecimal, parseAmount, roundToOre, scaleOre, sumOre } from '.';
import { oreArb, signedOreArb } from '../../test/arbitraries';

const NBSP = '\u00a0';

describe('parseAmount', () => {
  it.each([
    ['7950', 795000],
    ['7 950,50', 795050],
    ['7950.5', 795050],
    ['7\u00a0950,00\u00a0kr', 795000],
    ['0,01', 1],
    ['  12 ', 1200],
    ['1 000 000', 100000000],
    ['295 kr', 29500],
  ])('parses %j as %i öre', (input, expected) => {
    expect(parseAmount(input)).toBe(expected);
  });

  it.each([
    [7950, 795000],
    [7950.5, 795050],
    [0.1, 10],
    [12.34, 1234],
  ])('parses the number %d as %i öre', (input, expected) => {
    expect(parseAmount(input)).toBe(expected);
  });

  it.each([
    ['7950,505', 'TOO_MANY_DECIMALS'],
    ['abc', 'INVALID_AMOUNT'],
    ['', 'INVALID_AMOUNT'],
    ['1e5', 'INVALID_AMOUNT'],
    ['12,', 'INVALID_AMOUNT'],
    ['-5', 'NEGATIVE_AMOUNT'],
    [Number.NaN, 'INVALID_AMOUNT'],
    [Infinity, 'INVALID_AMOUNT'],
    [0.001, 'TOO_MANY_DECIMALS'],
  ])('rejects %j with %s', (input, code) => {
    expect(() => parseAmount(input)).toThrow(DomainError);
    try {
      parseAmount(input);
    } catch (error) {
      expect((error as DomainError).code).toBe(code);
    }
  });

  it('accepts negatives only when asked', () => {
    expect(parseAmount('-12,50', { allowNegative: true })).toBe(-1250);
    expect(parseAmount('\u221212,50', { allowNegative: true })).toBe(-1250);
  });
});

describe('formatting', () => {
  it('formats sv-SE with grouped thousands, decimal comma and kr', () => {
    expect(formatOre(ore(795000))).toBe(`7${NBSP}950,00${NBSP}kr`);
    expect(formatOre(ore(-123456789))).toBe(`-1${NBSP}234${NBSP}567,89${NBSP}kr`);
    expect(formatOre(ore(5), { currency: false })).toBe('0,05');
    expect(formatOre(ore(30000), { currency: 'SEK' })).toBe(`300,00${NBSP}SEK`);
  });

  it('writes the JSON decimal form', () => {
    expect(oreToDecimal(ore(795000))).toBe('7950.00');
    expect(oreToDecimal(ore(-5))).toBe('-0.05');
    expect(decimalToOre('7950.00')).toBe(795000);
  });

  it('parse(format(x)) = x for every amount', () => {
    fc.assert(fc.property(signedOreArb, (x) => parseAmount(formatOre(x), { allowNegative: true }) === x));
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
