import { randomInt } from 'node:crypto';
import { addDays, appendLuhnCheckDigit, DomainError, type IsoDate } from '@fordran/core';
import type { OrgScope } from '../../access/operator';
import { createCreditor } from '../../creditors/creditors';
import { createParty } from '../../parties/parties';
import { createCase } from '../../cases/create-case';
import { calculateCaseInterest } from '../../cases/case-interest';
import { addCaseFee } from '../../cases/case-fees';
import type { CaseDetail } from '../../schemas/cases';

/*
 * The six test cases of a QA batch (issue 11: person and company, with and without interest and
 * fees), made through the real use cases so the templates see exactly what a real case gives.
 * Every row carries the batch's id: nothing is booked in the ledger or audited for it, and it is
 * in no list or figure (audit/business-records, the store's realRecordCondition).
 * Long names and Swedish letters on purpose: an SMS that fits for them fits for most debtors.
 */

type Debtor = 'person' | 'company';

interface QaCaseSpec {
  label: string;
  debtor: Debtor;
  interest: boolean;
  fees: boolean;
  principal: string;
}

export const QA_CASE_SPECS: readonly QaCaseSpec[] = [
  { label: 'Privatperson utan ränta och avgifter', debtor: 'person', interest: false, fees: false, principal: '1250.00' },
  { label: 'Privatperson med ränta', debtor: 'person', interest: true, fees: false, principal: '7950.00' },
  { label: 'Privatperson med ränta och avgifter', debtor: 'person', interest: true, fees: true, principal: '12345.50' },
  { label: 'Företag utan ränta och avgifter', debtor: 'company', interest: false, fees: false, principal: '48000.00' },
  { label: 'Företag med avgifter', debtor: 'company', interest: false, fees: true, principal: '15600.00' },
  { label: 'Företag med ränta och avgifter', debtor: 'company', interest: true, fees: true, principal: '123456.78' },
];

/** Days the test claims are overdue: long enough for interest over a half-year change of rate. */
const DAYS_OVERDUE = 200;

export interface QaFixtures {
  creditor_id: string;
  party_ids: Record<Debtor, string>;
}

function randomDigits(count: number): string {
  return Array.from({ length: count }, () => String(randomInt(10))).join('');
}

/**
 * A valid personnummer and organisationsnummer of the batch's own (random: each is unique in an
 * organisation, and two batches may exist at once). The personnummer's serial starts with 9, as
 * Skatteverket's test numbers do.
 */
function qaIdentifiers(): { nationalId: string; orgNo: string } {
  return { nationalId: `19811218${appendLuhnCheckDigit(`8112189${randomDigits(2)}`).slice(-4)}`, orgNo: appendLuhnCheckDigit(`559${randomDigits(6)}`) };
}

/** The batch's own creditor (a business, so the 450 kr fee may apply) and its two debtors, marked as the batch's. */
export async function createQaFixtures(ctx: OrgScope, batchId: string): Promise<QaFixtures> {
  const { nationalId, orgNo } = qaIdentifiers();
  const ofBatch = { qaBatchId: batchId };
  const creditor = await createCreditor(ctx, { name: 'Mall-QA Borgenär Norrlands Elnät och Fjärrvärme AB', is_business: true }, ofBatch);
  const person = await createParty(
    ctx,
    {
      type: 'person',
      name: 'Mall-QA Karl-Johan Östlund-Andersson',
      national_id: nationalId,
      email: 'mall-qa@example.se',
      phone: '070-123 45 67',
      address_json: { street: 'Storgatan 1', zip: '111 22', city: 'Stockholm' },
    },
    ofBatch,
  );
  const company = await createParty(
    ctx,
    {
      type: 'company',
      name: 'Mall-QA Åkeriföretaget i Övre Norrland Aktiebolag',
      org_no: orgNo,
      email: 'mall-qa-foretag@example.se',
      phone: '070-765 43 21',
      address_json: { street: 'Industrivägen 12', zip: '971 00', city: 'Luleå' },
    },
    ofBatch,
  );
  return { creditor_id: creditor.id, party_ids: { person: person.id, company: company.id } };
}

/** The first fee the case may take without a special reason (as the case page offers it). */
function firstAvailableFee(detail: CaseDetail): string {
  const option = detail.fee_options.find((each) => each.available && !each.requires_reason);
  if (!option) throw new DomainError('VALIDATION_FAILED', 'Ingen avgift i avgiftskatalogen kan läggas på testärendet');
  return option.code;
}

/** One test case: created as a draft of the batch, then interest calculated and a fee added as the spec says. */
export async function createQaCase(ctx: OrgScope, fixtures: QaFixtures, spec: QaCaseSpec, index: number, batchId: string): Promise<string> {
  const today: IsoDate = ctx.app.clock.today();
  const created = await createCase(
    ctx,
    {
      creditor_id: fixtures.creditor_id,
      party_id: fixtures.party_ids[spec.debtor],
      reference_no: `MALL-QA-${index + 1}`,
      principal_amount: spec.principal,
      due_date: addDays(today, -DAYS_OVERDUE),
      contract_type: 'Faktura',
      notes: 'Testärende för Mall-QA; tas bort med Rensa.',
      reminder_fee_agreed: true,
    },
    { qaBatchId: batchId },
  );
  if (spec.interest) await calculateCaseInterest(ctx, created.id);
  if (spec.fees) await addCaseFee(ctx, created.id, { code: firstAvailableFee(created) });
  return created.id;
}
