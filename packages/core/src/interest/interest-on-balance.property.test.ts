import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromDayNumber, toDayNumber } from '../dates';
import { ore } from '../money';
import {
  calculateInterest,
  calculateInterestOnBalance,
  FIXED_8_PROFILE,
  LEGAL_INTEREST_PROFILE,
  REFERENCE_RATES_SEED,
  type InterestProfile,
  type PrincipalReduction,
} from '.';

const FIRST_DAY = toDayNumber('2019-01-01');
const LAST_DAY = toDayNumber('2026-12-31');

const profileArb: fc.Arbitrary<InterestProfile> = fc.constantFrom(LEGAL_INTEREST_PROFILE, FIXED_8_PROFILE, {
  ...FIXED_8_PROFILE,
  code: 'FIX',
  fixed_rate_pa: '12.3456',
});

const claimArb = fc
  .tuple(fc.integer({ min: FIRST_DAY, max: LAST_DAY - 2 }), fc.integer({ min: 1, max: 900 }), fc.integer({ min: 0, max: 50_000_000 }))
  .map(([due, length, principal]) => ({
    dueDate: fromDayNumber(due),
    asOf: fromDayNumber(Math.min(LAST_DAY, due + length)),
    principalOre: ore(principal),
  }));

const reductionsArb = (from: number, to: number, maxOre: number): fc.Arbitrary<PrincipalReduction[]> =>
  fc.array(
    fc.record({
      date: fc.integer({ min: from - 30, max: to + 30 }).map(fromDayNumber),
      amountOre: fc.integer({ min: 0, max: Math.max(0, maxOre) }).map(ore),
    }),
    { maxLength: 6 },
  );

const withReductions = fc.tuple(claimArb, profileArb).chain(([claim, profile]) =>
  reductionsArb(toDayNumber(claim.dueDate), toDayNumber(claim.asOf), claim.principalOre).map((principalReductions) => ({
    ...claim,
    profile,
    principalReductions,
    referenceRates: REFERENCE_RATES_SEED,
  })),
);

describe('calculateInterestOnBalance — properties', () => {
  it('without reductions it equals calculateInterest', () => {
    fc.assert(
      fc.property(claimArb, profileArb, (claim, profile) => {
        const input = { ...claim, profile, referenceRates: REFERENCE_RATES_SEED };
        return calculateInterestOnBalance({ ...input, principalReductions: [] }).amountOre === calculateInterest(input).amountOre;
      }),
    );
  });

  it('a payment of capital never raises the interest', () => {
    fc.assert(
      fc.property(withReductions, (input) => {
        const all = calculateInterestOnBalance(input).amountOre;
        const fewer = calculateInterestOnBalance({ ...input, principalReductions: input.principalReductions.slice(1) }).amountOre;
        return all <= fewer;
      }),
    );
  });

  it('the order of the reductions does not matter', () => {
    fc.assert(
      fc.property(withReductions, (input) => {
        const reversed = calculateInterestOnBalance({ ...input, principalReductions: [...input.principalReductions].reverse() });
        expect(reversed).toEqual(calculateInterestOnBalance(input));
      }),
    );
  });

  it('the total is the sum of the periods, and no period runs on a capital above the principal or at or below zero', () => {
    fc.assert(
      fc.property(withReductions, (input) => {
        const result = calculateInterestOnBalance(input);
        const sum = result.periods.reduce((total, period) => total + period.amountOre, 0);
        return sum === result.amountOre && result.periods.every((p) => p.principalOre > 0 && p.principalOre <= input.principalOre);
      }),
    );
  });
});
