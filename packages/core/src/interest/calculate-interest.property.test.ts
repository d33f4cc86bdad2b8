import { describe, it } from 'vitest';
import fc from 'fast-check';
import Big from 'big.js';
import { addDays, daysBetween, fromDayNumber, startOfHalfYear, toDayNumber, type IsoDate } from '../dates';
import { ore, type Ore } from '../money';
import { oreArb } from '../../test/arbitraries';
import {
  calculateInterest,
  calculateInterestForRange,
  FIXED_8_PROFILE,
  INTEREST_DAY_COUNT_DIVISOR,
  LEGAL_INTEREST_PROFILE,
  REFERENCE_RATES_SEED,
  type InterestProfile,
  type InterestResult,
} from '.';

const FIRST_DAY = toDayNumber('2019-01-01');
const LAST_DAY = toDayNumber('2026-12-31');

/** Profiles of both bases, with margins and fixed rates of up to 4 decimals. */
const profileArb: fc.Arbitrary<InterestProfile> = fc.oneof(
  fc.integer({ min: -200, max: 4000 }).map((margin_bp) => ({ ...LEGAL_INTEREST_PROFILE, code: 'REF', margin_bp })),
  fc
    .tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 9999 }))
    .map(([whole, fraction]) => ({ ...FIXED_8_PROFILE, code: 'FIX', fixed_rate_pa: `${whole}.${String(fraction).padStart(4, '0')}` })),
  fc.constant(LEGAL_INTEREST_PROFILE),
  fc.constant(FIXED_8_PROFILE),
);

/** An inclusive range of interest days inside the seeded reference-rate table. */
const rangeArb: fc.Arbitrary<{ from: IsoDate; to: IsoDate }> = fc
  .tuple(fc.integer({ min: FIRST_DAY, max: LAST_DAY }), fc.integer({ min: 0, max: 1500 }))
  .map(([start, length]) => ({ from: fromDayNumber(start), to: fromDayNumber(Math.min(LAST_DAY, start + length)) }));

/** Principals up to 1 million kr (the interest maths is linear, larger adds nothing). */
const principalArb: fc.Arbitrary<Ore> = fc.integer({ min: 0, max: 100_000_000 }).map(ore);

function range(principalOre: Ore, from: IsoDate, to: IsoDate, profile: InterestProfile): InterestResult {
  return calculateInterestForRange({ principalOre, from, to, profile, referenceRates: REFERENCE_RATES_SEED });
}

describe('interest properties', () => {
  it('interest never decreases when the as-of date moves later', () => {
    fc.assert(
      fc.property(principalArb, rangeArb, fc.integer({ min: 0, max: 400 }), profileArb, (principalOre, { from, to }, extra, profile) => {
        const later = fromDayNumber(Math.min(LAST_DAY, toDayNumber(to) + extra));
        return range(principalOre, from, to, profile).amountOre <= range(principalOre, from, later, profile).amountOre;
      }),
    );
  });

  it('interest never decreases when the principal grows', () => {
    fc.assert(
      fc.property(principalArb, principalArb, rangeArb, profileArb, (a, b, { from, to }, profile) => {
        const [small, large] = a <= b ? [a, b] : [b, a];
        return range(small, from, to, profile).amountOre <= range(large, from, to, profile).amountOre;
      }),
    );
  });

  it('splitting a range at any day changes the total by at most one öre', () => {
    fc.assert(
      fc.property(
        principalArb,
        rangeArb.filter(({ from, to }) => from < to),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        profileArb,
        (principalOre, { from, to }, where, profile) => {
          const lastOfFirstPart = addDays(from, Math.floor(where * daysBetween(from, to)));
          const whole = range(principalOre, from, to, profile);
          const first = range(principalOre, from, lastOfFirstPart, profile);
          const second = range(principalOre, addDays(lastOfFirstPart, 1), to, profile);
          // Each period rounds by at most half an öre; only the period that was cut differs.
          return Math.abs(first.amountOre + second.amountOre - whole.amountOre) <= 1;
        },
      ),
    );
  });

  it('zero principal earns zero interest', () => {
    fc.assert(fc.property(rangeArb, profileArb, ({ from, to }, profile) => range(ore(0), from, to, profile).amountOre === 0));
  });

  it('the total is the sum of the periods', () => {
    fc.assert(
      fc.property(principalArb, rangeArb, profileArb, (principalOre, { from, to }, profile) => {
        const result = range(principalOre, from, to, profile);
        return result.amountOre === result.periods.reduce((sum, period) => sum + period.amountOre, 0);
      }),
    );
  });

  it('the periods cover every interest day exactly once, in order', () => {
    fc.assert(
      fc.property(principalArb, rangeArb, profileArb, (principalOre, { from, to }, profile) => {
        const result = range(principalOre, from, to, profile);
        const contiguous = result.periods.every((period, i) => (i === 0 ? period.from === from : period.from === addDays(result.periods[i - 1]!.to, 1)));
        const daysMatch = result.periods.every((period) => daysBetween(period.from, period.to) + 1 === period.days);
        const totalDays = result.periods.reduce((sum, period) => sum + period.days, 0);
        return contiguous && daysMatch && result.periods.at(-1)!.to === to && totalDays === result.days && result.days === daysBetween(from, to) + 1;
      }),
    );
  });

  it('a reference-rate period never crosses 1 January or 1 July', () => {
    fc.assert(
      fc.property(principalArb, rangeArb, (principalOre, { from, to }) =>
        range(principalOre, from, to, LEGAL_INTEREST_PROFILE).periods.every((period) => startOfHalfYear(period.from) === startOfHalfYear(period.to)),
      ),
    );
  });

  it('each period is the exact principal × rate × days / 365 within half an öre', () => {
    fc.assert(
      fc.property(oreArb, rangeArb, profileArb, (principalOre, { from, to }, profile) =>
        range(principalOre, from, to, profile).periods.every((period) => {
          const exact = new Big(principalOre)
            .times(period.rate_pa)
            .times(period.days)
            .div(100 * INTEREST_DAY_COUNT_DIVISOR);
          return exact.minus(period.amountOre).abs().lte('0.5');
        }),
      ),
    );
  });

  it('interest from a due date is the range from the day after the due date', () => {
    fc.assert(
      fc.property(principalArb, rangeArb, profileArb, (principalOre, { from, to }, profile) => {
        const dueDate = addDays(from, -1);
        const fromDue = calculateInterest({ principalOre, dueDate, asOf: to, profile, referenceRates: REFERENCE_RATES_SEED });
        return fromDue.amountOre === range(principalOre, from, to, profile).amountOre && fromDue.days === daysBetween(dueDate, to);
      }),
    );
  });
});
