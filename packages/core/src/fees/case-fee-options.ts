import type { IsoDate } from '../dates';
import type { Ore } from '../money';
import { evaluateRules } from '../rules/evaluate-rules';
import type { RuleDefinition, RuleFacts } from '../rules/rule-model';
import { decideFeeAddition, type FeeAdditionInput } from './check-fee-addition';
import { feeCatalogueInForce } from './fee-catalogue';

/** The message of a closed case, as the case use cases refuse it. */
export const CASE_CLOSED_MESSAGE = 'Ärendet är stängt – öppna det igen först';

/** A catalogue fee in the add-fee dialog: whether it can be added to the case now, and if not, why. */
export interface CaseFeeOption {
  code: string;
  name: string;
  amountOre: Ore;
  isAvailable: boolean;
  /** Why it cannot be added (Swedish); null when it can. */
  unavailableReason: string | null;
  /** Its amount is above the statutory maximum: it can be added with the "särskilda skäl" stated. */
  requiresReason: boolean;
}

export interface CaseFeeOptionsInput extends Omit<FeeAdditionInput, 'code' | 'aboveMaximumReason' | 'today'> {
  today: IsoDate;
  /** The organisation's rules and what they know of the case (the add_fee action's fee code is added per fee). */
  rules: readonly RuleDefinition[];
  ruleFacts: RuleFacts;
}

/**
 * Every catalogue fee in force today with whether it can be added to the case, in the order the
 * add-fee use case checks: a closed case, a fee already on it ('Avgift redan tillagd'), the
 * organisation's rules for add_fee (a block gives the rule's message), then the law
 * (`decideFeeAddition`). A fee refused only for want of "särskilda skäl" is available with
 * `requiresReason`. Sorted by code.
 * @example caseFeeOptions({ ...caseFacts, catalogue: DEFAULT_FEE_CATALOGUE, rules: [] }).find((o) => o.code === 'REMINDER_60')?.unavailableReason
 * // 'Påminnelseavgift får bara tas ut om den avtalades senast när skulden uppkom (lag 1981:739 2 §)'
 */
export function caseFeeOptions(input: CaseFeeOptionsInput): CaseFeeOption[] {
  return feeCatalogueInForce(input.catalogue, input.today).map((entry) => {
    const option = { code: entry.code, name: entry.name, amountOre: entry.amountOre };
    const unavailable = (reason: string) => ({ ...option, isAvailable: false, unavailableReason: reason, requiresReason: false });
    if (input.ruleFacts.caseStatus === 'closed') return unavailable(CASE_CLOSED_MESSAGE);
    const decision = decideFeeAddition({ ...input, code: entry.code });
    if (!decision.isAllowed && decision.error.code === 'NO_DOUBLE_FEES') return unavailable(decision.error.message);
    const evaluation = evaluateRules('add_fee', { ...input.ruleFacts, feeCode: entry.code }, input.rules);
    const block = evaluation.violations.find((violation) => violation.blocks_action);
    if (block) return unavailable(`Åtgärd blockerad: ${block.message}`);
    if (decision.isAllowed || decision.isReasonMissing) {
      return { ...option, isAvailable: true, unavailableReason: null, requiresReason: !decision.isAllowed };
    }
    return unavailable(decision.error.message);
  });
}
