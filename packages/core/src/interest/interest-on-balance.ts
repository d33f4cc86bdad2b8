import { addDays, compareIsoDates, daysBetween, fromDayNumber, toDayNumber, type IsoDate } from '../dates';
import { DomainError } from '../errors';
import { ore, subOre, sumOre, type Ore } from '../money';
import { calculateInterestForRange, type InterestInput, type InterestPeriod, type InterestResult } from './calculate-interest';
import { assertInterestProfile } from './interest-profile';

/** Capital paid on `date`: interest on it runs through that day and stops after it. */
export interface PrincipalReduction {
  date: IsoDate;
  amountOre: Ore;
}

export interface InterestOnBalanceInput extends InterestInput {
  /** Payments of capital (the principal part of each allocation), in any order. */
  principalReductions: readonly PrincipalReduction[];
}

/**
 * Interest on a claim whose capital is paid down over time: for every day d with
 * dueDate < d <= asOf, the yearly rate of that day on the capital still unpaid at the start of
 * d (räntelagen 3–6 §: interest runs on what is owed, and a payment stops the interest on the
 * part it pays from the next day). The days are split where the capital changes and where the
 * reference rate changes; each piece is rounded half up to whole öre and the total is their sum.
 * With no reductions this equals `calculateInterest`. Capital paid beyond the principal leaves
 * a balance of zero, never a negative one.
 * Throws NOT_YET_DUE when asOf is on or before the due date, NEGATIVE_AMOUNT for a negative
 * principal or reduction, and everything calculateInterestForRange throws.
 * @example calculateInterestOnBalance({ principalOre: ore(1_000_000), dueDate: '2024-01-01', asOf: '2024-01-31',
 *   profile: FIXED_8_PROFILE, principalReductions: [{ date: '2024-01-16', amountOre: ore(500_000) }] }).amountOre // 4932
 */
export function calculateInterestOnBalance(input: InterestOnBalanceInput): InterestResult {
  if (daysBetween(input.dueDate, input.asOf) <= 0) {
    throw new DomainError('NOT_YET_DUE', undefined, { due_date: input.dueDate, as_of: input.asOf });
  }
  assertInterestProfile(input.profile);
  const principalOre = ore(input.principalOre);
  if (principalOre < 0) throw new DomainError('NEGATIVE_AMOUNT', undefined, { principalOre });
  for (const reduction of input.principalReductions) {
    if (ore(reduction.amountOre) < 0) throw new DomainError('NEGATIVE_AMOUNT', undefined, { reduction });
    toDayNumber(reduction.date);
  }

  const from = addDays(input.dueDate, 1);
  const firstDay = toDayNumber(from);
  const lastDay = toDayNumber(input.asOf);
  // The balance on each interest day: reductions dated before the first interest day lower the
  // starting capital; a later one lowers it from the day after its date.
  const sorted = [...input.principalReductions].sort((a, b) => compareIsoDates(a.date, b.date));
  let balanceOre = principalOre;
  const changes = new Map<number, Ore>();
  for (const reduction of sorted) {
    const effectiveDay = Math.max(firstDay, toDayNumber(reduction.date) + 1);
    if (effectiveDay > lastDay) break;
    changes.set(effectiveDay, sumOre([changes.get(effectiveDay) ?? ore(0), reduction.amountOre]));
  }

  const periods: InterestPeriod[] = [];
  let segmentStart = firstDay;
  const boundaries = [...changes.keys(), lastDay + 1];
  for (const boundary of boundaries) {
    if (boundary > segmentStart && balanceOre > 0) {
      const piece = calculateInterestForRange({
        principalOre: balanceOre,
        from: fromDayNumber(segmentStart),
        to: fromDayNumber(boundary - 1),
        profile: input.profile,
        referenceRates: input.referenceRates,
      });
      periods.push(...piece.periods);
    }
    segmentStart = Math.max(segmentStart, boundary);
    const reducedOre = changes.get(boundary);
    if (reducedOre !== undefined) balanceOre = ore(Math.max(0, subOre(balanceOre, reducedOre)));
  }

  return {
    amountOre: sumOre(periods.map((period) => period.amountOre)),
    days: lastDay - firstDay + 1,
    from,
    to: input.asOf,
    base: input.profile.base,
    margin_bp: input.profile.base === 'REFERENCE_RATE' ? input.profile.margin_bp : null,
    periods,
  };
}
