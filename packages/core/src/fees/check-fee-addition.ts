import type { IsoDate } from '../dates';
import { DomainError } from '../errors';
import { formatOre } from '../money';
import { PAYMENT_PLAN_FEE_CODE } from '../payment-plan';
import { findFeeInForce, type FeeCatalogueEntry } from './fee-catalogue';
import { findFeeExclusivityClash } from './fee-exclusivity';
import { COLLECTION_FEE_CODE, LATE_FEE_CODE, REMINDER_FEE_CODE, STATUTORY_FEE_MAX_ORE } from './statutory-fees';

export interface FeeAdditionInput {
  /** Catalogue code of the fee to add, e.g. "COLLECTION_180". */
  code: string;
  /** Codes of the fees already on the case. */
  existingFeeCodes: readonly string[];
  /** The debtor party's type: a person is a consumer here. */
  debtorType: 'person' | 'company';
  /** Whether the creditor acts as a business (näringsidkare). */
  isCreditorBusiness: boolean;
  /** Whether a reminder fee was agreed no later than when the debt arose (the claim records it). */
  isReminderFeeAgreed: boolean;
  /** Whether a payment plan was drawn up with the debtor (`isPaymentPlanDrawnUp`). */
  hasPaymentPlan: boolean;
  /** Whether an inkassokrav meeting inkassolagen 5 § was sent to the debtor (`hasSentCompliantDemand`). */
  hasSentDemand: boolean;
  catalogue: readonly FeeCatalogueEntry[];
  /** The date the fee is added; picks the catalogue row in force. */
  today: IsoDate;
  /**
   * The "särskilda skäl" (lag 1981:739 4 § first paragraph) that allow charging more than
   * 60/180/170 kr, stated in words. Never lifts the fixed 450 kr.
   */
  aboveMaximumReason?: string | null;
}

/** The fee to book: the catalogue row in force, plus the reason when it exceeds the maximum. */
export interface AcceptedFee extends FeeCatalogueEntry {
  above_maximum_reason?: string;
}

/** The fee may be added (with the reason when it exceeds the maximum), or the refusal to throw. */
export type FeeAdditionDecision =
  | { isAllowed: true; fee: AcceptedFee }
  | {
      isAllowed: false;
      error: DomainError;
      /** Refused only for want of the "särskilda skäl" that allow an amount above the maximum. */
      isReasonMissing: boolean;
    };

/** Why the 180 kr fee is refused before an inkassokrav has gone out. */
export const COLLECTION_FEE_NEEDS_DEMAND_MESSAGE =
  'Inkassoavgift får bara tas ut när ett inkassokrav som uppfyller inkassolagen 5 § har skickats till gäldenären (lag 1981:739 3 § 1)';

function refused(error: DomainError, isReasonMissing = false): FeeAdditionDecision {
  return { isAllowed: false, error, isReasonMissing };
}

function notAllowed(message: string, details: Record<string, unknown>): FeeAdditionDecision {
  return refused(new DomainError('FEE_NOT_ALLOWED', message, details));
}

/**
 * Whether a catalogue fee may be added to a case, by the catalogue and the law: the fee to book,
 * or the refusal — FEE_NOT_FOUND (no active row in force today), NO_DOUBLE_FEES ('Avgift redan
 * tillagd'), or FEE_NOT_ALLOWED with the reason: förseningsersättning to a consumer or from a
 * non-business creditor (4 a §), a reminder fee without prior agreement (2 §), a plan fee without
 * a plan drawn up with the debtor (3 § 2), the collection fee without a sent inkassokrav that
 * meets inkassolagen 5 § (3 § 1), the 450 kr exclusivity in either direction, or an
 * amount above the statutory maximum (4 §; 4 a § for the fixed 450 kr). The one decision the
 * add-fee use case and the add-fee dialog's choices both take.
 * @example decideFeeAddition({ code: 'PAYMENT_PLAN_170', existingFeeCodes: [], debtorType: 'person', isCreditorBusiness: true,
 *   isReminderFeeAgreed: false, hasPaymentPlan: false, hasSentDemand: false, catalogue: DEFAULT_FEE_CATALOGUE, today: '2026-11-22' }).isAllowed // false
 */
export function decideFeeAddition(input: FeeAdditionInput): FeeAdditionDecision {
  const { code } = input;
  const entry = findFeeInForce(input.catalogue, code, input.today);
  if (entry === null) return refused(new DomainError('FEE_NOT_FOUND', undefined, { code, today: input.today }));
  if (input.existingFeeCodes.includes(code)) return refused(new DomainError('NO_DOUBLE_FEES', undefined, { code }));

  if (code === LATE_FEE_CODE) {
    if (input.debtorType === 'person') {
      return notAllowed('Förseningsersättning får inte tas ut av en privatperson – den gäller bara mellan näringsidkare (lag 1981:739 4 a §)', {
        code,
        debtorType: input.debtorType,
      });
    }
    if (!input.isCreditorBusiness) {
      return notAllowed('Förseningsersättning får bara tas ut när borgenären är näringsidkare (lag 1981:739 4 a §)', { code });
    }
  }
  if (code === REMINDER_FEE_CODE && !input.isReminderFeeAgreed) {
    return notAllowed('Påminnelseavgift får bara tas ut om den avtalades senast när skulden uppkom (lag 1981:739 2 §)', { code });
  }
  if (code === PAYMENT_PLAN_FEE_CODE && !input.hasPaymentPlan) {
    return notAllowed('Avgift för amorteringsplan får bara tas ut när en amorteringsplan har upprättats med gäldenären (lag 1981:739 3 § 2)', { code });
  }
  if (code === COLLECTION_FEE_CODE && !input.hasSentDemand) {
    return notAllowed(COLLECTION_FEE_NEEDS_DEMAND_MESSAGE, { code });
  }

  const clash = findFeeExclusivityClash(code, input.existingFeeCodes);
  if (clash !== null) return notAllowed(clash.message, { code, conflicting_codes: clash.conflicting_codes });

  const maxOre = STATUTORY_FEE_MAX_ORE[code];
  if (maxOre !== undefined && entry.amountOre > maxOre) {
    const reason = input.aboveMaximumReason?.trim();
    if (code === LATE_FEE_CODE) {
      return notAllowed(`Förseningsersättningen är ${formatOre(maxOre)} och kan inte vara högre (lag 1981:739 4 a §)`, {
        code,
        amountOre: entry.amountOre,
        maxOre,
      });
    }
    if (!reason) {
      const message = `${entry.name} får vara högst ${formatOre(maxOre)} om det inte finns särskilda skäl (lag 1981:739 4 §)`;
      return refused(new DomainError('FEE_NOT_ALLOWED', message, { code, amountOre: entry.amountOre, maxOre }), true);
    }
    return { isAllowed: true, fee: { ...entry, above_maximum_reason: reason } };
  }
  return { isAllowed: true, fee: { ...entry } };
}

/**
 * `decideFeeAddition`, throwing its refusal.
 * @example checkFeeAddition({ code: 'COLLECTION_180', existingFeeCodes: [], debtorType: 'person', isCreditorBusiness: true,
 *   isReminderFeeAgreed: false, hasPaymentPlan: false, hasSentDemand: true, catalogue: DEFAULT_FEE_CATALOGUE, today: '2026-11-22' }).amountOre // 18000
 */
export function checkFeeAddition(input: FeeAdditionInput): AcceptedFee {
  const decision = decideFeeAddition(input);
  if (!decision.isAllowed) throw decision.error;
  return decision.fee;
}
