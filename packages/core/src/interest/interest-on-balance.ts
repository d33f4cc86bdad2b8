import Big from 'big.js';
import { addDays, compareIsoDates, daysBetween, fromDayNumber, toDayNumber, type IsoDate } from '../dates';
import { DomainError } from '../errors';
import { ore, roundToOre, subOre, sumOre, type Ore } from '../money';
import { exactInterestPeriods, type ExactInterestPeriod, type InterestInput, type InterestPeriod, type InterestResult } from './calculate-interest';
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
 * reference rate changes. Each rate period (a half-year, or the whole range at a fixed rate) is
 * rounded half up to whole öre once, as `calculateInterest` rounds it, and its pieces share that
 * amount by largest remainder, so the pieces add up to the total and a payment of capital can never
 * raise the interest through rounding. With no reductions this equals `calculateInterest`. Capital paid beyond the principal leaves
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

  const pieces: ExactInterestPeriod[] = [];
  let segmentStart = firstDay;
  const boundaries = [...changes.keys(), lastDay + 1];
  for (const boundary of boundaries) {
    if (boundary > segmentStart && balanceOre > 0) {
      pieces.push(
        ...exactInterestPeriods({
          principalOre: balanceOre,
          from: fromDayNumber(segmentStart),
          to: fromDayNumber(boundary - 1),
          profile: input.profile,
          referenceRates: input.referenceRates,
        }),
      );
    }
    segmentStart = Math.max(segmentStart, boundary);
    const reducedOre = changes.get(boundary);
    if (reducedOre !== undefined) balanceOre = ore(Math.max(0, subOre(balanceOre, reducedOre)));
  }
  const periods = roundPerRatePeriod(pieces, input.profile.base === 'fixed');

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

/** The half-year a day falls in (1 Jan or 1 Jul), which is a rate period of a reference-rate profile. */
function halfYearOf(date: IsoDate): string {
  return `${date.slice(0, 4)}-${Number(date.slice(5, 7)) <= 6 ? 'H1' : 'H2'}`;
}

/**
 * Rounds each rate period once and shares its öre among its pieces by largest remainder: every
 * piece gets the whole öre below its exact amount, and the öre left go to the pieces with the
 * largest fractions (earlier pieces first on a tie). Rounding a sum that only shrinks as capital
 * is paid can only shrink, which per-piece rounding does not guarantee.
 */
function roundPerRatePeriod(pieces: readonly ExactInterestPeriod[], isFixed: boolean): InterestPeriod[] {
  const groups = new Map<string, number[]>();
  pieces.forEach((piece, index) => {
    const key = isFixed ? 'fixed' : halfYearOf(piece.from);
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  const amounts = pieces.map((piece) => piece.exact.round(0, Big.roundDown));
  for (const indexes of groups.values()) {
    const totalOre = roundToOre(indexes.reduce((sum, index) => sum.plus(pieces[index]!.exact), new Big(0)));
    let leftOre = totalOre - indexes.reduce((sum, index) => sum + Number(amounts[index]!.toString()), 0);
    const byFraction = [...indexes].sort((a, b) => pieces[b]!.exact.minus(amounts[b]!).cmp(pieces[a]!.exact.minus(amounts[a]!)) || a - b);
    for (const index of byFraction) {
      if (leftOre <= 0) break;
      amounts[index] = amounts[index]!.plus(1);
      leftOre -= 1;
    }
  }
  return pieces.map(({ exact: _exact, ...piece }, index) => ({ ...piece, amountOre: ore(Number(amounts[index]!.toString())) }));
}
