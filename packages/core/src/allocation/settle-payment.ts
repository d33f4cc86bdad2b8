import { compareIsoDates, type IsoDate } from '../dates';
import { DomainError } from '../errors';
import { calculateInterestOnBalance, type PrincipalReduction } from '../interest/interest-on-balance';
import type { InterestProfile } from '../interest/interest-profile';
import type { ReferenceRate } from '../interest/reference-rates';
import { addOre, maxOre, minOre, ore, subOre, ZERO_ORE, type Ore } from '../money';
import { allocatePayment, type AllocatePaymentOptions, type AllocationBalances, type AllocationSplit } from './allocate-payment';

/** How interest runs on a case: from the day after the due date, by its profile. */
export interface CaseInterestTerms {
  dueDate: IsoDate;
  profile: Readonly<InterestProfile>;
  referenceRates: readonly ReferenceRate[];
}

/** What earlier allocations settled on a case, in öre. */
export interface CaseSettledParts {
  principalOre: Ore;
  interestOre: Ore;
  feesOre: Ore;
  /** The capital part of each earlier allocation, dated by its payment. */
  principalReductions: readonly PrincipalReduction[];
}

/** A case's money just before a payment is settled on it, in öre. */
export interface CaseMoneyState {
  principalOre: Ore;
  /** Interest charged, as of `interestCalculatedTo`. */
  interestOre: Ore;
  feesOre: Ore;
  interestCalculatedTo: IsoDate | null;
  settled: CaseSettledParts;
  /** null when no interest runs on the case (no interest profile). */
  interestTerms: CaseInterestTerms | null;
}

/** The interest a case is charged and the day it is calculated to. */
export interface CaseInterestCharge {
  amountOre: Ore;
  asOf: IsoDate;
}

export interface PaymentSettlement {
  split: AllocationSplit;
  /** Interest accrued up to the payment's day: store it before the split is booked. */
  accruedInterest: CaseInterestCharge | null;
  /** A back-dated payment's capital stops interest from the next day: the interest to the old date, store it after. */
  recalculatedInterest: CaseInterestCharge | null;
}

/**
 * Interest payments settled beyond the interest now charged, in öre (>= 0). A payment splits by
 * the interest charged on its day; a later back-dated payment of capital can lower that interest,
 * and what was paid of it beyond the new amount then paid capital (1511 → 1510).
 * @example interestPaidBeyondChargedOre(ore(4030), ore(4029)) // 1
 */
export function interestPaidBeyondChargedOre(interestPaidOre: Ore, chargedOre: Ore): Ore {
  return maxOre(ZERO_ORE, subOre(interestPaidOre, chargedOre));
}

/**
 * What is still open on a case per part, in öre. Interest paid beyond what is charged counts as
 * capital paid (see `interestPaidBeyondChargedOre`).
 * @example openCaseBalances({ principalOre: ore(100000), interestOre: ore(500), feesOre: ore(18000) },
 *   { principalOre: ore(0), interestOre: ore(200), feesOre: ore(18000) }) // { principalOre: 100000, interestOre: 300, feesOre: 0 }
 */
export function openCaseBalances(
  charged: { principalOre: Ore; interestOre: Ore; feesOre: Ore },
  settled: Pick<CaseSettledParts, 'principalOre' | 'interestOre' | 'feesOre'>,
): AllocationBalances {
  const open = (chargedOre: Ore, settledOre: Ore) => maxOre(ZERO_ORE, subOre(chargedOre, settledOre));
  return {
    principalOre: open(charged.principalOre, addOre(settled.principalOre, interestPaidBeyondChargedOre(settled.interestOre, charged.interestOre))),
    interestOre: open(charged.interestOre, settled.interestOre),
    feesOre: open(charged.feesOre, settled.feesOre),
  };
}

/** The interest from the due date to `asOf` on the capital unpaid each day; 0 up to the due date. */
function interestTo(state: CaseMoneyState, terms: CaseInterestTerms, asOf: IsoDate, reductions: readonly PrincipalReduction[]): Ore {
  if (compareIsoDates(asOf, terms.dueDate) <= 0) return ZERO_ORE;
  return calculateInterestOnBalance({ principalOre: state.principalOre, asOf, principalReductions: reductions, ...terms }).amountOre;
}

/**
 * The split of a payment dated before the interest's calculation date. It settles the interest
 * charged on its own day, and its capital part lowers the interest of the days after it, which
 * can turn interest a later payment settled into capital paid. The capital part is therefore the
 * largest that, with the interest recalculated, settles no more capital than the case has.
 */
function settleBackDated(state: CaseMoneyState, terms: CaseInterestTerms, amountOre: Ore, paidAt: IsoDate, options: AllocatePaymentOptions): PaymentSettlement {
  const asOf = state.interestCalculatedTo!;
  const { settled } = state;
  const onPaymentDayOre = interestTo(state, terms, paidAt, settled.principalReductions);
  const recalculated = (principalPartOre: Ore): Ore =>
    principalPartOre === 0
      ? state.interestOre
      : interestTo(state, terms, asOf, [...settled.principalReductions, { date: paidAt, amountOre: principalPartOre }]);
  const unsettledOre = maxOre(ZERO_ORE, subOre(state.principalOre, settled.principalOre));
  // Capital settled beyond the capital unsettled by a capital part: > 0 means it does not fit.
  const overshoot = (principalPartOre: Ore): number =>
    principalPartOre + interestPaidBeyondChargedOre(settled.interestOre, recalculated(principalPartOre)) - unsettledOre;
  // The interest recalculated is never below the interest of the payment's day (the days up to it
  // do not change), so every part up to this one fits.
  const surelyFitsOre = maxOre(ZERO_ORE, subOre(unsettledOre, interestPaidBeyondChargedOre(settled.interestOre, onPaymentDayOre)));
  let principalOpenOre = unsettledOre;
  if (overshoot(principalOpenOre) > 0) {
    let low = surelyFitsOre;
    let high = unsettledOre;
    while (low < high) {
      const middle = ore(Math.ceil((low + high) / 2));
      if (overshoot(middle) <= 0) low = middle;
      else high = ore(middle - 1);
    }
    principalOpenOre = low;
  }
  const balances: AllocationBalances = {
    principalOre: principalOpenOre,
    interestOre: maxOre(ZERO_ORE, subOre(minOre(state.interestOre, onPaymentDayOre), settled.interestOre)),
    feesOre: maxOre(ZERO_ORE, subOre(state.feesOre, settled.feesOre)),
  };
  let split = allocatePayment(amountOre, balances, options);
  // Interest is rounded per period, so a smaller capital part can lower the interest by an öre
  // more than a larger one: step down until the part the split took fits as well.
  let principalPartOre = split.principalOre;
  for (let excess = overshoot(principalPartOre); excess > 0 && principalPartOre > surelyFitsOre; excess = overshoot(principalPartOre)) {
    principalPartOre = maxOre(surelyFitsOre, ore(principalPartOre - excess));
  }
  if (principalPartOre !== split.principalOre) {
    split = allocatePayment(amountOre, { ...balances, principalOre: principalPartOre }, { ...options, mode: 'import' });
    if (options.mode !== 'import' && split.remainderOre > 0) {
      throw new DomainError('PAYMENT_EXCEEDS_OUTSTANDING', undefined, { paymentOre: amountOre, remainderOre: split.remainderOre });
    }
  }
  return {
    split,
    accruedInterest: null,
    recalculatedInterest: split.principalOre > 0 ? { amountOre: recalculated(split.principalOre), asOf } : null,
  };
}

/**
 * Settles a payment of `amountOre` dated `paidAt` on a case — the one decision behind every way
 * money reaches a case (a person allocating, a bank-file import, later Swish). Interest runs to
 * the payment's day first (räntelagen: interest accrues until payment), so the split by the
 * organisation's order settles the interest owed on that day:
 * - dated after the interest's calculation date (or none yet): the interest is accrued to the
 *   payment's day (`accruedInterest`), then the payment is split;
 * - dated on it: split as the case stands;
 * - dated before it (back-dated): split by the interest of its own day, and the interest to the
 *   calculation date is recalculated with the capital it paid (`recalculatedInterest`); it never
 *   settles more capital than the case has, once that recalculation is made.
 * Throws what `allocatePayment` throws (PAYMENT_EXCEEDS_OUTSTANDING in strict mode) and what the
 * interest calculation throws (REFERENCE_RATE_MISSING).
 * @example settlePayment(caseOf10000kr, ore(200000), '2025-10-15', { order: 'costs_first' }).split
 * // fees 35000, interest 55493, principal 109507 when interest ran to 2025-09-30 (51383)
 */
export function settlePayment(state: CaseMoneyState, amountOre: Ore, paidAt: IsoDate, options: AllocatePaymentOptions = {}): PaymentSettlement {
  const terms = state.interestTerms;
  const calculatedTo = state.interestCalculatedTo;
  if (terms !== null && calculatedTo !== null && compareIsoDates(paidAt, calculatedTo) < 0) {
    return settleBackDated(state, terms, amountOre, paidAt, options);
  }
  const isAccruing = terms !== null && (calculatedTo === null ? compareIsoDates(paidAt, terms.dueDate) > 0 : compareIsoDates(paidAt, calculatedTo) > 0);
  const accruedInterest = isAccruing ? { amountOre: interestTo(state, terms, paidAt, state.settled.principalReductions), asOf: paidAt } : null;
  const charged = { principalOre: state.principalOre, interestOre: accruedInterest?.amountOre ?? state.interestOre, feesOre: state.feesOre };
  return { split: allocatePayment(amountOre, openCaseBalances(charged, state.settled), options), accruedInterest, recalculatedInterest: null };
}
