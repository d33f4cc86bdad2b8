import type { IsoDate } from '../dates';
import { caseMessageReference } from '../matching';
import type { Ore } from '../money';
import type { CommTemplateValues } from './template-variables';

/** What a message about a case is rendered from (cases, parties, creditors, claims). */
export interface CommTemplateCaseContext {
  case_id: string;
  debtor: { name: string; national_id?: string | null; org_no?: string | null };
  creditor_name: string;
  /** The claim's reference_no; the message reference stands in when absent (as the portal does). */
  claim_reference?: string | null;
  /** cases.total_outstanding, öre. */
  total_outstandingOre: Ore;
  total_principalOre: Ore;
  total_interestOre: Ore;
  total_feesOre: Ore;
  due_date: IsoDate | null;
  /** The current date (core has no clock). */
  today: IsoDate;
  ocr?: string | null;
  bankgiro?: string | null;
}

/**
 * The template values of a case: amount = total outstanding, debtor_national_id = national id
 * or else org number, case_reference = claim reference or else the message reference (first 8
 * characters of the case id in upper case, spec part 1 §9). Missing facts stay null, so
 * rendering a template that needs them fails with TEMPLATE_VALUE_MISSING.
 * @example commTemplateValuesForCase(context).message_reference // "3F2A1B2C"
 */
export function commTemplateValuesForCase(context: CommTemplateCaseContext): CommTemplateValues {
  const messageReference = caseMessageReference(context.case_id);
  const nonBlank = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);
  return {
    debtor_name: context.debtor.name,
    debtor_national_id: nonBlank(context.debtor.national_id) ?? nonBlank(context.debtor.org_no),
    creditor_name: context.creditor_name,
    case_reference: nonBlank(context.claim_reference) ?? messageReference,
    amount: context.total_outstandingOre,
    principal: context.total_principalOre,
    interest: context.total_interestOre,
    fees: context.total_feesOre,
    due_date: context.due_date,
    today: context.today,
    message_reference: messageReference,
    ocr: nonBlank(context.ocr),
    bankgiro: nonBlank(context.bankgiro),
  };
}
