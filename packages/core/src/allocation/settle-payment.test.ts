import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { LEGAL_INTEREST_PROFILE, REFERENCE_RATES_SEED } from '../interest';
import { ore, type Ore } from '../money';
import { openCaseBalances, settlePayment, type CaseMoneyState } from '.';

const TERMS = { dueDate: '2025-03-31', profile: LEGAL_INTEREST_PROFILE, referenceRates: REFERENCE_RATES_SEED } as const;
const NOTHING_SETTLED = { principalOre: ore(0), interestOre: ore(0), feesOre: ore(0), principalReductions: [] };

/** Issue 10's example: 10 000 kr due 2025-03-31, interest calculated to 2025-09-30 (513,83), fees 350,00. */
function exampleCase(overrides: Partial<CaseMoneyState> = {}): CaseMoneyState {
  return {
    principalOre: ore(1_000_000),
    interestOre: ore(51_383),
    feesOre: ore(35_000),
    interestCalculatedTo: '2025-09-30',
    settled: NOTHING_SETTLED,
    interestTerms: TERMS,
    ...overrides,
  };
}

function split(principal: number, interest: number, fees: number, remainder = 0) {
  return { principalOre: principal as Ore, interestOre: interest as Ore, feesOre: fees as Ore, remainderOre: remainder as Ore };
}

describe('settlePayment: interest up to the payment day', () => {
  it('accrues the interest to a later payment day before splitting (350,00 / 554,93 / 1 095,07)', () => {
    expect(settlePayment(exampleCase(), ore(200_000), '2025-10-15', { order: 'costs_first' })).toEqual({
      split: split(109_507, 55_493, 35_000),
      accruedInterest: { amountOre: 55_493, asOf: '2025-10-15' },
      recalculatedInterest: null,
    });
  });

  it('accrues on a case whose interest was never calculated, from the day after the due date', () => {
    const result = settlePayment(exampleCase({ interestOre: ore(0), interestCalculatedTo: null }), ore(200_000), '2025-10-15');
    expect(result.accruedInterest).toEqual({ amountOre: 55_493, asOf: '2025-10-15' });
    expect(result.split).toEqual(split(109_507, 55_493, 35_000));
  });

  it('principal first: the capital is paid first, the interest still runs to the payment day', () => {
    const result = settlePayment(exampleCase(), ore(200_000), '2025-10-15', { order: 'principal_first' });
    expect(result.split).toEqual(split(200_000, 0, 0));
    expect(result.accruedInterest).toEqual({ amountOre: 55_493, asOf: '2025-10-15' });
  });

  it('changes no interest for a payment on the calculation day, before the due date, or without an interest profile', () => {
    expect(settlePayment(exampleCase(), ore(200_000), '2025-09-30')).toEqual({
      split: split(113_617, 51_383, 35_000),
      accruedInterest: null,
      recalculatedInterest: null,
    });
    const notDue = settlePayment(exampleCase({ interestOre: ore(0), interestCalculatedTo: null }), ore(200_000), '2025-03-31');
    expect(notDue).toMatchObject({ split: split(165_000, 0, 35_000), accruedInterest: null });
    expect(settlePayment(exampleCase({ interestTerms: null }), ore(200_000), '2025-10-15')).toMatchObject({
      split: split(113_617, 51_383, 35_000),
      accruedInterest: null,
    });
  });

  it('splits a back-dated payment by the interest of its own day and recalculates the interest to the old date', () => {
    const result = settlePayment(exampleCase(), ore(200_000), '2025-06-30');
    // 2025-04-01..2025-06-30: 91 days at 10,50 % on 10 000 kr = 261,78.
    expect(result.split).toEqual(split(138_822, 26_178, 35_000));
    expect(result.accruedInterest).toBeNull();
    // 261,78, then 92 days at 10,00 % on 8 611,78 = 217,06.
    expect(result.recalculatedInterest).toEqual({ amountOre: 26_178 + 21_706, asOf: '2025-09-30' });
  });

  it('refuses more than the case owes on a strict allocation (the accrued interest counts)', () => {
    expect(() => settlePayment(exampleCase(), ore(1_090_494), '2025-10-15')).toThrow(DomainError);
    expect(settlePayment(exampleCase(), ore(1_090_493), '2025-10-15').split.remainderOre).toBe(0);
  });
});

describe('settlePayment: a payment back-dated before a later one (issue 10, seed 231299602)', () => {
  // 4 456,51 kr due 2025-09-23, interest to 2026-11-22 (518,91); 40,30 paid 2026-11-22 settled interest.
  const state: CaseMoneyState = {
    principalOre: ore(445_651),
    interestOre: ore(51_891),
    feesOre: ore(0),
    interestCalculatedTo: '2026-11-22',
    settled: { principalOre: ore(0), interestOre: ore(4030), feesOre: ore(0), principalReductions: [] },
    interestTerms: { dueDate: '2025-09-23', profile: LEGAL_INTEREST_PROFILE, referenceRates: REFERENCE_RATES_SEED },
  };

  it('keeps as remainder the öre the later payment settled beyond the interest of the back-dated day', () => {
    const result = settlePayment(state, ore(445_651), '2025-10-26', { mode: 'import' });
    // Interest to 2025-10-26 is 40,29: with the capital paid that day it is all the case is charged, so the
    // later payment's 40,30 of interest paid 1 öre of capital.
    expect(result.recalculatedInterest).toEqual({ amountOre: 4029, asOf: '2026-11-22' });
    expect(result.split).toEqual(split(445_650, 0, 0, 1));
    const after = openCaseBalances(
      { principalOre: state.principalOre, interestOre: ore(4029), feesOre: ore(0) },
      { principalOre: ore(445_650), interestOre: ore(4030), feesOre: ore(0) },
    );
    expect(after).toEqual({ principalOre: 0, interestOre: 0, feesOre: 0 });
  });

  it('refuses it in strict mode: the case cannot take all of it', () => {
    expect(() => settlePayment(state, ore(445_651), '2025-10-26', { mode: 'strict' })).toThrow('Betalning överstiger utestående belopp');
  });
});
