import { addDays, type IsoDate } from '../dates';
import { DomainError } from '../errors';
import type { CommTemplateCategory } from './comm-constants';
import type { CommunicationStatus } from './communication-status';
import { extractTemplateVariables, type CommTemplateVariableName } from './template-variables';

/** God inkassosed: the debtor gets at least 8 days from sending to pay or object (domain reference §4.6). */
export const DEMAND_PAYMENT_DAYS_MIN = 8;

/** The organisation's payment time when it has chosen none. */
export const DEMAND_PAYMENT_DAYS_DEFAULT = 10;

/** Longest payment time an organisation may set (a demand gives a deadline, not an open-ended one). */
export const DEMAND_PAYMENT_DAYS_MAX = 60;

/**
 * Checks an organisation's payment time for demands: a whole number of days from 8 to 60.
 * Throws DEMAND_PAYMENT_DAYS_TOO_SHORT below 8 (never lowered, whatever is configured) and
 * VALIDATION_FAILED for anything else that is not a whole number in range.
 * @example checkDemandPaymentDays(10) // 10
 */
export function checkDemandPaymentDays(days: number): number {
  if (!Number.isSafeInteger(days)) throw new DomainError('VALIDATION_FAILED', 'Betalningstiden måste vara ett helt antal dagar', { days });
  if (days < DEMAND_PAYMENT_DAYS_MIN) throw new DomainError('DEMAND_PAYMENT_DAYS_TOO_SHORT', undefined, { days, min: DEMAND_PAYMENT_DAYS_MIN });
  if (days > DEMAND_PAYMENT_DAYS_MAX) {
    throw new DomainError('VALIDATION_FAILED', `Betalningstiden får vara högst ${DEMAND_PAYMENT_DAYS_MAX} dagar`, { days, max: DEMAND_PAYMENT_DAYS_MAX });
  }
  return days;
}

/**
 * The last day to pay or object: `days` after the day the demand is sent (at least 8).
 * @example demandPaymentDeadline('2026-11-20', 10) // "2026-11-30"
 */
export function demandPaymentDeadline(sentOn: IsoDate, days: number): IsoDate {
  return addDays(sentOn, checkDemandPaymentDays(days));
}

/** One thing an inkassokrav must contain, found by its variables and, for fixed wording, a pattern. */
export interface DemandContentElement {
  code: string;
  /** Swedish, as the template QA report lists what is missing. */
  label: string;
  /** Every one of these must be a placeholder of the body. */
  variables: readonly CommTemplateVariableName[];
  /** Wording that has no variable (how to object, what happens next) must match this. */
  pattern?: RegExp;
}

/**
 * What inkassolagen 5 § and god inkassosed ask of a demand (domain reference §4.6), in the
 * order a demand letter reads: who claims, from whom, for what; capital, interest with rate and
 * period, each fee and the total; by when and how to pay; how to object; what happens next.
 */
export const DEMAND_CONTENT: readonly DemandContentElement[] = [
  { code: 'creditor', label: 'Borgenär', variables: ['creditor_name'] },
  { code: 'agent', label: 'Inkassoombud', variables: ['agent_name'] },
  { code: 'debtor', label: 'Gäldenär', variables: ['debtor_name'] },
  { code: 'claim', label: 'Vad fordran avser', variables: ['claim_description'] },
  { code: 'principal', label: 'Kapital', variables: ['principal'] },
  { code: 'interest', label: 'Ränta med räntesats och period', variables: ['interest_specification'] },
  { code: 'fees', label: 'Varje avgift för sig', variables: ['fee_specification'] },
  { code: 'total', label: 'Totalt att betala', variables: ['amount'] },
  { code: 'payment_deadline', label: 'Sista dag att betala (minst 8 dagar)', variables: ['payment_deadline'] },
  { code: 'payment_details', label: 'Bankgiro och OCR-nummer', variables: ['bankgiro', 'ocr'] },
  { code: 'objection', label: 'Hur och senast när invändning görs', variables: ['payment_deadline'], pattern: /invänd/i },
  {
    code: 'consequence',
    label: 'Vad som händer om gäldenären varken betalar eller invänder',
    variables: [],
    pattern: /kronofogden|betalningsföreläggande|rättsliga åtgärder/i,
  },
];

/**
 * The mandatory demand elements a template lacks (empty: it may go out as an inkassokrav and
 * carry the 180 kr fee, lag 1981:739 3 § 1). Looks at the template's text, so it holds for every
 * case it is rendered for.
 * @example missingDemandContent('Hej {{debtor_name}}').map((element) => element.code) // ["creditor", "agent", "claim", "principal", "interest", "fees", "total", "payment_deadline", "payment_details", "objection", "consequence"]
 */
export function missingDemandContent(templateBody: string): DemandContentElement[] {
  const used = new Set(extractTemplateVariables(templateBody));
  return DEMAND_CONTENT.filter(
    (element) => !element.variables.every((name) => used.has(name)) || (element.pattern !== undefined && !element.pattern.test(templateBody)),
  );
}

/** Statuses of a message that has left the agency (what makes a demand "sent", lag 1981:739 3 § 1). */
export const SENT_COMMUNICATION_STATUSES: readonly CommunicationStatus[] = ['sent', 'delivered', 'opened'];

/** A message of a case as the collection-fee check sees it. */
export interface CaseMessageForFee {
  status: CommunicationStatus;
  /** The category of its template; null when sent without one. */
  category: CommTemplateCategory | null;
  /** The template text it was rendered from (the version in force when it was sent). */
  template_body: string | null;
}

/**
 * Whether an inkassokrav designed as inkassolagen 5 § requires has been sent on the case: a
 * message that has left (sent, delivered or opened) of a demand template with no mandatory
 * content missing. Only then may the 180 kr inkassoavgift be charged (lag 1981:739 3 § 1).
 * @example hasSentCompliantDemand([{ status: 'pending', category: 'demand', template_body: DEMAND_BODY }]) // false
 */
export function hasSentCompliantDemand(messages: readonly CaseMessageForFee[]): boolean {
  return messages.some(
    (message) =>
      SENT_COMMUNICATION_STATUSES.includes(message.status) &&
      message.category === 'demand' &&
      message.template_body !== null &&
      missingDemandContent(message.template_body).length === 0,
  );
}
