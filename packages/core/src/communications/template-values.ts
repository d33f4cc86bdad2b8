import type { IsoDate } from '../dates';
import type { InterestPeriod } from '../interest';
import { caseMessageReference } from '../matching';
import type { Ore } from '../money';
import { claimDescription, feeSpecification, interestSpecification, type SpecifiedFee } from './case-specification';
import { demandPaymentDeadline } from './demand-content';
import type { CommTemplateValues } from './template-variables';

/** What a message about a case is rendered from (cases, parties, creditors, claims, the organisation). */
export interface CommTemplateCaseContext {
  case_id: string;
  debtor: { name: string; national_id?: string | null; org_no?: string | null };
  creditor_name: string;
  /** The collection agency sending the message: the organisation. */
  agent_name: string;
  /** The claim's reference_no; the message reference stands in when absent (as the portal does). */
  claim_reference?: string | null;
  /** The claim's kind, e.g. "Faktura". */
  contract_type?: string | null;
  /** cases.total_outstanding, öre. */
  total_outstandingOre: Ore;
  total_principalOre: Ore;
  total_interestOre: Ore;
  total_feesOre: Ore;
  amount_paidOre: Ore;
  /** The periods the case's interest was calculated over; their amounts add up to total_interestOre. */
  interest_periods: readonly InterestPeriod[];
  /** Each fee charged on the case; their amounts add up to total_feesOre. */
  fees: readonly SpecifiedFee[];
  due_date: IsoDate | null;
  /** The current date (core has no clock). */
  today: IsoDate;
  /** The day the message goes out: the payment deadline counts from it. */
  sent_on: IsoDate;
  /** The organisation's payment time for demands, at least 8 days. */
  payment_days: number;
  ocr?: string | null;
  bankgiro?: string | null;
}

/**
 * The template values of a case: amount = total outstanding, debtor_national_id = national id
 * or else org number, case_reference = claim reference or else the message reference (first 8
 * characters of the case id in upper case, spec part 1 §9), the interest and fee blocks,
 * payment_deadline = sent_on + payment_days. Missing facts stay null, so rendering a template
 * that needs them fails with TEMPLATE_VALUE_MISSING. Throws INTEREST_SPECIFICATION_MISMATCH when
 * the interest periods do not add up to the case's interest, DEMAND_PAYMENT_DAYS_TOO_SHORT below 8 days.
 * @example commTemplateValuesForCase(context).message_reference // "3F2A1B2C"
 */
export function commTemplateValuesForCase(context: CommTemplateCaseContext): CommTemplateValues {
  const messageReference = caseMessageReference(context.case_id);
  const nonBlank = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);
  return {
    debtor_name: context.debtor.name,
    debtor_national_id: nonBlank(context.debtor.national_id) ?? nonBlank(context.debtor.org_no),
    creditor_name: context.creditor_name,
    agent_name: nonBlank(context.agent_name),
    case_reference: nonBlank(context.claim_reference) ?? messageReference,
    claim_description: claimDescription({ reference_no: nonBlank(context.claim_reference), contract_type: context.contract_type, due_date: context.due_date }),
    amount: context.total_outstandingOre,
    principal: context.total_principalOre,
    interest: context.total_interestOre,
    interest_specification: interestSpecification(context.interest_periods, context.total_interestOre),
    fees: context.total_feesOre,
    fee_specification: feeSpecification(context.fees),
    paid: context.amount_paidOre,
    due_date: context.due_date,
    payment_deadline: demandPaymentDeadline(context.sent_on, context.payment_days),
    today: context.today,
    message_reference: messageReference,
    ocr: nonBlank(context.ocr),
    bankgiro: nonBlank(context.bankgiro),
  };
}
