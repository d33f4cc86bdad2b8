import { kronor, type Ore } from '../money';
import { PAYMENT_PLAN_FEE_CODE, PAYMENT_PLAN_STATUTORY_MAX_FEE_ORE } from '../payment-plan';

/** Påminnelseavgift: written payment reminder (lag 1981:739 2 §, max 60 kr by 4 §). */
export const REMINDER_FEE_CODE = 'REMINDER_60';
/** Inkassoavgift: an inkassokrav as inkassolagen 5 § requires (lag 1981:739 3 § 1, max 180 kr by 4 §). */
export const COLLECTION_FEE_CODE = 'COLLECTION_180';
/** Förseningsersättning: fixed 450 kr between businesses (lag 1981:739 4 a §). */
export const LATE_FEE_CODE = 'LATE_FEE_450';
// Amorteringsplan (lag 1981:739 3 § 2, max 170 kr by 4 §): PAYMENT_PLAN_FEE_CODE, owned by the
// payment-plan module that books it.

/**
 * The statutory amounts, öre. 60/180/170 are maxima (lag 1981:739 4 §) "om det inte finns
 * särskilda skäl till annat"; 450 is a fixed amount (4 a §) with no such exception. In the law
 * itself since 2013-03-16 (SFS 2013:56); förordning 1981:1057 is repealed and not the source.
 */
export const STATUTORY_FEE_MAX_ORE: Readonly<Record<string, Ore>> = Object.freeze({
  [REMINDER_FEE_CODE]: kronor(60),
  [COLLECTION_FEE_CODE]: kronor(180),
  [PAYMENT_PLAN_FEE_CODE]: PAYMENT_PLAN_STATUTORY_MAX_FEE_ORE,
  [LATE_FEE_CODE]: kronor(450),
});

/** The day the current amounts took effect (SFS 2013:56), the default catalogue's valid_from. */
export const STATUTORY_FEES_VALID_FROM = '2013-03-16';

/**
 * Fees the 450 kr förseningsersättning absorbs: with it, reminder, inkassokrav and payment-plan
 * costs are owed only above 450 kr, so they are never added on top (domain reference §4.4 and
 * §9 fact 3: never 450 + 180 + 60).
 */
export const LATE_FEE_ABSORBED_CODES: readonly string[] = Object.freeze([REMINDER_FEE_CODE, COLLECTION_FEE_CODE, PAYMENT_PLAN_FEE_CODE]);
