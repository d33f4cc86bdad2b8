import { describe, expect, it } from 'vitest';
import { DomainError, type DomainErrorCode } from '../errors';
import { ore } from '../money';
import {
  calculateInterest,
  calculateInterestForRange,
  FIXED_8_PROFILE,
  formatInterestProfileRate,
  interestRatePaOn,
  isInterestProfileValidOn,
  LEGAL_INTEREST_PROFILE,
  REFERENCE_RATES_SEED,
  type InterestProfile,
} from '.';

const TEN_THOUSAND_KR = ore(1_000_000);

function codeOf(run: () => unknown): DomainErrorCode | 'no error' {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'no error';
}

describe('calculateInterest examples', () => {
  it.each([
    // [case, profile, due date, as of, expected öre, days]
    ['10 000 kr at 8 % for 365 days is 800 kr', FIXED_8_PROFILE, '2023-01-01', '2024-01-01', 80000, 365],
    // 1 000 000 × 8 × 30 / 36 500 = 6 575.34
    ['10 000 kr at 8 % for 30 days', FIXED_8_PROFILE, '2024-03-01', '2024-03-31', 6575, 30],
    // A leap year has 366 interest days, each at 8 %/365: 80 219.18
    ['a leap year earns 366 days', FIXED_8_PROFILE, '2023-12-31', '2024-12-31', 80219, 366],
    // 2019-H1: −0.50 + 8 = 7.50 %; 1 000 000 × 7.5 × 30 / 36 500 = 6 164.38
    ['a negative reference rate half-year (2019-H1 at 7.50 %)', LEGAL_INTEREST_PROFILE, '2019-01-31', '2019-03-02', 6164, 30],
  ] as const)('%s', (_name, profile, dueDate, asOf, expectedOre, expectedDays) => {
    const result = calculateInterest({ principalOre: TEN_THOUSAND_KR, dueDate, asOf, profile, referenceRates: REFERENCE_RATES_SEED });
    expect(result.amountOre).toBe(expectedOre);
    expect(result.days).toBe(expectedDays);
  });

  it('splits a period crossing 2023-07-01 (reference rate 2.50 → 3.50)', () => {
    const result = calculateInterest({
      principalOre: TEN_THOUSAND_KR,
      dueDate: '2023-06-20',
      asOf: '2023-07-10',
      profile: LEGAL_INTEREST_PROFILE,
      referenceRates: REFERENCE_RATES_SEED,
    });
    expect(result).toEqual({
      // 10.50 % × 10 days: 2 876.71 → 2 877; 11.50 % × 10 days: 3 150.68 → 3 151
      amountOre: 6028,
      days: 20,
      from: '2023-06-21',
      to: '2023-07-10',
      base: 'REFERENCE_RATE',
      margin_bp: 800,
      periods: [
        { from: '2023-06-21', to: '2023-06-30', days: 10, rate_pa: '10.50', reference_rate_bp: 250, principalOre: 1_000_000, amountOre: 2877 },
        { from: '2023-07-01', to: '2023-07-10', days: 10, rate_pa: '11.50', reference_rate_bp: 350, principalOre: 1_000_000, amountOre: 3151 },
      ],
    });
  });

  it('gives a fixed-rate range as one period with no reference rate', () => {
    const result = calculateInterestForRange({ principalOre: TEN_THOUSAND_KR, from: '2023-06-01', to: '2023-07-31', profile: FIXED_8_PROFILE });
    expect(result.periods).toEqual([
      { from: '2023-06-01', to: '2023-07-31', days: 61, rate_pa: '8.00', reference_rate_bp: null, principalOre: 1_000_000, amountOre: 13370 },
    ]);
    expect(result.margin_bp).toBeNull();
  });

  it.each([
    ['as of the due date', '2024-05-31', '2024-05-31', 'NOT_YET_DUE'],
    ['as of before the due date', '2024-05-31', '2024-05-01', 'NOT_YET_DUE'],
    ['a half-year missing from the table (2027-H1)', '2026-12-15', '2027-01-15', 'REFERENCE_RATE_MISSING'],
    ['an invalid date', '2023-02-29', '2023-05-01', 'INVALID_DATE'],
  ])('refuses %s', (_name, dueDate, asOf, code) => {
    expect(
      codeOf(() => calculateInterest({ principalOre: TEN_THOUSAND_KR, dueDate, asOf, profile: LEGAL_INTEREST_PROFILE, referenceRates: REFERENCE_RATES_SEED })),
    ).toBe(code);
  });

  it("says the spec's text when a claim is not yet due", () => {
    expect(() => calculateInterest({ principalOre: TEN_THOUSAND_KR, dueDate: '2024-05-31', asOf: '2024-05-30', profile: FIXED_8_PROFILE })).toThrow(
      'Ingen ränta – Fordran är inte förfallen ännu',
    );
  });

  it('never guesses a rate for a gap inside the table', () => {
    const withGap = REFERENCE_RATES_SEED.filter((row) => row.valid_from !== '2022-07-01');
    expect(
      codeOf(() =>
        calculateInterestForRange({
          principalOre: TEN_THOUSAND_KR,
          from: '2022-06-01',
          to: '2023-01-31',
          profile: LEGAL_INTEREST_PROFILE,
          referenceRates: withGap,
        }),
      ),
    ).toBe('REFERENCE_RATE_MISSING');
  });

  it('needs a reference rate table for a REFERENCE_RATE profile', () => {
    expect(
      codeOf(() => calculateInterestForRange({ principalOre: TEN_THOUSAND_KR, from: '2024-01-01', to: '2024-01-31', profile: LEGAL_INTEREST_PROFILE })),
    ).toBe('REFERENCE_RATE_MISSING');
  });

  it.each([
    ['a range ending before it starts', { from: '2024-02-01', to: '2024-01-31' }, 'INVALID_INTEREST_PERIOD'],
    ['a negative principal', { principalOre: ore(-1) }, 'NEGATIVE_AMOUNT'],
    ['a fixed profile without a rate', { profile: { ...FIXED_8_PROFILE, fixed_rate_pa: null } }, 'INVALID_INTEREST_PROFILE'],
    ['a fixed rate with a comma', { profile: { ...FIXED_8_PROFILE, fixed_rate_pa: '8,5' } }, 'INVALID_INTEREST_PROFILE'],
    ['a reference profile without a margin', { profile: { ...LEGAL_INTEREST_PROFILE, margin_bp: null } }, 'INVALID_INTEREST_PROFILE'],
  ] as const)('refuses %s', (_name, change, code) => {
    const input = {
      principalOre: TEN_THOUSAND_KR,
      from: '2024-01-01',
      to: '2024-01-31',
      profile: FIXED_8_PROFILE,
      referenceRates: REFERENCE_RATES_SEED,
      ...change,
    };
    expect(codeOf(() => calculateInterestForRange(input))).toBe(code);
  });

  it('floors a negative total rate at zero', () => {
    const negative: InterestProfile = { ...LEGAL_INTEREST_PROFILE, code: 'NEG', margin_bp: 20 };
    const result = calculateInterestForRange({
      principalOre: TEN_THOUSAND_KR,
      from: '2019-01-01',
      to: '2019-01-31',
      profile: negative,
      referenceRates: REFERENCE_RATES_SEED,
    });
    expect(result.periods[0]).toMatchObject({ rate_pa: '0.00', reference_rate_bp: -50, amountOre: 0 });
  });

  it('keeps four decimals of a fixed rate', () => {
    const profile: InterestProfile = { ...FIXED_8_PROFILE, code: 'ODD', fixed_rate_pa: '8.125' };
    const result = calculateInterestForRange({ principalOre: TEN_THOUSAND_KR, from: '2024-01-01', to: '2024-01-10', profile });
    // 1 000 000 × 8.125 × 10 / 36 500 = 2 226.03
    expect(result.periods[0]).toMatchObject({ rate_pa: '8.125', amountOre: 2226 });
  });
});

describe('interest profiles', () => {
  it.each([
    [LEGAL_INTEREST_PROFILE, 'Referensränta + 8 %'],
    [{ ...LEGAL_INTEREST_PROFILE, margin_bp: 850 }, 'Referensränta + 8,5 %'],
    [{ ...LEGAL_INTEREST_PROFILE, margin_bp: 2000 }, 'Referensränta + 20 %'],
    [{ ...LEGAL_INTEREST_PROFILE, margin_bp: -100 }, 'Referensränta - 1 %'],
    [FIXED_8_PROFILE, '8 % per år'],
    [{ ...FIXED_8_PROFILE, fixed_rate_pa: '8.50' }, '8,5 % per år'],
    [{ ...FIXED_8_PROFILE, fixed_rate_pa: '12.25' }, '12,25 % per år'],
  ])('displays %o as %j', (profile, expected) => {
    expect(formatInterestProfileRate(profile)).toBe(expected);
  });

  it.each([
    ['2019-03-01', '7.50'],
    ['2023-01-01', '10.50'],
    ['2023-07-01', '11.50'],
    ['2024-12-31', '12.00'],
  ])('gives dröjsmålsränta on %s as %s %%', (date, expected) => {
    expect(interestRatePaOn(LEGAL_INTEREST_PROFILE, date, REFERENCE_RATES_SEED)).toBe(expected);
  });

  it('makes dröjsmålsränta reference + 800 bp and the spec default 8.00 fixed', () => {
    expect(LEGAL_INTEREST_PROFILE).toMatchObject({ code: 'DROJSMALSRANTA', base: 'REFERENCE_RATE', margin_bp: 800 });
    expect(FIXED_8_PROFILE).toMatchObject({ code: 'FIXED_8', base: 'fixed', fixed_rate_pa: '8.00' });
  });

  it.each([
    [null, null, '2025-01-01', true],
    ['2025-01-01', null, '2024-12-31', false],
    ['2025-01-01', '2025-06-30', '2025-06-30', true],
    ['2025-01-01', '2025-06-30', '2025-07-01', false],
  ])('a profile valid %s..%s is valid on %s: %s', (valid_from, valid_to, date, expected) => {
    expect(isInterestProfileValidOn({ ...FIXED_8_PROFILE, valid_from, valid_to }, date)).toBe(expected);
  });
});
