import { DomainError } from '../errors';
import { startOfHalfYear, type IsoDate } from '../dates';

/**
 * The Riksbank referensränta for one calendar half-year (räntelagen 9 §): set for each half-year
 * starting 1 January and 1 July. Rates are integer basis points (1 % = 100 bp) so no float ever
 * enters the interest maths.
 */
export interface ReferenceRate {
  /** First day of the half-year: YYYY-01-01 or YYYY-07-01. */
  valid_from: IsoDate;
  rate_bp: number;
  /** Checked against a primary source (the domain reference marks the rest unconfirmed). */
  verified: boolean;
}

/** The statutory margin of dröjsmålsränta over the reference rate (räntelagen 6 §): 8 points. */
export const STATUTORY_MARGIN_BP = 800;

/**
 * Seed table from shared/domain (§4.2). Rows from 2025 on are derived from policy-rate decisions
 * and not verified; an admin confirms or corrects them and adds each new half-year.
 */
export const REFERENCE_RATES_SEED: readonly ReferenceRate[] = [
  { valid_from: '2019-01-01', rate_bp: -50, verified: true },
  { valid_from: '2019-07-01', rate_bp: 0, verified: true },
  { valid_from: '2020-01-01', rate_bp: 0, verified: true },
  { valid_from: '2020-07-01', rate_bp: 0, verified: true },
  { valid_from: '2021-01-01', rate_bp: 0, verified: true },
  { valid_from: '2021-07-01', rate_bp: 0, verified: true },
  { valid_from: '2022-01-01', rate_bp: 0, verified: true },
  { valid_from: '2022-07-01', rate_bp: 50, verified: true },
  { valid_from: '2023-01-01', rate_bp: 250, verified: true },
  { valid_from: '2023-07-01', rate_bp: 350, verified: true },
  { valid_from: '2024-01-01', rate_bp: 400, verified: true },
  { valid_from: '2024-07-01', rate_bp: 400, verified: true },
  { valid_from: '2025-01-01', rate_bp: 250, verified: false },
  { valid_from: '2025-07-01', rate_bp: 200, verified: false },
  { valid_from: '2026-01-01', rate_bp: 200, verified: false },
  { valid_from: '2026-07-01', rate_bp: 200, verified: false },
];

/**
 * The reference rate in force on `date`. A half-year with no row is an error, never a guess:
 * interest for it cannot be computed until someone records the rate.
 * @example referenceRateOn(REFERENCE_RATES_SEED, '2023-03-15').rate_bp // 250
 */
export function referenceRateOn(table: readonly ReferenceRate[], date: IsoDate): ReferenceRate {
  const halfYear = startOfHalfYear(date);
  const row = table.find((r) => r.valid_from === halfYear);
  if (!row) {
    throw new DomainError('REFERENCE_RATE_MISSING', `Referensränta saknas för halvåret som börjar ${halfYear}`, { half_year: halfYear });
  }
  return row;
}

// Percent with at most two decimals (the Riksbank publishes e.g. 2,25 %), optional minus sign.
const REFERENCE_RATE_PERCENT = /^([-\u2212])?(\d{1,2})(?:[.,](\d{1,2}))?$/;

/** The message for a reference rate that is not percent text with at most two decimals. */
export const REFERENCE_RATE_PERCENT_MESSAGE = 'Ange referensräntan i procent med högst två decimaler, t.ex. 2.25 eller -0.50';

/**
 * A reference rate typed in percent ("2.25", "2,25", "-0.5", "4") as integer basis points, by
 * string arithmetic so no float ever holds the rate. At most two decimals and |rate| < 100 %;
 * anything else throws INVALID_RATE.
 * @example referenceRatePercentToBasisPoints('2.25') // 225
 * @example referenceRatePercentToBasisPoints('-0,5') // -50
 */
export function referenceRatePercentToBasisPoints(percent: string): number {
  const match = REFERENCE_RATE_PERCENT.exec(percent.trim());
  if (!match) throw new DomainError('INVALID_RATE', REFERENCE_RATE_PERCENT_MESSAGE, { percent });
  const [, sign, whole, fraction = ''] = match;
  const magnitude = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign && magnitude !== 0 ? -magnitude : magnitude;
}
