import Big from 'big.js';
import { compareIsoDates, isIsoDate, type IsoDate } from '../dates';
import { DomainError } from '../errors';
import { referenceRateOn, STATUTORY_MARGIN_BP, type ReferenceRate } from './reference-rates';

/** REFERENCE_RATE: Riksbank reference rate + margin_bp; fixed: fixed_rate_pa (spec part 2 §3). */
export const INTEREST_BASES = ['REFERENCE_RATE', 'fixed'] as const;
export type InterestBase = (typeof INTEREST_BASES)[number];

/**
 * An interest profile (spec part 2 §3), the fields the calculation needs. The store's row (with
 * id, org_id, name) fits this shape as it is.
 */
export interface InterestProfile {
  code: string;
  base: InterestBase;
  /** Basis points over the reference rate (800 = 8 percentage points); used when base is REFERENCE_RATE. */
  margin_bp: number | null;
  /** Percent per year as decimal text with a dot ("8.00"); used when base is fixed. */
  fixed_rate_pa: string | null;
  /** First day the profile may be chosen for a case; null = no limit. */
  valid_from: IsoDate | null;
  /** Last day the profile may be chosen for a case; null = no limit. */
  valid_to: IsoDate | null;
}

/**
 * Day-count divisor: simple interest accrues rate/365 per day (spec part 1 §9). Räntelagen names
 * no day count; actual/365 is the Swedish convention (domain reference §4.1), and a leap year's
 * 366th day earns interest too, so a leap year yields slightly more than the yearly rate.
 */
export const INTEREST_DAY_COUNT_DIVISOR = 365;

/**
 * Dröjsmålsränta per räntelagen 6 §: reference rate + 8 percentage points, changing per
 * half-year. The default profile for a new organisation's cases.
 */
export const LEGAL_INTEREST_PROFILE: Readonly<InterestProfile> = Object.freeze({
  code: 'DROJSMALSRANTA',
  base: 'REFERENCE_RATE',
  margin_bp: STATUTORY_MARGIN_BP,
  fixed_rate_pa: null,
  valid_from: null,
  valid_to: null,
});

/** A fixed 8 % per year: the spec's default (part 1 §9, "8 percent per year simple interest"). */
export const FIXED_8_PROFILE: Readonly<InterestProfile> = Object.freeze({
  code: 'FIXED_8',
  base: 'fixed',
  margin_bp: null,
  fixed_rate_pa: '8.00',
  valid_from: null,
  valid_to: null,
});

// Non-negative percent with at most 4 decimals and a dot, as the entity schema stores it.
const FIXED_RATE_TEXT = /^\d{1,3}(?:\.\d{1,4})?$/;

function invalidProfile(profile: Readonly<InterestProfile>, reason: string): DomainError {
  return new DomainError('INVALID_INTEREST_PROFILE', `Ogiltig ränteprofil ${profile.code}: ${reason}`, { code: profile.code });
}

/**
 * Checks that a profile can be calculated with; throws INVALID_INTEREST_PROFILE otherwise
 * (unknown base, REFERENCE_RATE without an integer margin_bp, fixed without a rate text).
 * @example assertInterestProfile(LEGAL_INTEREST_PROFILE) // passes
 */
export function assertInterestProfile(profile: Readonly<InterestProfile>): void {
  if (profile.base === 'REFERENCE_RATE') {
    if (!Number.isSafeInteger(profile.margin_bp)) throw invalidProfile(profile, 'marginal (margin_bp) saknas eller är inte ett heltal');
  } else if (profile.base === 'fixed') {
    if (typeof profile.fixed_rate_pa !== 'string' || !FIXED_RATE_TEXT.test(profile.fixed_rate_pa)) {
      throw invalidProfile(profile, 'fast räntesats (fixed_rate_pa) saknas eller är ogiltig');
    }
  } else {
    throw invalidProfile(profile, `okänd bas ${String(profile.base)}`);
  }
}

/**
 * Whether the profile may be chosen on `date` (valid_from <= date <= valid_to, open ends allowed).
 * Validity governs choosing a profile; interest on a case keeps using the case's profile.
 * @example isInterestProfileValidOn({ ...FIXED_8_PROFILE, valid_to: '2024-12-31' }, '2025-01-01') // false
 */
export function isInterestProfileValidOn(profile: Readonly<InterestProfile>, date: IsoDate): boolean {
  if (!isIsoDate(date)) throw new DomainError('INVALID_DATE', undefined, { date });
  if (profile.valid_from !== null && compareIsoDates(date, profile.valid_from) < 0) return false;
  if (profile.valid_to !== null && compareIsoDates(date, profile.valid_to) > 0) return false;
  return true;
}

/** The yearly rate in force on one day and, for REFERENCE_RATE, the reference rate behind it. */
export interface DailyInterestRate {
  /** Percent per year, never below 0. */
  ratePa: Big;
  reference_rate_bp: number | null;
}

/**
 * The rate one day earns. A REFERENCE_RATE day uses its half-year's reference rate (räntelagen
 * 9 §) + margin; a missing half-year throws REFERENCE_RATE_MISSING. A sum below zero is floored
 * at 0: late payment never earns the debtor interest.
 * @example dailyInterestRate(LEGAL_INTEREST_PROFILE, '2019-02-01', REFERENCE_RATES_SEED) // { ratePa: Big(7.5), reference_rate_bp: -50 }
 */
export function dailyInterestRate(profile: Readonly<InterestProfile>, date: IsoDate, referenceRates: readonly ReferenceRate[]): DailyInterestRate {
  assertInterestProfile(profile);
  if (profile.base === 'fixed') return { ratePa: new Big(profile.fixed_rate_pa!), reference_rate_bp: null };
  const reference = referenceRateOn(referenceRates, date);
  const totalBp = Math.max(0, reference.rate_bp + profile.margin_bp!);
  return { ratePa: new Big(totalBp).div(100), reference_rate_bp: reference.rate_bp };
}

/**
 * A yearly percent as JSON decimal text with at least two decimals ("10.00", "8.125").
 * @example ratePaToDecimalText(new Big('7.5')) // "7.50"
 */
export function ratePaToDecimalText(ratePa: Big): string {
  const [whole, fraction = ''] = ratePa.round(4, Big.roundHalfUp).toString().split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/**
 * The yearly rate (percent, decimal text) the profile gives on `date`, e.g. for the
 * interest_cap rule or a demand letter.
 * @example interestRatePaOn(LEGAL_INTEREST_PROFILE, '2023-08-01', REFERENCE_RATES_SEED) // "11.50"
 */
export function interestRatePaOn(profile: Readonly<InterestProfile>, date: IsoDate, referenceRates: readonly ReferenceRate[]): string {
  return ratePaToDecimalText(dailyInterestRate(profile, date, referenceRates).ratePa);
}

/** A percent in Swedish display form: decimal comma, no trailing zeros ("8", "8,5"). */
function swedishPercent(value: Big): string {
  return value.abs().toString().replace('.', ',');
}

/**
 * The profile's rate as the Ekonomi page shows it (spec part 2 §9: "reference rate plus
 * margin_bp/100 percent, or fixed percent per year").
 * @example formatInterestProfileRate(LEGAL_INTEREST_PROFILE) // "Referensränta + 8 %"
 * @example formatInterestProfileRate({ ...FIXED_8_PROFILE, fixed_rate_pa: '8.50' }) // "8,5 % per år"
 */
export function formatInterestProfileRate(profile: Readonly<InterestProfile>): string {
  assertInterestProfile(profile);
  if (profile.base === 'fixed') return `${swedishPercent(new Big(profile.fixed_rate_pa!))} % per år`;
  const margin = new Big(profile.margin_bp!).div(100);
  return `Referensränta ${margin.lt(0) ? '-' : '+'} ${swedishPercent(margin)} %`;
}
