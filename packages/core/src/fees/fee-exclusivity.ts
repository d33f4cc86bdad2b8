import { LATE_FEE_ABSORBED_CODES, LATE_FEE_CODE } from './statutory-fees';

/** Why a fee cannot sit beside the case's other fees (the 450 kr exclusivity). */
export interface FeeExclusivityClash {
  /** The fee that would be added (or, for a whole set, LATE_FEE_450). */
  code: string;
  /** The fees it clashes with, sorted. */
  conflicting_codes: string[];
  /** Swedish explanation for staff. */
  message: string;
}

const ABSORBS_TEXT =
  'Förseningsersättningen på 450 kr ersätter påminnelse-, inkasso- och amorteringsplansavgift; de läggs aldrig till ovanpå (lag 1981:739 4 a §)';

/**
 * The 450 kr förseningsersättning clash for adding `code` to a case with `existingCodes`:
 * LATE_FEE_450 when REMINDER_60 / COLLECTION_180 / PAYMENT_PLAN_170 exist, or one of those when
 * LATE_FEE_450 exists. null when there is no clash (a duplicate is not a clash: NO_DOUBLE_FEES).
 * The one definition of the rule; the rule engine's fee_450_exclusive uses it too.
 * @example findFeeExclusivityClash('COLLECTION_180', ['LATE_FEE_450'])?.conflicting_codes // ["LATE_FEE_450"]
 */
export function findFeeExclusivityClash(code: string, existingCodes: readonly string[]): FeeExclusivityClash | null {
  if (code === LATE_FEE_CODE) {
    const absorbed = [...new Set(existingCodes.filter((existing) => LATE_FEE_ABSORBED_CODES.includes(existing)))].sort();
    if (absorbed.length === 0) return null;
    return {
      code,
      conflicting_codes: absorbed,
      message: `Förseningsersättning kan inte läggas till: ärendet har redan ${absorbed.join(', ')}. ${ABSORBS_TEXT}.`,
    };
  }
  if (LATE_FEE_ABSORBED_CODES.includes(code) && existingCodes.includes(LATE_FEE_CODE)) {
    return {
      code,
      conflicting_codes: [LATE_FEE_CODE],
      message: `Avgiften ${code} kan inte läggas till: ärendet har förseningsersättning (${LATE_FEE_CODE}). ${ABSORBS_TEXT}.`,
    };
  }
  return null;
}

/**
 * The clash inside a set of fees already on a case (data from before the rule, or an import):
 * LATE_FEE_450 together with any fee it absorbs. null when the set is consistent.
 * @example findFeeSetExclusivityClash(['LATE_FEE_450', 'REMINDER_60'])?.conflicting_codes // ["REMINDER_60"]
 */
export function findFeeSetExclusivityClash(codes: readonly string[]): FeeExclusivityClash | null {
  if (!codes.includes(LATE_FEE_CODE)) return null;
  const clash = findFeeExclusivityClash(LATE_FEE_CODE, codes);
  if (clash === null) return null;
  return {
    ...clash,
    message: `Ärendet har både förseningsersättning (${LATE_FEE_CODE}) och ${clash.conflicting_codes.join(', ')}. ${ABSORBS_TEXT}.`,
  };
}
