import { commTemplateValuesForCase, DEMAND_PAYMENT_DAYS_DEFAULT, DomainError, renderTemplate, type CommTemplateValues, type IsoDate } from '@fordran/core';
import {
  findCaseParties,
  findCaseRow,
  findCommTemplateRow,
  findCommTemplateRowByCode,
  findOrganisationRow,
  listBankAccountRows,
  listCaseFeeRows,
  type CommTemplateRow,
  type Db,
  type OrganisationSettingsJson,
} from '@fordran/store';
import type { AppContext } from '../../context';
import { swedishDateOfInstant } from '../../clock';
import { caseNotFound } from '../../cases/case-scope';
import { caseInterestPeriods } from '../../cases/case-interest';
import { loadCodeNames } from '../../labels/code-names';

/** settings_json key of the organisation's payment time for demands, in days (at least 8). */
export const DEMAND_PAYMENT_DAYS_SETTING = 'demand_payment_days';

/** The organisation's payment time for demands: its setting, else 10 days (core checks it is at least 8). */
export function demandPaymentDaysOf(settings: OrganisationSettingsJson | null | undefined): number {
  const value = settings?.[DEMAND_PAYMENT_DAYS_SETTING];
  return typeof value === 'number' ? value : DEMAND_PAYMENT_DAYS_DEFAULT;
}

export interface RenderCaseMessageInput {
  orgId: string;
  caseId: string;
  template: Pick<CommTemplateRow, 'subject' | 'body_md'>;
  today: IsoDate;
  /** When the message goes out (default today): the payment deadline counts from its Swedish date. */
  sentAt?: string;
}

/** A template rendered for one case. */
export interface RenderedCaseMessage {
  subject: string | null;
  body: string;
  /** The values the template was rendered with (for a preview's variable list). */
  values: CommTemplateValues;
}

/** The bankgiro the debtor pays to: the first active account with one, client funds first. */
async function paymentBankgiro(db: Db, orgId: string): Promise<string | null> {
  const accounts = await listBankAccountRows(db, orgId, { includeInactive: false });
  return accounts.find((account) => account.bg_number)?.bg_number ?? null;
}

/**
 * A template rendered with everything about one case of the organisation (the seam between
 * templates and sending): debtor, creditor, the organisation as the agent, the claim, capital,
 * interest per period, each fee, paid and total, the payment deadline (sent date + the
 * organisation's payment days, at least 8), bankgiro and OCR. Throws NOT_FOUND for a case
 * outside the organisation, core's UNKNOWN_TEMPLATE_VARIABLE / TEMPLATE_VALUE_MISSING naming the
 * variables (e.g. a bankgiro the organisation has not registered), and
 * INTEREST_SPECIFICATION_MISMATCH when the case's interest no longer matches its periods.
 * The caller checks the role and the case's scope. `db` may be a transaction; the app is part of
 * the seam's agreed signature (sending and dunning call it so) though rendering needs nothing of it yet.
 */
export async function renderCaseMessage(db: Db, _app: AppContext, input: RenderCaseMessageInput): Promise<RenderedCaseMessage> {
  const row = await findCaseRow(db, { orgId: input.orgId }, input.caseId);
  if (!row) throw caseNotFound();
  const { claim, creditor, party } = await findCaseParties(db, row);
  const organisation = await findOrganisationRow(db, input.orgId);
  if (!claim || !creditor || !party || !organisation) {
    throw new DomainError('INTERNAL_ERROR', undefined, { case_id: row.id, reason: 'case without claim, parties or organisation' });
  }
  const names = await loadCodeNames(db, input.orgId);
  const fees = (await listCaseFeeRows(db, input.orgId, row.id)).map((fee) => ({ name: names.fee(fee.code), amountOre: fee.amount }));
  const values = commTemplateValuesForCase({
    case_id: row.id,
    debtor: { name: party.name, national_id: party.national_id, org_no: party.org_no },
    creditor_name: creditor.name,
    agent_name: organisation.name,
    claim_reference: claim.reference_no,
    contract_type: claim.contract_type,
    total_outstandingOre: row.total_outstanding,
    total_principalOre: row.total_principal,
    total_interestOre: row.total_interest,
    total_feesOre: row.total_fees,
    amount_paidOre: row.amount_paid_total,
    interest_periods: await caseInterestPeriods(db, { row, claim }),
    fees,
    due_date: claim.due_date,
    today: input.today,
    sent_on: input.sentAt ? swedishDateOfInstant(input.sentAt) : input.today,
    payment_days: demandPaymentDaysOf(organisation.settings_json),
    ocr: row.ocr_reference,
    bankgiro: await paymentBankgiro(db, input.orgId),
  });
  return {
    subject: input.template.subject ? renderTemplate(input.template.subject, values) : null,
    body: renderTemplate(input.template.body_md, values),
    values,
  };
}

/**
 * The active template a message is sent with, by id or code (case-insensitive): NOT_FOUND
 * ('Mallen hittades inte') when the organisation has none, VALIDATION_FAILED when it is switched off.
 */
export async function findTemplateForSending(db: Db, orgId: string, idOrCode: string): Promise<CommTemplateRow> {
  const key = idOrCode.trim();
  const row = (await findCommTemplateRow(db, orgId, key)) ?? (await findCommTemplateRowByCode(db, orgId, key.toUpperCase()));
  if (!row) throw new DomainError('NOT_FOUND', 'Mallen hittades inte', { template: key });
  if (!row.is_active) throw new DomainError('VALIDATION_FAILED', `Mallen ${row.code} är inaktiverad och kan inte användas`, { template: row.code });
  return row;
}
