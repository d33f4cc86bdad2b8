import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, compareIsoDates, maxIsoDate, type IsoDate } from '../dates';
import { DomainError } from '../errors';
import { LEGAL_INTEREST_PROFILE, REFERENCE_RATES_SEED, type PrincipalReduction } from '../interest';
import { ore, type Ore } from '../money';
import { allocationOrderArb } from '../../test/arbitraries-allocation';
import { interestPaidBeyondChargedOre, settlePayment, type CaseMoneyState } from '.';

/*
 * A case paid by any sequence of payments — dated after, on or before the interest's calculation
 * date, so later payments and back-dated ones interleave — with the case written back after each
 * as the service does (accrued interest before the split, recalculated interest after). After
 * every payment: nothing is settled beyond what is charged, and the payment is accounted for.
 */

const DUE: IsoDate = '2024-03-31';
const dayArb = fc.integer({ min: -30, max: 900 }).map((offset) => addDays(DUE, offset));

const scenarioArb = fc.record({
  principalOre: fc.oneof(fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 1_000, max: 5_000_000 })),
  feesOre: fc.constantFrom(0, 6_000, 24_000),
  order: allocationOrderArb,
  payments: fc.array(fc.record({ paidAt: dayArb, amountOre: fc.oneof(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 6_000_000 })) }), {
    minLength: 1,
    maxLength: 8,
  }),
});

describe('settlePayment properties', () => {
  it('any sequence of payments, back-dated or not, never settles more capital, interest or fees than the case is charged', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        let state: CaseMoneyState = {
          principalOre: ore(scenario.principalOre),
          interestOre: ore(0),
          feesOre: ore(scenario.feesOre),
          interestCalculatedTo: null,
          settled: { principalOre: ore(0), interestOre: ore(0), feesOre: ore(0), principalReductions: [] },
          interestTerms: { dueDate: DUE, profile: LEGAL_INTEREST_PROFILE, referenceRates: REFERENCE_RATES_SEED },
        };
        for (const payment of scenario.payments) {
          const { split, accruedInterest, recalculatedInterest } = settlePayment(state, ore(payment.amountOre), payment.paidAt, {
            order: scenario.order,
            mode: 'import',
          });
          expect(split.principalOre + split.interestOre + split.feesOre + split.remainderOre).toBe(payment.amountOre);
          expect(accruedInterest === null || recalculatedInterest === null).toBe(true);
          if (accruedInterest) {
            expect(accruedInterest.asOf).toBe(payment.paidAt);
            state = { ...state, interestOre: accruedInterest.amountOre, interestCalculatedTo: accruedInterest.asOf };
          }
          const reductions: PrincipalReduction[] = [...state.settled.principalReductions];
          if (split.principalOre > 0) reductions.push({ date: payment.paidAt, amountOre: split.principalOre });
          state = {
            ...state,
            settled: {
              principalOre: ore(state.settled.principalOre + split.principalOre),
              interestOre: ore(state.settled.interestOre + split.interestOre),
              feesOre: ore(state.settled.feesOre + split.feesOre),
              principalReductions: reductions,
            },
          };
          if (recalculatedInterest) {
            expect(compareIsoDates(payment.paidAt, recalculatedInterest.asOf)).toBeLessThan(0);
            state = { ...state, interestOre: recalculatedInterest.amountOre };
          }
          const capitalSettledOre: Ore = ore(state.settled.principalOre + interestPaidBeyondChargedOre(state.settled.interestOre, state.interestOre));
          expect(capitalSettledOre).toBeLessThanOrEqual(state.principalOre);
          expect(state.settled.feesOre).toBeLessThanOrEqual(state.feesOre);
          if (state.interestCalculatedTo !== null) expect(maxIsoDate(state.interestCalculatedTo, payment.paidAt)).toBe(state.interestCalculatedTo);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('strict mode takes a payment whole or refuses it: no remainder, never more than the case is charged', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const state: CaseMoneyState = {
          principalOre: ore(scenario.principalOre),
          interestOre: ore(0),
          feesOre: ore(scenario.feesOre),
          interestCalculatedTo: null,
          settled: { principalOre: ore(0), interestOre: ore(0), feesOre: ore(0), principalReductions: [] },
          interestTerms: { dueDate: DUE, profile: LEGAL_INTEREST_PROFILE, referenceRates: REFERENCE_RATES_SEED },
        };
        const [payment] = scenario.payments;
        try {
          const { split } = settlePayment(state, ore(payment!.amountOre), payment!.paidAt, { order: scenario.order, mode: 'strict' });
          expect(split.remainderOre).toBe(0);
          expect(split.principalOre).toBeLessThanOrEqual(scenario.principalOre);
        } catch (error) {
          expect(error instanceof DomainError && error.code === 'PAYMENT_EXCEEDS_OUTSTANDING').toBe(true);
        }
      }),
    );
  });
});
