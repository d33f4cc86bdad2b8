import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { addDays } from '../dates';
import { isoDateArb } from '../../test/arbitraries';
import { portalLoginInputSchema } from './auth';
import { disputeCreateInputSchema, makeCaseCreateInputSchema, makeClaimCreateSchema, ruleUpdateInputSchema } from './cases';
import { commChannelSettingInputSchema, commTemplateInputSchema } from './communications';
import {
  bankAccountInputSchema,
  caseFeeCreateInputSchema,
  distributionRuleInputSchema,
  feeCatalogueEntryInputSchema,
  interestProfileInputSchema,
  makePaymentCreateInputSchema,
  makePaymentPlanPreviewInputSchema,
  paymentAllocationInputSchema,
  portalPayIntentInputSchema,
} from './finance';
import { lawsuitCreateInputSchema } from './kfm';
import { creditorCreateInputSchema, creditorSearchInputSchema, partyCreateInputSchema, partySearchInputSchema } from './parties';
import { aiPlaybookInputSchema, riskProfileInputSchema } from './system';

const TODAY = '2026-11-22';
const CREDITOR_ID = '0b8f4c2e-5d1a-4c3e-9f7a-2b6d8e1c4a90';
const PARTY_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const CASE_ID = '11111111-1111-1111-1111-111111111111';
const PAYMENT_ID = '22222222-2222-2222-2222-222222222222';
const REQUIRED = 'Alla obligatoriska fält måste fyllas i';

type Input = Record<string, unknown>;

/** `undefined` in a patch removes the field. */
function patched(valid: Input, patch: Input): Input {
  const result: Input = { ...valid, ...patch };
  for (const [key, value] of Object.entries(patch)) if (value === undefined) delete result[key];
  return result;
}

/** Issues as "path: message" lines. */
function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

interface SchemaCase {
  name: string;
  schema: z.ZodType;
  valid: Input;
  invalid: [patch: Input, issue: string][];
}

const CASES: SchemaCase[] = [
  {
    name: 'makeClaimCreateSchema',
    schema: makeClaimCreateSchema(TODAY),
    valid: { creditor_id: CREDITOR_ID, reference_no: 'F-1001', principal_amount: '7950', due_date: '2026-10-01' },
    invalid: [
      [{ creditor_id: undefined }, `creditor_id: ${REQUIRED}`],
      [{ reference_no: '  ' }, `reference_no: ${REQUIRED}`],
      [{ reference_no: undefined }, `reference_no: ${REQUIRED}`],
      [{ principal_amount: undefined }, `principal_amount: ${REQUIRED}`],
      [{ principal_amount: '' }, `principal_amount: ${REQUIRED}`],
      [{ principal_amount: 0 }, 'principal_amount: Belopp måste vara större än 0'],
      [{ principal_amount: '-100' }, 'principal_amount: Belopp måste vara större än 0'],
      [{ principal_amount: '1 000,555' }, 'principal_amount: Beloppet får ha högst två decimaler'],
      [{ principal_amount: '10,555' }, 'principal_amount: Otydligt belopp: skriv tusental med mellanslag och decimaler efter kommatecken, t.ex. 2 000,50'],
      [{ due_date: undefined }, `due_date: ${REQUIRED}`],
      [{ due_date: '2026-11-23' }, 'due_date: Förfallodatum måste vara i det förflutna'],
      [{ due_date: '2026-02-30' }, 'due_date: Ogiltigt datum'],
    ],
  },
  {
    name: 'makeCaseCreateInputSchema',
    schema: makeCaseCreateInputSchema(TODAY),
    valid: { creditor_id: CREDITOR_ID, party_id: PARTY_ID, reference_no: 'F-1001', principal_amount: 7950, due_date: TODAY },
    invalid: [
      [{ party_id: undefined }, `party_id: ${REQUIRED}`],
      [{ creditor_id: 'acme' }, 'creditor_id: Ogiltigt id'],
      [{ principal_amount: 0 }, 'principal_amount: Belopp måste vara större än 0'],
      [{ due_date: '2027-01-01' }, 'due_date: Förfallodatum måste vara i det förflutna'],
      [{ mandate_type: 'agent' }, `agent_creditor_id: ${REQUIRED}`],
    ],
  },
  {
    name: 'creditorCreateInputSchema',
    schema: creditorCreateInputSchema,
    valid: { name: 'Acme AB', org_no: '556036-0793', contact_json: { email: 'ekonomi@acme.se' } },
    invalid: [
      [{ name: '' }, `name: ${REQUIRED}`],
      [{ name: undefined }, `name: ${REQUIRED}`],
      [{ contact_json: { email: 'acme' } }, 'contact_json.email: Ogiltig e-postadress'],
    ],
  },
  {
    name: 'creditorSearchInputSchema',
    schema: creditorSearchInputSchema,
    valid: { query: '5560360793' },
    invalid: [[{ query: ' ' }, 'query: Ange org.nr']],
  },
  {
    name: 'partyCreateInputSchema',
    schema: partyCreateInputSchema,
    valid: { type: 'person', name: 'Anna Andersson', national_id: '19900101-1234', email: 'anna@example.se' },
    invalid: [
      [{ type: undefined }, `type: ${REQUIRED}`],
      [{ type: 'robot' }, 'type: Ogiltigt val'],
      [{ name: ' ' }, `name: ${REQUIRED}`],
      [{ email: 'anna' }, 'email: Ogiltig e-postadress'],
    ],
  },
  {
    name: 'partySearchInputSchema',
    schema: partySearchInputSchema,
    valid: { query: '199001011234' },
    invalid: [[{ query: '' }, 'query: Ange org.nr eller personnr']],
  },
  {
    name: 'portalLoginInputSchema',
    schema: portalLoginInputSchema,
    valid: { national_id: '199001011234' },
    invalid: [
      [{ national_id: '9001011234' }, 'national_id: Ogiltigt personnummer'],
      [{ national_id: '19900101-1234' }, 'national_id: Ogiltigt personnummer'],
    ],
  },
  {
    name: 'feeCatalogueEntryInputSchema',
    schema: feeCatalogueEntryInputSchema,
    valid: { code: 'reminder_60', amount: '60' },
    invalid: [
      [{ code: '' }, `code: ${REQUIRED}`],
      [{ amount: 0 }, 'amount: Belopp måste vara större än 0'],
    ],
  },
  { name: 'caseFeeCreateInputSchema', schema: caseFeeCreateInputSchema, valid: { code: 'LATE_FEE_450' }, invalid: [[{ code: ' ' }, `code: ${REQUIRED}`]] },
  {
    name: 'interestProfileInputSchema',
    schema: interestProfileInputSchema,
    valid: { code: 'drojsmal', base: 'REFERENCE_RATE', margin_bp: 800, valid_from: '2026-01-01' },
    invalid: [
      [{ margin_bp: undefined }, `margin_bp: ${REQUIRED}`],
      [{ base: 'fixed', margin_bp: undefined }, `fixed_rate_pa: ${REQUIRED}`],
      [{ margin_bp: 8.5 }, 'margin_bp: Ogiltig räntesats'],
      [{ valid_to: '2025-12-31' }, 'valid_to: Ogiltig ränteprofil'],
    ],
  },
  {
    name: 'makePaymentCreateInputSchema',
    schema: makePaymentCreateInputSchema(TODAY),
    valid: { method: 'bankgiro', amount: '2000.00', ocr: '1234567897' },
    invalid: [
      [{ amount: undefined }, `amount: ${REQUIRED}`],
      [{ amount: '0' }, 'amount: Belopp måste vara större än 0'],
      [{ paid_at: '2026-11-23' }, 'paid_at: Betaldatum kan inte vara i framtiden'],
      [{ method: 'cash' }, 'method: Ogiltigt val'],
    ],
  },
  {
    name: 'paymentAllocationInputSchema',
    schema: paymentAllocationInputSchema,
    valid: { payment_id: PAYMENT_ID, case_id: CASE_ID, amount: 2000 },
    invalid: [
      [{ case_id: undefined }, `case_id: ${REQUIRED}`],
      [{ amount: -1 }, 'amount: Belopp måste vara större än 0'],
    ],
  },
  {
    name: 'portalPayIntentInputSchema',
    schema: portalPayIntentInputSchema,
    valid: { amount: 613 },
    invalid: [
      [{ amount: 0 }, 'amount: Belopp måste vara större än 0'],
      [{ amount: '0,99' }, 'amount: Lägsta belopp är 1 kr'],
      [{ method: 'bankgiro' }, 'method: Ogiltigt val'],
    ],
  },
  {
    name: 'makePaymentPlanPreviewInputSchema',
    schema: makePaymentPlanPreviewInputSchema(TODAY),
    valid: { installments: 6, first_due_date: '2026-11-29' },
    invalid: [
      [{ installments: 1 }, 'installments: Antal delbetalningar måste vara mellan 2 och 12'],
      [{ installments: 13 }, 'installments: Antal delbetalningar måste vara mellan 2 och 12'],
      [{ installments: 2.5 }, 'installments: Antal delbetalningar måste vara mellan 2 och 12'],
      [{ first_due_date: '2026-11-28' }, 'first_due_date: Första förfallodag måste vara minst 7 dagar fram i tiden'],
      [{ first_due_date: undefined }, `first_due_date: ${REQUIRED}`],
    ],
  },
  {
    name: 'bankAccountInputSchema',
    schema: bankAccountInputSchema,
    valid: { account_name: 'Klientmedel', type: 'client_funds', iban: 'se45 5000 0000 0583 9825 7466' },
    invalid: [[{ account_name: '' }, `account_name: ${REQUIRED}`]],
  },
  {
    name: 'distributionRuleInputSchema',
    schema: distributionRuleInputSchema,
    valid: { code: 'round_robin', name: 'Turordning', config_json: { handlers: 'all' } },
    invalid: [
      [{ name: '' }, `name: ${REQUIRED}`],
      [{ code: undefined }, `code: ${REQUIRED}`],
    ],
  },
  {
    name: 'commTemplateInputSchema',
    schema: commTemplateInputSchema,
    valid: { name: 'Påminnelse', code: 'rem1', body_md: 'Hej {{debtor_name}}', subject: 'Påminnelse' },
    invalid: [
      [{ name: '' }, 'name: Namn och kod måste fyllas i.'],
      [{ code: undefined }, 'code: Namn och kod måste fyllas i.'],
      [{ language: 'sve' }, 'language: Texten är för lång'],
      [{ version: 0 }, 'version: Värdet är utanför tillåtet intervall'],
    ],
  },
  {
    name: 'commChannelSettingInputSchema',
    schema: commChannelSettingInputSchema,
    valid: { channel: 'sms', provider: '46elks', credentials_json: { sender_name: 'Inkasso' } },
    invalid: [
      [{ credentials_json: { sender_name: 'InkassoByran1' } }, 'credentials_json.sender_name: Avsändarnamnet får ha högst 11 tecken och bara bokstäver'],
      [{ credentials_json: { sender_name: 'Inkasso1' } }, 'credentials_json.sender_name: Avsändarnamnet får ha högst 11 tecken och bara bokstäver'],
      [{ provider: 'sendgrid' }, 'provider: Ogiltigt val'],
    ],
  },
  {
    name: 'lawsuitCreateInputSchema',
    schema: lawsuitCreateInputSchema,
    valid: { case_id: CASE_ID, track: 'FT', court_fee_sek: '900' },
    invalid: [
      [{ track: undefined }, `track: ${REQUIRED}`],
      [{ track: 'XX' }, 'track: Ogiltigt val'],
      [{ court_fee_sek: '-1' }, 'court_fee_sek: Beloppet får inte vara negativt'],
    ],
  },
  {
    name: 'disputeCreateInputSchema',
    schema: disputeCreateInputSchema,
    valid: { type: 'not_my_debt', description: 'Jag har aldrig beställt varan.' },
    invalid: [
      [{ description: '   ' }, 'description: Vänligen beskriv din invändning'],
      [{ description: undefined }, 'description: Vänligen beskriv din invändning'],
      [{ description: 'x'.repeat(1001) }, 'description: Invändningen får vara högst 1000 tecken'],
    ],
  },
  {
    name: 'ruleUpdateInputSchema',
    schema: ruleUpdateInputSchema,
    valid: { severity: 'warning', condition_json: { rule_type: 'prescription_check', years_b2c: 3 } },
    invalid: [[{ condition_json: { years_b2c: 3 } }, `condition_json.rule_type: ${REQUIRED}`]],
  },
  {
    name: 'riskProfileInputSchema',
    schema: riskProfileInputSchema,
    valid: { code: 'low', name: 'Låg risk', config_json: { min_score: 0, max_score: 30, demand_to_kfm_days: 14 } },
    invalid: [
      [{ name: ' ' }, `name: ${REQUIRED}`],
      [{ config_json: { max_score: -1 } }, 'config_json.max_score: Värdet är utanför tillåtet intervall'],
      [{ config_json: { min_score: 40, max_score: 30 } }, 'config_json.max_score: Värdet är utanför tillåtet intervall'],
      [{ config_json: { demand_to_kfm_days: 5 } }, 'config_json.demand_to_kfm_days: Värdet är utanför tillåtet intervall'],
    ],
  },
  {
    name: 'aiPlaybookInputSchema',
    schema: aiPlaybookInputSchema,
    valid: { code: 'demand', name: 'Inkassokrav', config_json: { stage: 'demand', instructions_md: 'Föreslå nästa steg.' } },
    invalid: [
      [{ config_json: { instructions_md: '' } }, `config_json.instructions_md: ${REQUIRED}`],
      [{ config_json: { stage: 'closed', instructions_md: 'x' } }, 'config_json.stage: Ogiltigt val'],
    ],
  },
];

describe.each(CASES.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => {
  it('accepts the valid example', () => {
    expect(issues(entry.schema, entry.valid)).toEqual([]);
  });

  it.each(entry.invalid)('rejects %j with its message', (patch, issue) => {
    expect(issues(entry.schema, patched(entry.valid, patch))).toContain(issue);
  });
});

describe('what the input schemas produce', () => {
  it('a claim amount in kronor becomes öre and optional text becomes null', () => {
    const claim = makeClaimCreateSchema(TODAY).parse({
      creditor_id: CREDITOR_ID,
      reference_no: ' F-1 ',
      principal_amount: '7 950,50',
      due_date: '2026-10-01',
      notes: '',
    });
    expect(claim).toEqual({
      creditor_id: CREDITOR_ID,
      reference_no: 'F-1',
      principal_amount: 795050,
      due_date: '2026-10-01',
      contract_type: null,
      notes: null,
    });
  });

  it('a claim due on any day up to today is accepted and any later day refused', () => {
    const schema = makeClaimCreateSchema(TODAY);
    fc.assert(
      fc.property(isoDateArb, (dueDate) => {
        const result = schema.safeParse({ creditor_id: CREDITOR_ID, reference_no: 'F-1', principal_amount: 1, due_date: dueDate });
        expect(result.success).toBe(dueDate <= TODAY);
      }),
    );
  });

  it('a new case is direct unless told otherwise', () => {
    const input = makeCaseCreateInputSchema(TODAY).parse({
      creditor_id: CREDITOR_ID,
      party_id: PARTY_ID,
      reference_no: 'F-1',
      principal_amount: 1,
      due_date: TODAY,
    });
    expect(input.mandate_type).toBe('direct');
    expect(input.agent_creditor_id).toBeNull();
  });

  it('a person keeps national_id and drops org_no; a company the other way round', () => {
    const person = partyCreateInputSchema.parse({ type: 'person', name: 'Anna', national_id: '19900101-1234', org_no: '556036-0793' });
    expect([person.national_id, person.org_no]).toEqual(['19900101-1234', null]);
    const company = partyCreateInputSchema.parse({ type: 'company', name: 'Bygg AB', national_id: '19900101-1234', org_no: '556036-0793' });
    expect([company.national_id, company.org_no]).toEqual([null, '556036-0793']);
  });

  it.each([
    ['5560360793', 'company'],
    // Spaces and the hyphen of a typed org.nr are ignored: still exactly 10 digits.
    ['556036-0793', 'company'],
    ['8112189876', 'company'],
    ['811218-9876', 'company'],
    ['199001011234', 'person'],
  ])('a search for %s is a %s search', (query, searchType) => {
    expect(partySearchInputSchema.parse({ query }).searchType).toBe(searchType);
  });

  it('a payment is dated today unless told otherwise', () => {
    expect(makePaymentCreateInputSchema(TODAY).parse({ amount: 100 })).toMatchObject({ method: 'manual', amount: 10000, paid_at: TODAY });
  });

  it('the first instalment is accepted from exactly 7 days ahead', () => {
    fc.assert(
      fc.property(isoDateArb, fc.integer({ min: -30, max: 60 }), (today, offset) => {
        const result = makePaymentPlanPreviewInputSchema(today).safeParse({ first_due_date: addDays(today, offset) });
        expect(result.success).toBe(offset >= 7);
      }),
    );
  });

  it('a plan has 6 instalments unless told otherwise', () => {
    expect(makePaymentPlanPreviewInputSchema(TODAY).parse({ first_due_date: '2026-12-01' }).installments).toBe(6);
  });

  it('a template code is upper-cased and an SMS keeps no subject', () => {
    const template = commTemplateInputSchema.parse({ name: 'SMS', code: 'sms_rem', channel: 'sms', subject: 'Ämne', body_md: 'Betala {{total}}' });
    expect(template).toMatchObject({ code: 'SMS_REM', subject: null, category: 'custom', language: 'sv', version: 1, is_active: true });
  });

  it('a dispute defaults to incorrect_amount with no attachments, description trimmed', () => {
    expect(disputeCreateInputSchema.parse({ description: '  Fel belopp  ' })).toEqual({ type: 'incorrect_amount', description: 'Fel belopp', attachments: [] });
  });

  it('a dispute of exactly 1000 characters is accepted', () => {
    expect(disputeCreateInputSchema.safeParse({ description: 'x'.repeat(1000) }).success).toBe(true);
  });

  it('a portal payment of exactly 1 kr is accepted, in öre', () => {
    expect(portalPayIntentInputSchema.parse({ amount: 1 })).toEqual({ method: 'swish', amount: 100 });
  });

  it('the factories refuse a malformed today', () => {
    expect(() => makeClaimCreateSchema('22/11/2026')).toThrow('Ogiltigt datum');
    expect(() => makePaymentCreateInputSchema('2026-02-30')).toThrow('Ogiltigt datum');
  });
});
