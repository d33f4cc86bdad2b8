import { describe, expect, it } from 'vitest';
import { ore, type Ore } from '../money';
import { calculateInterest, calculateInterestOnBalance, FIXED_8_PROFILE, LEGAL_INTEREST_PROFILE, REFERENCE_RATES_SEED } from '.';

const TEN_THOUSAND_KR = ore(1_000_000);

describe('calculateInterestOnBalance — worked examples', () => {
  it('stops the interest on the part paid from the day after the payment', () => {
    const result = calculateInterestOnBalance({
      principalOre: TEN_THOUSAND_KR,
      dueDate: '2024-01-01',
      asOf: '2024-01-31',
      profile: FIXED_8_PROFILE,
      principalReductions: [{ date: '2024-01-16', amountOre: ore(500_000) }],
    });
    // 10 000 kr × 8 % × 15/365 = 32,876… → 32,88 kr; 5 000 kr × 8 % × 15/365 = 16,438… → 16,44 kr
    expect(result.periods.map((p) => [p.from, p.to, p.principalOre, p.amountOre])).toEqual([
      ['2024-01-02', '2024-01-16', 1_000_000, 3288],
      ['2024-01-17', '2024-01-31', 500_000, 1644],
    ]);
    expect(result).toMatchObject({ amountOre: 4932, days: 30, from: '2024-01-02', to: '2024-01-31' });
  });

  it('splits both where the capital changes and where the reference rate changes', () => {
    const result = calculateInterestOnBalance({
      principalOre: TEN_THOUSAND_KR,
      dueDate: '2023-06-20',
      asOf: '2023-07-10',
      profile: LEGAL_INTEREST_PROFILE,
      referenceRates: REFERENCE_RATES_SEED,
      principalReductions: [{ date: '2023-07-05', amountOre: ore(250_000) }],
    });
    expect(result.periods.map((p) => [p.from, p.to, p.rate_pa, p.principalOre])).toEqual([
      ['2023-06-21', '2023-06-30', '10.50', 1_000_000],
      ['2023-07-01', '2023-07-05', '11.50', 1_000_000],
      ['2023-07-06', '2023-07-10', '11.50', 750_000],
    ]);
  });

  it('gives no interest when the whole capital was paid before it started to run', () => {
    const result = calculateInterestOnBalance({
      principalOre: TEN_THOUSAND_KR,
      dueDate: '2024-01-01',
      asOf: '2024-03-01',
      profile: FIXED_8_PROFILE,
      principalReductions: [{ date: '2023-12-28', amountOre: TEN_THOUSAND_KR }],
    });
    expect(result).toMatchObject({ amountOre: 0, periods: [], days: 60 });
  });

  it('refuses an as-of date on or before the due date with the spec text', () => {
    expect(() =>
      calculateInterestOnBalance({
        principalOre: TEN_THOUSAND_KR,
        dueDate: '2024-05-31',
        asOf: '2024-05-31',
        profile: FIXED_8_PROFILE,
        principalReductions: [],
      }),
    ).toThrowError(expect.objectContaining({ code: 'NOT_YET_DUE', message: 'Ingen ränta – Fordran är inte förfallen ännu' }));
  });

  it('refuses a negative reduction', () => {
    expect(() =>
      calculateInterestOnBalance({
        principalOre: TEN_THOUSAND_KR,
        dueDate: '2024-01-01',
        asOf: '2024-02-01',
        profile: FIXED_8_PROFILE,
        principalReductions: [{ date: '2024-01-10', amountOre: -1 as Ore }],
      }),
    ).toThrowError(expect.objectContaining({ code: 'NEGATIVE_AMOUNT' }));
  });
});

describe('calculateInterestOnBalance — rounding per rate period', () => {
  // A property run found this (seed -1552334208): rounding each capital piece on its own let a
  // payment of 0 kr, which splits the days, raise the interest by 1 öre.
  it('a payment that splits the days never adds an öre by rounding', () => {
    const claim = { principalOre: ore(49_999_978), dueDate: '2022-04-16', asOf: '2024-09-22', profile: FIXED_8_PROFILE };
    const without = calculateInterest(claim).amountOre;
    const split = calculateInterestOnBalance({ ...claim, principalReductions: [{ date: '2023-01-11', amountOre: ore(0) }] });
    expect(split.amountOre).toBe(without);
    expect(split.periods.reduce((sum, period) => sum + period.amountOre, 0)).toBe(split.amountOre);
  });
});
