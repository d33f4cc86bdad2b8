import { addDays, type IsoDate } from '../dates';
import type { InterestPeriod } from '../interest';
import { caseMessageReference } from '../matching';
import { ore, type Ore } from '../money';
import { claimDescription, feeSpecification, interestSpecification, type SpecifiedFee } from './case-specification';
import { DEMAND_PAYMENT_DAYS_DEFAULT, demandPaymentDeadline } from './demand-content';
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

/**
 * A made-up case for previewing a template before any case is chosen (the editor's live preview):
 * the spec's demo claim of 7 950 kr, a half-year of dröjsmålsränta and the inkassoavgift, due 30
 * days before `today`. Every variable has a value, so only an unknown variable can fail.
 * @example commTemplateValuesForCase(exampleCaseContext('2026-11-22', 'Nordisk Inkasso AB')).principal // 795000
 */
export function exampleCaseContext(today: IsoDate, agentName: string): CommTemplateCaseContext {
  const dueDate = addDays(today, -30);
  const interest = {
    from: addDays(dueDate, 1),
    to: today,
    days: 30,
    rate_pa: '10.00',
    reference_rate_bp: 200,
    principalOre: ore(795_000),
    amountOre: ore(6_534),
  };
  return {
    case_id: '3f2a1b2c-9d8e-4f70-a1b2-c3d4e5f60718',
    debtor: { name: 'Sven Svensson', national_id: '19811218-9876' },
    creditor_name: 'Exempelbolaget AB',
    agent_name: agentName,
    claim_reference: 'F-2026-001',
    contract_type: 'Faktura',
    total_outstandingOre: ore(795_000 + 6_534 + 18_000),
    total_principalOre: ore(795_000),
    total_interestOre: ore(6_534),
    total_feesOre: ore(18_000),
    amount_paidOre: ore(0),
    interest_periods: [interest],
    fees: [{ name: 'Inkassoavgift', amountOre: ore(18_000) }],
    due_date: dueDate,
    today,
    sent_on: today,
    payment_days: DEMAND_PAYMENT_DAYS_DEFAULT,
    ocr: '1234567897',
    bankgiro: '5402-9681',
  };
}
