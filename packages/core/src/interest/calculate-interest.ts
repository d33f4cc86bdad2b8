import Big from 'big.js';
import { addDays, daysBetween, fromDayNumber, startOfNextHalfYear, toDayNumber, type IsoDate } from '../dates';
import { DomainError } from '../errors';
import { ore, roundToOre, sumOre, type Ore } from '../money';
import {
  assertInterestProfile,
  dailyInterestRate,
  INTEREST_DAY_COUNT_DIVISOR,
  ratePaToDecimalText,
  type InterestBase,
  type InterestProfile,
} from './interest-profile';
import type { ReferenceRate } from './reference-rates';

/** One stretch of interest days at one yearly rate (a demand letter lists these, inkassolagen 5 §). */
export interface InterestPeriod {
  /** First interest day. */
  from: IsoDate;
  /** Last interest day, inclusive. */
  to: IsoDate;
  days: number;
  /** Yearly percent as decimal text, e.g. "10.00". */
  rate_pa: string;
  /** The reference rate of the half-year (REFERENCE_RATE profiles), else null. */
  reference_rate_bp: number | null;
  /** The capital the interest of this period runs on. */
  principalOre: Ore;
  amountOre: Ore;
}

/** Interest over a range of days; amountOre is exactly the sum of the periods' amounts. */
export interface InterestResult {
  amountOre: Ore;
  days: number;
  /** First interest day. */
  from: IsoDate;
  /** Last interest day, inclusive. */
  to: IsoDate;
  base: InterestBase;
  margin_bp: number | null;
  periods: InterestPeriod[];
}

export interface InterestRangeInput {
  /** The capital interest runs on, öre, >= 0. */
  principalOre: Ore;
  /** First interest day. */
  from: IsoDate;
  /** Last interest day, inclusive (>= from). */
  to: IsoDate;
  profile: Readonly<InterestProfile>;
  /** Needed for REFERENCE_RATE profiles; a half-year without a row throws REFERENCE_RATE_MISSING. */
  referenceRates?: readonly ReferenceRate[];
}

export interface InterestInput {
  principalOre: Ore;
  /** The claim's due date; interest runs from the day after. */
  dueDate: IsoDate;
  /** The date interest is calculated up to, inclusive. */
  asOf: IsoDate;
  profile: Readonly<InterestProfile>;
  referenceRates?: readonly ReferenceRate[];
}

/** One period before rounding: principal × rate% × days / 365, exact in big.js. */
export interface ExactInterestPeriod extends Omit<InterestPeriod, 'amountOre'> {
  exact: Big;
}

/**
 * The periods of `calculateInterestForRange` with their exact (unrounded) interest, for callers
 * that combine several ranges before rounding (interest on a balance paid down over time).
 */
export function exactInterestPeriods(input: InterestRangeInput): ExactInterestPeriod[] {
  const { profile } = input;
  const principalOre = ore(input.principalOre);
  if (principalOre < 0) throw new DomainError('NEGATIVE_AMOUNT', undefined, { principalOre });
  assertInterestProfile(profile);
  const firstDay = toDayNumber(input.from);
  const lastDay = toDayNumber(input.to);
  if (lastDay < firstDay) throw new DomainError('INVALID_INTEREST_PERIOD', undefined, { from: input.from, to: input.to });
  const referenceRates = input.referenceRates ?? [];

  const periods: ExactInterestPeriod[] = [];
  let periodStart = firstDay;
  while (periodStart <= lastDay) {
    const startDate = fromDayNumber(periodStart);
    const periodEnd = profile.base === 'fixed' ? lastDay : Math.min(lastDay, toDayNumber(startOfNextHalfYear(startDate)) - 1);
    const days = periodEnd - periodStart + 1;
    const rate = dailyInterestRate(profile, startDate, referenceRates);
    periods.push({
      from: startDate,
      to: fromDayNumber(periodEnd),
      days,
      rate_pa: ratePaToDecimalText(rate.ratePa),
      reference_rate_bp: rate.reference_rate_bp,
      principalOre,
      exact: new Big(principalOre)
        .times(rate.ratePa)
        .times(days)
        .div(100 * INTEREST_DAY_COUNT_DIVISOR),
    });
    periodStart = periodEnd + 1;
  }
  return periods;
}

/**
 * Simple interest on `principalOre` for every day from `from` through `to` (both inclusive), each
 * day at the yearly rate in force that day, divided by 365. REFERENCE_RATE profiles are split at
 * 1 Jan / 1 Jul (räntelagen 6 § and 9 §: the rate changes per half-year); a fixed rate is one
 * period. Each period is rounded half up to whole öre; the total is their sum.
 * Throws INVALID_INTEREST_PERIOD when to < from, NEGATIVE_AMOUNT for a negative principal,
 * REFERENCE_RATE_MISSING for a half-year without a reference rate, INVALID_INTEREST_PROFILE.
 * @example calculateInterestForRange({ principalOre: ore(1_000_000), from: '2024-01-01', to: '2024-12-30', profile: FIXED_8_PROFILE }).amountOre // 80000
 */
export function calculateInterestForRange(input: InterestRangeInput): InterestResult {
  // Rounded half up once per period, so a demand letter's period lines add up exactly to its total.
  const periods: InterestPeriod[] = exactInterestPeriods(input).map(({ exact, ...period }) => ({ ...period, amountOre: roundToOre(exact) }));
  return {
    amountOre: sumOre(periods.map((period) => period.amountOre)),
    days: toDayNumber(input.to) - toDayNumber(input.from) + 1,
    from: input.from,
    to: input.to,
    base: input.profile.base,
    margin_bp: input.profile.base === 'REFERENCE_RATE' ? input.profile.margin_bp : null,
    periods,
  };
}

/**
 * Interest on a claim from its due date to `asOf`: the interest days are the days d with
 * dueDate < d <= asOf (räntelagen 4 §: interest runs from the due date; the due date itself is
 * still on time). Throws NOT_YET_DUE ('Ingen ränta – Fordran är inte förfallen ännu') when
 * asOf is on or before the due date (spec part 1 §5), and everything calculateInterestForRange throws.
 * @example calculateInterest({ principalOre: ore(1_000_000), dueDate: '2024-01-01', asOf: '2024-01-31', profile: FIXED_8_PROFILE }).amountOre // 6575 (30 days)
 */
export function calculateInterest(input: InterestInput): InterestResult {
  if (daysBetween(input.dueDate, input.asOf) <= 0) {
    throw new DomainError('NOT_YET_DUE', undefined, { due_date: input.dueDate, as_of: input.asOf });
  }
  return calculateInterestForRange({
    principalOre: input.principalOre,
    from: addDays(input.dueDate, 1),
    to: input.asOf,
    profile: input.profile,
    referenceRates: input.referenceRates,
  });
}
