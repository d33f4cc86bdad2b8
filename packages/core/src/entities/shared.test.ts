import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatOre, ore, oreToDecimal } from '../money';
import { isoDateArb, oreArb, positiveOreArb } from '../../test/arbitraries';
import {
  isoDateSchema,
  isoInstantSchema,
  nonNegativeOreSchema,
  optionalEmailSchema,
  optionalTextSchema,
  oreAmountInput,
  oreSchema,
  positiveOreAmountInput,
  ratePercentSchema,
  requiredTextSchema,
  uuidSchema,
} from './shared';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('oreAmountInput', () => {
  it.each([
    ['7950', 795000],
    ['7 950,50', 795050],
    ['7950.5', 795050],
    ['7950.00', 795000],
    [7950.5, 795050],
    [0, 0],
    ['0,01', 1],
    ['  12 kr ', 1200],
  ] as const)('reads %j as %i öre', (input, expected) => {
    expect(oreAmountInput.parse(input)).toBe(expected);
  });

  it.each([
    [undefined, 'Alla obligatoriska fält måste fyllas i'],
    [null, 'Alla obligatoriska fält måste fyllas i'],
    ['', 'Alla obligatoriska fält måste fyllas i'],
    ['   ', 'Alla obligatoriska fält måste fyllas i'],
    ['1234,567', 'Beloppet får ha högst två decimaler'],
    ['12,345', 'Otydligt belopp: skriv tusental med mellanslag och decimaler efter kommatecken, t.ex. 2 000,50'],
    [0.001, 'Beloppet får ha högst två decimaler'],
    ['-5', 'Beloppet får inte vara negativt'],
    [-0.01, 'Beloppet får inte vara negativt'],
    ['tolv', 'Ogiltigt belopp'],
    ['1e5', 'Ogiltigt belopp'],
    [Number.NaN, 'Ogiltigt belopp'],
    [Number.POSITIVE_INFINITY, 'Ogiltigt belopp'],
    [true, 'Ogiltigt belopp'],
  ])('refuses %j with %j', (input, message) => {
    expect(messages(oreAmountInput.safeParse(input))).toEqual([message]);
  });

  it('accepts every oreToDecimal(x) for x >= 0 and reads it back as x', () => {
    fc.assert(
      fc.property(oreArb, (amountOre) => {
        expect(oreAmountInput.parse(oreToDecimal(amountOre))).toBe(amountOre);
      }),
    );
  });

  it('accepts every Swedish display form formatOre(x) and reads it back as x', () => {
    fc.assert(
      fc.property(oreArb, (amountOre) => {
        expect(oreAmountInput.parse(formatOre(amountOre))).toBe(amountOre);
      }),
    );
  });

  it('accepts a number with at most two decimals as the same öre', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 99 }), (kronorPart, orePart) => {
        // The number literal a person types, e.g. 12.05; String() of it round-trips exactly.
        const typed = Number(`${kronorPart}.${String(orePart).padStart(2, '0')}`);
        expect(oreAmountInput.parse(typed)).toBe(kronorPart * 100 + orePart);
      }),
    );
  });

  it('never yields a negative amount', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double({ noNaN: true }), fc.string()), (input) => {
        const result = oreAmountInput.safeParse(input);
        if (result.success) expect(result.data).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('positiveOreAmountInput', () => {
  it.each([0, '0', '0,00', '-1', -3])('refuses %j with the spec message', (input) => {
    expect(messages(positiveOreAmountInput.safeParse(input))).toEqual(['Belopp måste vara större än 0']);
  });

  it('accepts every positive oreToDecimal(x)', () => {
    fc.assert(
      fc.property(positiveOreArb, (amountOre) => {
        expect(positiveOreAmountInput.parse(oreToDecimal(amountOre))).toBe(amountOre);
      }),
    );
  });
});

describe('row helpers', () => {
  it('oreSchema takes whole öre of any sign and nothing else', () => {
    expect(oreSchema.parse(-500)).toBe(-500);
    expect(oreSchema.safeParse(12.5).success).toBe(false);
    expect(oreSchema.safeParse('100').success).toBe(false);
    expect(nonNegativeOreSchema.safeParse(ore(-1)).success).toBe(false);
  });

  it('isoDateSchema accepts exactly the real calendar dates', () => {
    fc.assert(
      fc.property(isoDateArb, (date) => {
        expect(isoDateSchema.parse(date)).toBe(date);
      }),
    );
    expect(messages(isoDateSchema.safeParse('2023-02-29'))).toEqual(['Ogiltigt datum']);
    expect(messages(isoDateSchema.safeParse('22/11/2026'))).toEqual(['Ogiltigt datum']);
  });

  it('isoInstantSchema needs a zone', () => {
    expect(isoInstantSchema.safeParse('2026-11-22T09:30:00.000Z').success).toBe(true);
    expect(isoInstantSchema.safeParse('2026-11-22T09:30:00+01:00').success).toBe(true);
    expect(isoInstantSchema.safeParse('2026-11-22T09:30:00').success).toBe(false);
  });

  it('uuidSchema accepts hand-written fixture ids and refuses the rest', () => {
    expect(uuidSchema.safeParse('11111111-1111-1111-1111-111111111111').success).toBe(true);
    expect(messages(uuidSchema.safeParse('case-1'))).toEqual(['Ogiltigt id']);
    expect(messages(uuidSchema.safeParse(undefined))).toEqual(['Alla obligatoriska fält måste fyllas i']);
  });

  it('ratePercentSchema keeps the rate as exact decimal text', () => {
    expect(ratePercentSchema.parse(8.5)).toBe('8.5');
    expect(ratePercentSchema.parse('8,25')).toBe('8.25');
    expect(messages(ratePercentSchema.safeParse('åtta'))).toEqual(['Ogiltig räntesats']);
  });

  it('text helpers trim, and turn empty optional text into null', () => {
    expect(requiredTextSchema().parse('  Acme AB ')).toBe('Acme AB');
    expect(messages(requiredTextSchema().safeParse('  '))).toEqual(['Alla obligatoriska fält måste fyllas i']);
    expect(optionalTextSchema().parse('  ')).toBeNull();
    expect(optionalTextSchema().parse(undefined)).toBeNull();
    expect(optionalEmailSchema.parse('')).toBeNull();
    expect(messages(optionalEmailSchema.safeParse('inte-en-adress'))).toEqual(['Ogiltig e-postadress']);
  });
});
