import type { IsoDate } from '../dates';
import { DomainError } from '../errors';
import type { InterestPeriod } from '../interest';
import { formatOre, sumOre, type Ore } from '../money';

/** One fee of a case as a demand lists it. */
export interface SpecifiedFee {
  name: string;
  amountOre: Ore;
}

/** What the interest block says when no interest has been charged. */
export const NO_INTEREST_TEXT = 'Ingen ränta har debiterats.';

/** What the fee block says when the case has no fees. */
export const NO_FEES_TEXT = 'Inga avgifter har debiterats.';

/** "10.50" (core's decimal rate text) → "10,50 %". */
function formatRatePercent(ratePa: string): string {
  return `${ratePa.replace('.', ',')}\u00a0%`;
}

/**
 * The interest of a case, one line per period: dates, days, yearly rate, the capital it ran on
 * and the amount (inkassolagen 5 §: rate, period and the capital the calculation is based on, not
 * one number). The lines must add up to the case's interest: a mismatch (the case's interest was
 * changed without the periods being recalculated) throws INTEREST_SPECIFICATION_MISMATCH rather
 * than send a demand whose specification contradicts its total.
 * @example interestSpecification([{ from: '2025-01-16', to: '2025-06-30', days: 166, rate_pa: '10.50', reference_rate_bp: 250,
 *   principalOre: ore(795000), amountOre: ore(37964) }], ore(37964))
 * // "2025-01-16 – 2025-06-30 (166 dagar): 10,50 % per år på 7 950,00 kr = 379,64 kr"
 */
export function interestSpecification(periods: readonly InterestPeriod[], totalInterestOre: Ore): string {
  const sumOfPeriods = sumOre(periods.map((period) => period.amountOre));
  if (sumOfPeriods !== totalInterestOre) {
    throw new DomainError('INTEREST_SPECIFICATION_MISMATCH', undefined, { periodsOre: sumOfPeriods, totalInterestOre });
  }
  if (periods.length === 0) return NO_INTEREST_TEXT;
  return periods
    .map(
      (period) =>
        `${period.from} – ${period.to} (${period.days} ${period.days === 1 ? 'dag' : 'dagar'}): ${formatRatePercent(period.rate_pa)} per år på ${formatOre(period.principalOre)} = ${formatOre(period.amountOre)}`,
    )
    .join('\n');
}

/**
 * Each fee of a case on its own line, name and amount (inkassolagen 5 §: costs stated
 * separately).
 * @example feeSpecification([{ name: 'Inkassoavgift', amountOre: ore(18000) }]) // "Inkassoavgift: 180,00 kr"
 */
export function feeSpecification(fees: readonly SpecifiedFee[]): string {
  if (fees.length === 0) return NO_FEES_TEXT;
  return fees.map((fee) => `${fee.name}: ${formatOre(fee.amountOre)}`).join('\n');
}

/** The claim as a demand names it. */
export interface DescribedClaim {
  reference_no: string | null;
  /** What kind of claim, e.g. "Faktura"; "Fordran" when not recorded. */
  contract_type?: string | null;
  due_date: IsoDate | null;
}

/**
 * What the claim concerns, in one line (god inkassosed: invoice number and due date).
 * @example claimDescription({ reference_no: 'F-2024-001', contract_type: 'Faktura', due_date: '2024-12-15' }) // "Faktura F-2024-001, förfallen 2024-12-15"
 */
export function claimDescription(claim: DescribedClaim): string {
  const kind = claim.contract_type?.trim() || 'Fordran';
  const reference = claim.reference_no?.trim();
  const named = reference ? `${kind} ${reference}` : kind;
  return claim.due_date ? `${named}, förfallen ${claim.due_date}` : named;
}
