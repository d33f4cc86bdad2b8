import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatOre, ore } from '@fordran/core';
import {
  caseDetailSchema,
  caseInterestResponseSchema,
  organisationResponseSchema,
  templateDetailSchema,
  templateListResponseSchema,
  templatePreviewResponseSchema,
  templateResponseSchema,
} from '@fordran/services';
import { allRowCounts, auditRows, createMember, createTestApi, createUser, expectBody, expectError, type TestApi, type TestUser } from './helpers';
import { insertBankAccount, insertCreditor, insertParty, insertSentDemand } from './fixtures';

/*
 * Mallbibliotek Sverige v1 over HTTP (issue 11): the library a new organisation gets, the simple
 * create dialog, the editor with its refusals (nothing written), versions once a template has been
 * sent, the active toggle, previews with a case's real values, and the demand's payment time.
 */

let api: TestApi;
let admin: TestUser;
let caseId: string;

const base = () => `/api/orgs/${admin.org_id}`;
const send = (method: string, path: string, body?: unknown, user: TestUser = admin) => api.request(method, `${base()}${path}`, { token: user.token, body });

async function create(body: Record<string, unknown>) {
  return expectBody(await send('POST', '/templates', body), 201, templateResponseSchema);
}

beforeAll(async () => {
  api = await createTestApi({}, { seedReferenceRates: true });
  admin = await createUser(api, { name: 'Karin Lindqvist' });
  const creditorId = await insertCreditor(api, admin.org_id, 'Elbolaget Norr AB');
  const partyId = await insertParty(api, admin.org_id, 'Anna Andersson');
  await insertBankAccount(api, admin.org_id, 'Klientmedel');
  const created = await expectBody(
    await send('POST', '/cases', { creditor_id: creditorId, party_id: partyId, reference_no: 'F-2026-117', principal_amount: '7950', due_date: '2026-06-30' }),
    201,
    caseDetailSchema,
  );
  caseId = created.id;
  await expectBody(await send('POST', `/cases/${caseId}/status`, { status: 'active' }), 200, caseDetailSchema);
  await expectBody(await send('POST', `/cases/${caseId}/interest`, { as_of: '2026-11-20' }), 200, caseInterestResponseSchema);
});
afterAll(() => api.close());

describe('the library a new organisation gets', () => {
  it('lists Mallbibliotek Sverige v1 by category then name, filters by category, and offers the variables', async () => {
    const list = await expectBody(await send('GET', '/templates'), 200, templateListResponseSchema);
    const categories = list.items.map((item) => item.category);
    expect(categories).toEqual([...categories].sort());
    expect(new Set(categories)).toEqual(new Set(['demand', 'dispute', 'gdpr', 'kfm', 'plan', 'portal', 'receipt', 'reminder']));
    expect(new Set(list.items.map((item) => item.channel))).toEqual(new Set(['email', 'sms', 'letter']));
    expect(list.items.every((item) => item.is_active && item.version === 1 && Array.from(item.preview).length <= 151)).toBe(true);
    expect(list.variables.map((variable) => variable.name)).toEqual(
      expect.arrayContaining(['interest_specification', 'fee_specification', 'payment_deadline']),
    );

    const demands = await expectBody(await send('GET', '/templates?category=demand'), 200, templateListResponseSchema);
    expect(demands.items.map((item) => [item.code, item.missing_demand_content])).toEqual([
      ['DEMAND_LETTER', []],
      ['DEMAND_EMAIL', []],
    ]);
    await expectError(await send('GET', '/templates?category=nonsense'), 400, 'VALIDATION_FAILED');
  });

  it('reads a template by id or by code', async () => {
    const byCode = await expectBody(await send('GET', '/templates/demand_letter'), 200, templateDetailSchema);
    expect(byCode).toMatchObject({ code: 'DEMAND_LETTER', versions: [], used: false });
    expect((await expectBody(await send('GET', `/templates/${byCode.id}`), 200, templateDetailSchema)).code).toBe('DEMAND_LETTER');
    await expectError(await send('GET', '/templates/NOPE'), 404, 'NOT_FOUND');
  });
});

describe("'Ny mall' (the simple create dialog)", () => {
  it("creates an active template with a generated code and its variables ('Mall skapad'), audited", async () => {
    api.clock.advanceSeconds(1);
    const created = await create({
      name: 'Påminnelse 2',
      body_md: 'Hej {{debtor_name}}, betala {{amount}} senast {{due_date}}. /{{debtor_name}}',
      category: 'reminder',
      channel: 'sms',
      subject: 'ignoreras',
    });
    expect(created).toMatchObject({
      name: 'Påminnelse 2',
      category: 'reminder',
      channel: 'sms',
      subject: null,
      language: 'sv',
      version: 1,
      is_active: true,
      variables: ['debtor_name', 'amount', 'due_date'],
    });
    expect(created.code).toBe(`REMINDER_${Date.parse(api.clock.now())}`);
    expect(await auditRows(api, admin.org_id, 'template.created')).toContainEqual(expect.objectContaining({ entity_id: created.id, actor_id: admin.user_id }));
    const email = await create({ name: 'Brevmall', body_md: 'Hej', channel: 'email', subject: 'Ärende {{case_reference}}' });
    expect(email).toMatchObject({ category: 'custom', subject: 'Ärende {{case_reference}}' });
  });

  it.each([
    ['no name', { body_md: 'Hej' }, 400, 'TEMPLATE_FIELDS_MISSING', 'Namn och kod måste fyllas i.'],
    ['no body', { name: 'Tom' }, 400, 'REQUIRED_FIELDS_MISSING', 'Alla obligatoriska fält måste fyllas i'],
    [
      'an unknown variable, named',
      { name: 'Fel', body_md: 'Hej {{namn}} och {{belopp}}' },
      400,
      'UNKNOWN_TEMPLATE_VARIABLE',
      'Okänd variabel i mallen: namn, belopp',
    ],
    [
      'an unknown variable in the subject',
      { name: 'Fel', body_md: 'Hej', subject: '{{rubrik}}' },
      400,
      'UNKNOWN_TEMPLATE_VARIABLE',
      'Okänd variabel i mallen: rubrik',
    ],
    [
      'a category outside the dialog’s four',
      { name: 'KFM', body_md: 'Hej', category: 'kfm' },
      400,
      'VALIDATION_FAILED',
      'Välj påminnelse, inkassokrav, betalplan eller anpassad',
    ],
    ['an unknown channel', { name: 'Fax', body_md: 'Hej', channel: 'fax' }, 400, 'VALIDATION_FAILED', 'Okänd kanal'],
    ['a code in use', { name: 'Dubblett', body_md: 'Hej', code: 'demand_letter' }, 409, 'CONFLICT', 'Det finns redan en mall med koden DEMAND_LETTER'],
  ])('refuses %s and writes nothing', async (_label, body, status, code, message) => {
    const before = await allRowCounts(api);
    expect((await expectError(await send('POST', '/templates', body), status, code)).message).toBe(message);
    expect(await allRowCounts(api)).toEqual(before);
  });
});

describe('the editor', () => {
  it('saves name, category, language, subject and body; the code stays and is upper case', async () => {
    const created = await create({ name: 'Utkast', body_md: 'Hej {{debtor_name}}', channel: 'letter' });
    const saved = await expectBody(
      await send('PATCH', `/templates/${created.id}`, {
        name: 'Underrättelse',
        code: created.code.toLowerCase(),
        category: 'kfm',
        language: 'sv',
        subject: 'Angående {{case_reference}}',
        body_md: 'Hej {{debtor_name}}, skulden är {{amount}}.',
        version: 1,
      }),
      200,
      templateResponseSchema,
    );
    expect(saved).toMatchObject({ code: created.code, name: 'Underrättelse', category: 'kfm', version: 1, variables: ['debtor_name', 'amount'] });
    expect((await auditRows(api, admin.org_id, 'template.updated')).at(-1)).toMatchObject({
      entity_id: created.id,
      payload: { code: created.code, version: 1 },
    });
  });

  it.each([
    ['an empty name', { name: '  ' }, 'TEMPLATE_FIELDS_MISSING', 'Namn och kod måste fyllas i.'],
    ['an empty code', { code: '' }, 'TEMPLATE_FIELDS_MISSING', 'Namn och kod måste fyllas i.'],
    ['another code (locked once saved)', { code: 'NY_KOD' }, 'VALIDATION_FAILED', 'Koden kan inte ändras när mallen är sparad'],
    ['a language of three letters', { language: 'swe' }, 'VALIDATION_FAILED', 'Språkkoden får ha högst 2 tecken'],
    ['version 0', { version: 0 }, 'VALIDATION_FAILED', 'Versionen måste vara ett heltal, minst 1'],
    ['version 1.5', { version: 1.5 }, 'VALIDATION_FAILED', 'Versionen måste vara ett heltal, minst 1'],
    ['an unknown variable', { body_md: 'Hej {{kund}}' }, 'UNKNOWN_TEMPLATE_VARIABLE', 'Okänd variabel i mallen: kund'],
    ['an empty body', { body_md: '' }, 'REQUIRED_FIELDS_MISSING', 'Alla obligatoriska fält måste fyllas i'],
  ])('refuses %s and changes nothing', async (_label, change, code, message) => {
    const created = await create({ name: 'Orörd', body_md: 'Hej {{debtor_name}}' });
    const before = await allRowCounts(api);
    const stored = await api.sql('SELECT * FROM comm_templates WHERE id = ?', created.id);
    const error = await expectError(await send('PATCH', `/templates/${created.id}`, change), 400, code);
    expect(error.message.startsWith(message)).toBe(true);
    expect(await allRowCounts(api)).toEqual(before);
    expect(await api.sql('SELECT * FROM comm_templates WHERE id = ?', created.id)).toEqual(stored);
  });

  it('a template that has been sent gets a new version when its text changes; the old text stays readable and the fee check reads it', async () => {
    const demand = await expectBody(await send('GET', '/templates/DEMAND_EMAIL'), 200, templateDetailSchema);
    // An edit before anything was sent changes the template in place.
    const renamed = await expectBody(await send('PATCH', '/templates/DEMAND_EMAIL', { name: 'Inkassokrav (e-post) v1' }), 200, templateResponseSchema);
    expect(renamed.version).toBe(1);

    await insertSentDemandWith('DEMAND_EMAIL');
    api.clock.advanceSeconds(60);
    const thinner = demand.body_md.replace('{{interest_specification}}', '{{interest}}');
    const edited = await expectBody(await send('PATCH', '/templates/DEMAND_EMAIL', { body_md: thinner }), 200, templateResponseSchema);
    expect(edited.version).toBe(2);
    expect(edited.missing_demand_content.map((element) => element.code)).toEqual(['interest']);
    const detail = await expectBody(await send('GET', '/templates/DEMAND_EMAIL'), 200, templateDetailSchema);
    expect(detail.used).toBe(true);
    expect(detail.versions).toEqual([
      { version: 1, name: 'Inkassokrav (e-post) v1', subject: demand.subject, body_md: demand.body_md, replaced_at: api.clock.now() },
    ]);
    expect((await auditRows(api, admin.org_id, 'template.updated')).at(-1)!.payload).toMatchObject({ version: 2, replaced_version: 1 });

    // The demand sent before the edit was the compliant text: the 180 kr fee may follow it.
    const fee = await send('POST', `/cases/${caseId}/fees`, { code: 'COLLECTION_180' });
    expect(fee.status).toBe(201);

    // A name-only edit makes no new version; a lower version is refused.
    expect((await expectBody(await send('PATCH', '/templates/DEMAND_EMAIL', { name: 'Inkassokrav (e-post)' }), 200, templateResponseSchema)).version).toBe(2);
    await expectError(await send('PATCH', '/templates/DEMAND_EMAIL', { version: 1 }), 400, 'VALIDATION_FAILED');
    await expectBody(await send('PATCH', '/templates/DEMAND_EMAIL', { body_md: demand.body_md }), 200, templateResponseSchema);
  });

  async function insertSentDemandWith(code: string): Promise<void> {
    await insertSentDemand(api, admin.org_id, caseId);
    await api.sql(
      "UPDATE communications SET template_id = (SELECT id FROM comm_templates WHERE org_id = ? AND code = ?) WHERE org_id = ? AND case_id = ? AND status = 'sent'",
      admin.org_id,
      code,
      admin.org_id,
      caseId,
    );
  }
});

describe('the active toggle', () => {
  it('switches a template off and on, audited, and an inactive one is not offered for sending', async () => {
    const off = await expectBody(await send('POST', '/templates/RECEIPT_SMS/active', { is_active: false }), 200, templateResponseSchema);
    expect(off.is_active).toBe(false);
    expect(await auditRows(api, admin.org_id, 'template.deactivated')).toContainEqual(
      expect.objectContaining({ entity_id: off.id, payload: { code: 'RECEIPT_SMS' } }),
    );
    const before = await allRowCounts(api);
    await expectBody(await send('POST', '/templates/RECEIPT_SMS/active', { is_active: false }), 200, templateResponseSchema);
    expect(await allRowCounts(api)).toEqual(before);
    expect((await expectBody(await send('POST', '/templates/RECEIPT_SMS/active', { is_active: true }), 200, templateResponseSchema)).is_active).toBe(true);
    await expectError(await send('POST', '/templates/RECEIPT_SMS/active', { is_active: 'ja' }), 400, 'VALIDATION_FAILED');
  });
});

describe('previews', () => {
  it("renders a template with the case's real values: capital, interest per period, bankgiro, OCR, an 8+ day deadline", async () => {
    const preview = await expectBody(await send('POST', '/templates/DEMAND_LETTER/preview', { case_id: caseId }), 200, templatePreviewResponseSchema);
    const detail = await expectBody(await send('GET', `/cases/${caseId}`), 200, caseDetailSchema);
    expect(preview.case_id).toBe(caseId);
    expect(preview.subject).toBe('Inkassokrav – ärende F-2026-117');
    expect(preview.body).not.toMatch(/\{\{|\}\}/);
    expect(preview.body).toContain(`Kapital: ${formatOre(ore(795000))}`);
    expect(preview.body).toMatch(/^2026-07-01 – 2026-11-20 \(143 dagar\): /m);
    expect(preview.body).toContain(`OCR-nummer ${detail.ocr_reference}`);
    expect(preview.body).toContain('bankgiro 5402-9681');
    expect(preview.body).toContain('Betala senast 2026-12-02');
  });

  it('renders the text being edited, for an example case or for a case, and names an unknown variable', async () => {
    const example = await expectBody(
      await send('POST', '/templates/preview', { body_md: 'Hej {{debtor_name}}, {{principal}} {{agent_name}}' }),
      200,
      templatePreviewResponseSchema,
    );
    expect(example).toEqual({ subject: null, body: `Hej Sven Svensson, ${formatOre(ore(795000))} Karin Lindqvists organisation`, case_id: null });
    const real = await expectBody(
      await send('POST', '/templates/preview', { body_md: 'Hej {{debtor_name}}', subject: 'Till {{creditor_name}}', case_id: caseId }),
      200,
      templatePreviewResponseSchema,
    );
    expect(real).toEqual({ subject: 'Till Elbolaget Norr AB', body: 'Hej Anna Andersson', case_id: caseId });
    expect((await expectError(await send('POST', '/templates/preview', { body_md: 'Hej {{kund}}' }), 400, 'UNKNOWN_TEMPLATE_VARIABLE')).message).toBe(
      'Okänd variabel i mallen: kund',
    );
    await expectError(await send('POST', '/templates/DEMAND_LETTER/preview', { case_id: crypto.randomUUID() }), 404, 'NOT_FOUND');
  });
});

describe('roles', () => {
  it('finance and legal read and preview templates but may not create, edit or toggle them; a client sees none', async () => {
    for (const role of ['finance', 'legal'] as const) {
      const member = await createMember(api, admin, role);
      expect((await send('GET', '/templates', undefined, member)).status).toBe(200);
      expect((await send('POST', '/templates/DEMAND_LETTER/preview', { case_id: caseId }, member)).status).toBe(200);
      await expectError(await send('POST', '/templates', { name: 'X', body_md: 'Y' }, member), 403, 'FORBIDDEN');
      await expectError(await send('PATCH', '/templates/DEMAND_LETTER', { name: 'X' }, member), 403, 'FORBIDDEN');
      await expectError(await send('POST', '/templates/DEMAND_LETTER/active', { is_active: false }, member), 403, 'FORBIDDEN');
    }
    const handler = await createMember(api, admin, 'handler');
    expect((await send('POST', '/templates', { name: 'Handläggarens mall', body_md: 'Hej' }, handler)).status).toBe(201);
  });
});

describe("the inkassokrav's payment time (organisation setting)", () => {
  it('is 10 days unless set, may be set to 8 or more, never below 8', async () => {
    const saved = await expectBody(await send('PATCH', '', { demand_payment_days: 14 }), 200, organisationResponseSchema);
    expect(saved.settings).toMatchObject({ demand_payment_days: 14 });
    const preview = await expectBody(
      await send('POST', '/templates/preview', { body_md: '{{payment_deadline}}', case_id: caseId }),
      200,
      templatePreviewResponseSchema,
    );
    expect(preview.body).toBe('2026-12-06');
    const before = await allRowCounts(api);
    const settings = await api.sql('SELECT settings_json FROM organisations WHERE id = ?', admin.org_id);
    const refused = await expectError(await send('PATCH', '', { demand_payment_days: 7 }), 400, 'DEMAND_PAYMENT_DAYS_TOO_SHORT');
    expect(refused).toMatchObject({ message: 'Betalningstiden i ett inkassokrav måste vara minst 8 dagar', details: { field: 'demand_payment_days' } });
    await expectError(await send('PATCH', '', { demand_payment_days: 'tio' }), 400, 'VALIDATION_FAILED');
    expect(await allRowCounts(api)).toEqual(before);
    expect(await api.sql('SELECT settings_json FROM organisations WHERE id = ?', admin.org_id)).toEqual(settings);
    await expectBody(await send('PATCH', '', { demand_payment_days: 10 }), 200, organisationResponseSchema);
  });
});
