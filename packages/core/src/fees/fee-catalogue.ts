import { compareIsoDates, isIsoDate, type IsoDate } from '../dates';
import { DomainError } from '../errors';
import { PAYMENT_PLAN_FEE_CODE } from '../payment-plan';
import { formatOre, type Ore } from '../money';
import { COLLECTION_FEE_CODE, LATE_FEE_CODE, REMINDER_FEE_CODE, STATUTORY_FEE_MAX_ORE, STATUTORY_FEES_VALID_FROM } from './statutory-fees';

/**
 * One fee catalogue row (spec part 2 §3). An amount change is a new row with a later
 * valid_from, so a case keeps the amount in force when the fee was added.
 */
export interface FeeCatalogueEntry {
  code: string;
  /** Swedish name shown to staff and on letters. */
  name: string;
  amountOre: Ore;
  tax_code: string | null;
  valid_from: IsoDate;
  is_active: boolean;
}

/**
 * Tax code of the statutory fees: compensation under lag 1981:739 is not payment for a supply,
 * so it carries no VAT (assumption to confirm with the accountant; the store's fixtures use it).
 */
export const FEE_TAX_CODE_EXEMPT = 'EXEMPT';

/** The tax codes Fordran knows, by what they mean. */
export const FEE_TAX_CODE_LABELS: Readonly<Record<string, string>> = { [FEE_TAX_CODE_EXEMPT]: 'Momsfri' };

/**
 * What a fee's tax code is shown as: a known code by its meaning; one the organisation typed
 * itself as it typed it (its own name for it); null for none.
 * @example feeTaxCodeLabel('EXEMPT') // 'Momsfri'
 */
export function feeTaxCodeLabel(taxCode: string | null): string | null {
  if (taxCode === null) return null;
  return Object.hasOwn(FEE_TAX_CODE_LABELS, taxCode) ? FEE_TAX_CODE_LABELS[taxCode]! : taxCode;
}

/**
 * A new organisation's catalogue: the four statutory fees at their statutory amounts. The
 * payment-plan fee is 170 kr (lag 1981:739 4 §) although the spec says 295 kr (part 2 §9); an
 * organisation may enter another amount, and charging above the maximum then needs a reason.
 */
export const DEFAULT_FEE_CATALOGUE: readonly FeeCatalogueEntry[] = Object.freeze(
  [
    { code: REMINDER_FEE_CODE, name: 'Påminnelseavgift' },
    { code: COLLECTION_FEE_CODE, name: 'Inkassoavgift' },
    { code: PAYMENT_PLAN_FEE_CODE, name: 'Avgift för amorteringsplan' },
    { code: LATE_FEE_CODE, name: 'Förseningsersättning' },
  ].map(({ code, name }) =>
    Object.freeze({
      code,
      name,
      amountOre: STATUTORY_FEE_MAX_ORE[code]!,
      tax_code: FEE_TAX_CODE_EXEMPT,
      valid_from: STATUTORY_FEES_VALID_FROM,
      is_active: true,
    }),
  ),
);

/**
 * The catalogue row for `code` in force on `date`: among active rows with valid_from <= date,
 * the one with the latest valid_from (on a tie, the lower amount, in the debtor's favour).
 * null when there is none.
 * @example findFeeInForce(DEFAULT_FEE_CATALOGUE, 'COLLECTION_180', '2026-11-22')?.amountOre // 18000
 */
export function findFeeInForce(catalogue: readonly FeeCatalogueEntry[], code: string, date: IsoDate): FeeCatalogueEntry | null {
  if (!isIsoDate(date)) throw new DomainError('INVALID_DATE', undefined, { date });
  let found: FeeCatalogueEntry | null = null;
  for (const entry of catalogue) {
    if (entry.code !== code || !entry.is_active || compareIsoDates(entry.valid_from, date) > 0) continue;
    const order = found === null ? 1 : compareIsoDates(entry.valid_from, found.valid_from);
    if (order > 0 || (order === 0 && entry.amountOre < found!.amountOre)) found = entry;
  }
  return found;
}

/**
 * Every fee code's row in force on `date`, sorted by code (the add-fee dialog's choices).
 * @example feeCatalogueInForce(DEFAULT_FEE_CATALOGUE, '2026-11-22').map((e) => e.code)
 * // ["COLLECTION_180", "LATE_FEE_450", "PAYMENT_PLAN_170", "REMINDER_60"]
 */
export function feeCatalogueInForce(catalogue: readonly FeeCatalogueEntry[], date: IsoDate): FeeCatalogueEntry[] {
  const codes = [...new Set(catalogue.map((entry) => entry.code))].sort();
  return codes.map((code) => findFeeInForce(catalogue, code, date)).filter((entry): entry is FeeCatalogueEntry => entry !== null);
}

/**
 * The statutory maximum (öre) of a catalogue code, or null when the law caps no fee of that code
 * (an organisation's own fees, e.g. KFM's application fee passed on).
 * @example statutoryFeeMaxOre('COLLECTION_180') // 18000
 */
export function statutoryFeeMaxOre(code: string): Ore | null {
  return STATUTORY_FEE_MAX_ORE[code] ?? null;
}

/**
 * Checks a fee catalogue amount against the law; throws FEE_NOT_ALLOWED citing it when a
 * statutory code is priced above its maximum: 60/180/170 kr (lag 1981:739 4 §) or the fixed
 * 450 kr (4 a §). "Särskilda skäl" for more than 60/180/170 kr belong to one case (checkFeeAddition
 * takes the reason there), never to a standing catalogue price, so the catalogue never exceeds
 * the maximum. Other codes are not capped.
 * @example assertFeeCatalogueAmount('REMINDER_60', kronor(75)) // throws FEE_NOT_ALLOWED: 'Påminnelseavgift får vara högst 60,00 kr …'
 */
export function assertFeeCatalogueAmount(code: string, amountOre: Ore): void {
  const maxOre = statutoryFeeMaxOre(code);
  if (maxOre === null || amountOre <= maxOre) return;
  const details = { code, amountOre, maxOre };
  if (code === LATE_FEE_CODE) {
    throw new DomainError('FEE_NOT_ALLOWED', `Förseningsersättningen är ${formatOre(maxOre)} och kan inte vara högre (lag 1981:739 4 a §)`, details);
  }
  const name = DEFAULT_FEE_CATALOGUE.find((entry) => entry.code === code)?.name ?? code;
  throw new DomainError(
    'FEE_NOT_ALLOWED',
    `${name} (${code}) får vara högst ${formatOre(maxOre)} enligt lag 1981:739 4 §; avgiftskatalogen kan inte ha ett högre belopp`,
    details,
  );
}
