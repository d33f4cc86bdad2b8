import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { formatOre, MAX_ABS_ORE, ore, parseAmount, readAmount, type Ore } from '.';
import { oreArb, signedOreArb } from '../../test/arbitraries';

const NBSP = '\u00a0';
const NNBSP = '\u202f';
const SPACES = [' ', NBSP, NNBSP] as const;

/** The refusal code of a text, or the öre it reads as. */
function outcome(input: string | number, options = {}): string | number {
  const reading = readAmount(input, options);
  return reading.ok ? reading.ore : reading.code;
}

/** Öre as plain kronor text: 200050 → { whole: '2000', fraction: '50' }. */
function partsOf(amountOre: Ore): { whole: string; fraction: string } {
  return { whole: String(Math.floor(amountOre / 100)), fraction: String(amountOre % 100).padStart(2, '0') };
}

describe('readAmount accepts what Swedes type', () => {
  it.each([
    ['2000', 200000],
    ['2000,5', 200050],
    ['2000,50', 200050],
    ['2 000,50', 200050],
    [`2${NBSP}000,50`, 200050],
    [`2${NNBSP}000,50`, 200050],
    ['2000.50', 200050],
    ['2 000.50', 200050],
    ['1 000 000,5', 100000050],
    [`7${NBSP}950,00${NBSP}kr`, 795000],
    ['295 kr', 29500],
    ['295kr', 29500],
    ['100 SEK', 10000],
    ['100:-', 10000],
    ['  12 ', 1200],
    ['0,01', 1],
    ['007', 700],
    ['0', 0],
    ['1,23', 123],
    ['12345,67', 1234567],
  ])('%j → %i öre', (input, expected) => {
    expect(outcome(input)).toBe(expected);
  });

  it.each([
    [7950, 795000],
    [7950.5, 795050],
    [0.1, 10],
    [12.34, 1234],
    [1.5, 150],
  ])('reads the JSON number %d as %i öre (a number has no thousands separator)', (input, expected) => {
    expect(outcome(input)).toBe(expected);
  });
});

describe('readAmount refuses, with a reason, what it cannot read for sure', () => {
  it.each([
    ['', 'AMOUNT_MISSING'],
    ['   ', 'AMOUNT_MISSING'],
    // A separator and three digits after one to three digits: 1 234 kr or 1,234 kr?
    ['1.234', 'AMBIGUOUS_AMOUNT'],
    ['1,234', 'AMBIGUOUS_AMOUNT'],
    ['12,500', 'AMBIGUOUS_AMOUNT'],
    ['999.000 kr', 'AMBIGUOUS_AMOUNT'],
    // Several separators: which one is the decimal one?
    ['1.234,56', 'AMBIGUOUS_AMOUNT'],
    ['1,234.56', 'AMBIGUOUS_AMOUNT'],
    ['1.234.567', 'AMBIGUOUS_AMOUNT'],
    ['1,2,3', 'AMBIGUOUS_AMOUNT'],
    // Spaces that do not separate thousands: 123, or 1 and 23?
    ['1 23', 'AMBIGUOUS_AMOUNT'],
    ['20 00', 'AMBIGUOUS_AMOUNT'],
    ['2  000', 'AMBIGUOUS_AMOUNT'],
    ['1000 000', 'AMBIGUOUS_AMOUNT'],
    ['7950,505', 'TOO_MANY_DECIMALS'],
    ['0,001', 'TOO_MANY_DECIMALS'],
    ['2 000,500', 'TOO_MANY_DECIMALS'],
    ['1,2345', 'TOO_MANY_DECIMALS'],
    ['abc', 'INVALID_AMOUNT'],
    ['12a', 'INVALID_AMOUNT'],
    ['-', 'INVALID_AMOUNT'],
    ['kr', 'INVALID_AMOUNT'],
    ['1e5', 'INVALID_AMOUNT'],
    ['+5', 'INVALID_AMOUNT'],
    ['12,', 'INVALID_AMOUNT'],
    [',5', 'INVALID_AMOUNT'],
    ['1,5 0', 'INVALID_AMOUNT'],
    ['NaN', 'INVALID_AMOUNT'],
    ['-5', 'NEGATIVE_AMOUNT'],
    ['\u22125', 'NEGATIVE_AMOUNT'],
    ['100000000000000', 'AMOUNT_OUT_OF_RANGE'],
    ['99999999999999999999', 'AMOUNT_OUT_OF_RANGE'],
  ])('%j → %s', (input, code) => {
    expect(outcome(input)).toBe(code);
  });

  it.each([
    [Number.NaN, 'INVALID_AMOUNT'],
    [Infinity, 'INVALID_AMOUNT'],
    [0.001, 'TOO_MANY_DECIMALS'],
    [1e-7, 'TOO_MANY_DECIMALS'],
    [1e21, 'AMOUNT_OUT_OF_RANGE'],
  ])('refuses the number %d with %s', (input, code) => {
    expect(outcome(input)).toBe(code);
  });

  it('gives each refusal its Swedish message', () => {
    expect(readAmount('1.234')).toEqual({
      ok: false,
      code: 'AMBIGUOUS_AMOUNT',
      message: 'Otydligt belopp: skriv tusental med mellanslag och decimaler efter kommatecken, t.ex. 2 000,50',
    });
    expect(readAmount('7950,505')).toMatchObject({ message: 'Beloppet får ha högst två decimaler' });
    expect(readAmount('')).toMatchObject({ message: 'Ange ett belopp' });
  });

  it('accepts negatives only when asked, and zero only when not asked for a positive amount', () => {
    expect(outcome('-12,50', { allowNegative: true })).toBe(-1250);
    expect(outcome('\u221212,50', { allowNegative: true })).toBe(-1250);
    expect(outcome('-0', { allowNegative: true })).toBe(0);
    expect(outcome('0,00', { positive: true })).toBe('AMOUNT_NOT_POSITIVE');
    expect(outcome('-5', { positive: true })).toBe('AMOUNT_NOT_POSITIVE');
    expect(outcome('-5', { positive: true, allowNegative: true })).toBe('AMOUNT_NOT_POSITIVE');
    expect(outcome('0,01', { positive: true })).toBe(1);
  });

  it('parseAmount throws the refusal as a DomainError with its code', () => {
    expect(parseAmount('2 000,50')).toBe(200050);
    expect(() => parseAmount('1.234')).toThrow(DomainError);
    expect(() => parseAmount('1.234')).toThrow(expect.objectContaining({ code: 'AMBIGUOUS_AMOUNT' }));
  });
});

describe('readAmount properties', () => {
  it('format → parse is the identity to the öre, for every amount the app can show', () => {
    fc.assert(
      fc.property(signedOreArb, fc.constantFrom('kr' as const, 'SEK' as const, false as const), (amountOre, currency) => {
        expect(readAmount(formatOre(amountOre, { currency }), { allowNegative: true })).toEqual({ ok: true, ore: amountOre });
      }),
    );
  });

  it('reads the plain forms 1234.56, 1234,56 (and 1234,5 / 1234 when the öre allow) as the same amount', () => {
    fc.assert(
      fc.property(oreArb, fc.constantFrom('.', ','), (amountOre, separator) => {
        const { whole, fraction } = partsOf(amountOre);
        const forms = [`${whole}${separator}${fraction}`];
        if (fraction.endsWith('0')) forms.push(`${whole}${separator}${fraction[0]}`);
        if (fraction === '00') forms.push(whole);
        for (const form of forms) expect(outcome(form)).toBe(amountOre);
      }),
    );
  });

  it('reads thousands grouped by any of space, no-break space and narrow no-break space', () => {
    fc.assert(
      fc.property(oreArb, fc.infiniteStream(fc.constantFrom(...SPACES)), (amountOre, spaces) => {
        const { whole, fraction } = partsOf(amountOre);
        const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, () => spaces.next().value);
        expect(outcome(`${grouped},${fraction}`)).toBe(amountOre);
      }),
    );
  });

  it('never returns a float, and what it accepts is exactly the decimal number written (no reinterpretation)', () => {
    const typed = fc.string({ unit: fc.constantFrom('0', '1', '2', '5', '9', ',', '.', ' ', NBSP, NNBSP, '-', 'k', 'r', 'e'), maxLength: 14 });
    fc.assert(
      fc.property(typed, (text) => {
        const reading = readAmount(text, { allowNegative: true });
        if (!reading.ok) return;
        expect(Number.isSafeInteger(reading.ore)).toBe(true);
        expect(Math.abs(reading.ore)).toBeLessThanOrEqual(MAX_ABS_ORE);
        // The text with its group spaces and currency dropped and its one separator read as a decimal mark.
        const written = text
          .trim()
          .replace(/\s*(kr|sek|:-)$/i, '')
          .replace(/[\s\u00a0\u202f]/g, '')
          .replace(',', '.');
        expect(new Big(reading.ore).div(100).eq(new Big(written))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses every one-to-three digits, separator, three digits form as ambiguous', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 999 }), fc.constantFrom('.', ','), (thousands, rest, separator) => {
        expect(outcome(`${thousands}${separator}${String(rest).padStart(3, '0')}`)).toBe('AMBIGUOUS_AMOUNT');
      }),
    );
  });

  it('refuses any text with both a comma and a dot', () => {
    fc.assert(
      fc.property(fc.nat(99999), fc.nat(999), fc.nat(99), fc.boolean(), (a, b, c, dotFirst) => {
        const [first, second] = dotFirst ? ['.', ','] : [',', '.'];
        expect(readAmount(`${a}${first}${b}${second}${c}`).ok).toBe(false);
      }),
    );
  });

  it('reads back every amount it accepts, formatted: parse → format → parse is stable', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{0,8}(?:[.,]\d{1,2})?$/), (text) => {
        const first = readAmount(text);
        expect(first.ok).toBe(true);
        if (first.ok) expect(readAmount(formatOre(ore(first.ore)))).toEqual(first);
      }),
    );
  });
});
