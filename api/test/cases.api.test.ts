import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseDetailSchema, caseEventsResponseSchema, caseListResponseSchema } from '@fordran/services';
import { allRowCounts, createMember, createTestApi, createUser, expectBody, expectError, json, type TestApi, type TestUser } from './helpers';
import { insertCreditor, insertParty, insertSentDemand } from './fixtures';

/*
 * Cases end to end over HTTP (issue 4): the wizard's create with every validation text, the
 * list's filters and paging, the detail, status and stage through the state machines, the
 * timeline, and who may do what. The clock stands at 2026-11-22.
 */

let api: TestApi;
let admin: TestUser;
let creditorId: string;
let partyId: string;

const base = () => `/api/orgs/${admin.org_id}`;

function claim(overrides: Record<string, unknown> = {}) {
  return {
    creditor_id: creditorId,
    party_id: partyId,
    reference_no: 'F-1001',
    principal_amount: '7950',
    due_date: '2026-10-01',
    contract_type: 'Faktura',
    ...overrides,
  };
}

async function createCase(overrides: Record<string, unknown> = {}, user: TestUser = admin) {
  return expectBody(await api.request('POST', `${base()}/cases`, { token: user.token, body: claim(overrides) }), 201, caseDetailSchema);
}

beforeAll(async () => {
  api = await createTestApi({}, { seedReferenceRates: true });
  admin = await createUser(api, { name: 'Karin Lindqvist' });
  creditorId = await insertCreditor(api, admin.org_id, 'Elbolaget Norr AB');
  partyId = await insertParty(api, admin.org_id, 'Anna Andersson');
});
afterAll(() => api.close());

describe('POST /cases (the wizard)', () => {
  it('creates a draft at stage intake with the claim, an OCR reference, the default interest profile, an event, a ledger journal and an audit row', async () => {
    const created = await createCase({ principal_amount: '7 950,50', notes: 'Obetald faktura 4411' });
    expect(created).toMatchObject({
      status: 'draft',
      stage: 'intake',
      total_principal: '7950.50',
      total_interest: '0.00',
      total_fees: '0.00',
      amount_paid_total: '0.00',
      total_outstanding: '7950.50',
      mandate_type: 'direct',
      claim: {
        reference_no: 'F-1001',
        principal_amount: '7950.50',
        due_date: '2026-10-01',
        contract_type: 'Faktura',
        notes: 'Obetald faktura 4411',
        reminder_fee_agreed: false,
      },
      creditor: { id: creditorId, name: 'Elbolaget Norr AB' },
      party: { id: partyId, name: 'Anna Andersson', type: 'person' },
      interest_profile: { code: 'DROJSMALSRANTA', is_default: false, display: 'Referensränta + 8 %' },
      flags: [],
      fees: [],
      allowed_statuses: ['active', 'closed'],
      allowed_stages: [],
      counts: { events: 1, communications: 0, kfm: 0 },
    });
    expect(created.ocr_reference).toMatch(/^\d{9}$/);
    expect(created.message_reference).toBe(created.id.slice(0, 8).toUpperCase());
    expect(created.fee_options.map((fee) => fee.code)).toEqual(['COLLECTION_180', 'LATE_FEE_450', 'PAYMENT_PLAN_170', 'REMINDER_60']);

    const [journal] = await api.sql(
      "SELECT sum(e.debit) AS debit, sum(e.credit) AS credit FROM gl_entries e JOIN gl_journals j ON j.id = e.journal_id WHERE j.org_id = ? AND j.source = 'claim' AND e.case_id = ?",
      admin.org_id,
      created.id,
    );
    expect(journal).toEqual({ debit: 795050, credit: 795050 });
    const [audit] = await api.sql<{ actor_id: string }>("SELECT actor_id FROM audit_logs WHERE event = 'case.created' AND entity_id = ?", created.id);
    expect(audit!.actor_id).toBe(admin.user_id);
  });

  it('gives every case its own OCR reference', async () => {
    const [a, b] = [await createCase({ reference_no: 'F-OCR-1' }), await createCase({ reference_no: 'F-OCR-2' })];
    expect(a.ocr_reference).not.toBe(b.ocr_reference);
  });

  it.each([
    ['a missing reference number', { reference_no: undefined }, 'Alla obligatoriska fält måste fyllas i'],
    ['a missing creditor', { creditor_id: undefined }, 'Alla obligatoriska fält måste fyllas i'],
    ['a missing debtor', { party_id: undefined }, 'Alla obligatoriska fält måste fyllas i'],
    ['a missing due date', { due_date: undefined }, 'Alla obligatoriska fält måste fyllas i'],
    ['a blank reference number', { reference_no: '   ' }, 'Alla obligatoriska fält måste fyllas i'],
    ['a principal of zero', { principal_amount: 0 }, 'Belopp måste vara större än 0'],
    ['a negative principal', { principal_amount: '-5' }, 'Belopp måste vara större än 0'],
    ['three decimals', { principal_amount: '1000.005' }, 'Beloppet får ha högst två decimaler'],
    [
      'an amount that could be 10 005 kr or 10,005 kr',
      { principal_amount: '10.005' },
      'Otydligt belopp: skriv tusental med mellanslag och decimaler efter kommatecken, t.ex. 2 000,50',
    ],
    ['a due date in the future', { due_date: '2026-11-23' }, 'Förfallodatum måste vara i det förflutna'],
    ['a date that does not exist', { due_date: '2026-02-30' }, 'Ogiltigt datum'],
  ])('refuses %s with the spec text and changes nothing', async (_name, overrides, message) => {
    const before = await allRowCounts(api);
    const error = await expectError(await api.request('POST', `${base()}/cases`, { token: admin.token, body: claim(overrides) }), 400, 'VALIDATION_FAILED');
    expect(error.message).toBe(message);
    expect(await allRowCounts(api)).toEqual(before);
  });

  it('accepts a claim due today (the spec only refuses the future)', async () => {
    await createCase({ reference_no: 'F-TODAY', due_date: '2026-11-22' });
  });

  it("refuses an inactive creditor or debtor, and another organisation's", async () => {
    const inactive = await insertCreditor(api, admin.org_id, 'Vilande AB');
    await api.sql("UPDATE creditors SET status = 'inactive' WHERE id = ?", inactive);
    const error = await expectError(
      await api.request('POST', `${base()}/cases`, { token: admin.token, body: claim({ creditor_id: inactive }) }),
      400,
      'VALIDATION_FAILED',
    );
    expect(error.message).toBe('Borgenären är inaktiv och kan inte få nya ärenden');
    const other = await createUser(api);
    const foreignParty = await insertParty(api, other.org_id, 'Främling');
    await expectError(await api.request('POST', `${base()}/cases`, { token: admin.token, body: claim({ party_id: foreignParty }) }), 404, 'NOT_FOUND');
  });

  it('requires the agent creditor of an agent mandate', async () => {
    const error = await expectError(
      await api.request('POST', `${base()}/cases`, { token: admin.token, body: claim({ mandate_type: 'agent' }) }),
      400,
      'VALIDATION_FAILED',
    );
    expect(error.message).toBe('Alla obligatoriska fält måste fyllas i');
    const agent = await insertCreditor(api, admin.org_id, 'Ombudet AB');
    const created = await createCase({ reference_no: 'F-AGENT', mandate_type: 'agent', agent_creditor_id: agent });
    expect(created).toMatchObject({ mandate_type: 'agent', agent_creditor: { id: agent, name: 'Ombudet AB' }, legal_creditor: null });
  });
});

describe('GET /cases', () => {
  let listOrg: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    listOrg = await createUser(api, { name: 'Lista Listsson' });
    const creditorA = await insertCreditor(api, listOrg.org_id, 'Alfa Energi AB');
    const creditorB = await insertCreditor(api, listOrg.org_id, 'Beta Bygg AB');
    const person = await insertParty(api, listOrg.org_id, 'Örjan Åberg');
    const company = await insertParty(api, listOrg.org_id, 'Gamma Handel AB', 'company');
    const make = async (reference: string, creditor: string, party: string, amount: string, due: string) => {
      const body = { creditor_id: creditor, party_id: party, reference_no: reference, principal_amount: amount, due_date: due };
      const created = await expectBody(await api.request('POST', `/api/orgs/${listOrg.org_id}/cases`, { token: listOrg.token, body }), 201, caseDetailSchema);
      ids[reference] = created.id;
      api.clock.advanceSeconds(60);
      return created;
    };
    await make('A-1', creditorA, person, '100', '2026-01-10');
    await make('A-2', creditorA, company, '2500', '2026-03-01');
    await make('B-1', creditorB, person, '999.99', '2025-12-24');
    await make('B-2', creditorB, company, '50000', '2026-06-30');
    await api.request('POST', `/api/orgs/${listOrg.org_id}/cases/${ids['A-2']}/status`, { token: listOrg.token, body: { status: 'active' } });
  });

  const list = async (query = '') =>
    expectBody(await api.request('GET', `/api/orgs/${listOrg.org_id}/cases${query}`, { token: listOrg.token }), 200, caseListResponseSchema);
  const refs = (page: { items: { reference_no: string }[] }) => page.items.map((item) => item.reference_no);

  it('lists newest first with creditor, debtor, amounts and total', async () => {
    const page = await list();
    expect(page.total).toBe(4);
    expect(refs(page)).toEqual(['B-2', 'B-1', 'A-2', 'A-1']);
    expect(page.items[0]).toMatchObject({
      creditor: { name: 'Beta Bygg AB' },
      party: { name: 'Gamma Handel AB', type: 'company' },
      total_outstanding: '50000.00',
      open_flags: { block: 0, warning: 0, info: 0 },
    });
  });

  it('filters by status, stage, creditor and debtor', async () => {
    expect(refs(await list('?status=active'))).toEqual(['A-2']);
    expect(refs(await list('?status=draft&stage=intake'))).toEqual(['B-2', 'B-1', 'A-1']);
    const creditorB = (await list('?query=Beta')).items[0]!.creditor.id;
    expect(refs(await list(`?creditor_id=${creditorB}`))).toEqual(['B-2', 'B-1']);
    const person = (await list('?query=Åberg')).items[0]!.party.id;
    expect(refs(await list(`?party_id=${person}`))).toEqual(['B-1', 'A-1']);
  });

  it('searches the claim reference, names in any case, the OCR and the message reference', async () => {
    expect(refs(await list('?query=a-2'))).toEqual(['A-2']);
    expect(refs(await list('?query=örjan'))).toEqual(['B-1', 'A-1']);
    expect(refs(await list('?query=GAMMA'))).toEqual(['B-2', 'A-2']);
    const b1 = (await list('?query=B-1')).items[0]!;
    expect(refs(await list(`?query=${b1.ocr_reference}`))).toEqual(['B-1']);
    expect(refs(await list(`?query=${ids['A-1']!.slice(0, 8).toUpperCase()}`))).toEqual(['A-1']);
    expect((await list('?query=finns-inte')).total).toBe(0);
  });

  it('sorts and pages with a stable total', async () => {
    expect(refs(await list('?sort=total_outstanding&order=asc'))).toEqual(['A-1', 'B-1', 'A-2', 'B-2']);
    expect(refs(await list('?sort=due_date&order=asc'))).toEqual(['B-1', 'A-1', 'A-2', 'B-2']);
    const first = await list('?limit=3&sort=reference_no&order=asc');
    const second = await list('?limit=3&offset=3&sort=reference_no&order=asc');
    expect([first.total, second.total]).toEqual([4, 4]);
    expect([...refs(first), ...refs(second)]).toEqual(['A-1', 'A-2', 'B-1', 'B-2']);
  });

  it.each([
    ['?limit=0', 'Ogiltig gräns'],
    ['?limit=500', 'Högst 200 rader per anrop'],
    ['?status=open', 'Status måste vara en av draft, active, on_hold, closed'],
    ['?sort=amount', 'Sortera på created_at, due_date, total_outstanding, reference_no'],
  ])('refuses %s', async (query, message) => {
    const error = await expectError(await api.request('GET', `/api/orgs/${listOrg.org_id}/cases${query}`, { token: listOrg.token }), 400, 'VALIDATION_FAILED');
    expect(error.message).toBe(message);
  });
});

describe('status and stage', () => {
  it('walks a case from draft to demand and back to closed, each step on the timeline', async () => {
    const created = await createCase({ reference_no: 'F-FLOW' });
    const path = `${base()}/cases/${created.id}`;
    const post = (suffix: string, body: unknown) => api.request('POST', `${path}/${suffix}`, { token: admin.token, body });

    // A draft cannot change stage: collection has not started.
    const draftStage = await expectError(await post('stage', { stage: 'reminder' }), 422, 'INVALID_TRANSITION');
    expect(draftStage.message).toContain('Aktiv');

    const active = await expectBody(await post('status', { status: 'active' }), 200, caseDetailSchema);
    expect(active).toMatchObject({ status: 'active', allowed_statuses: ['on_hold', 'closed'], allowed_stages: ['reminder', 'demand'] });
    await expectError(await post('stage', { stage: 'kfm' }), 422, 'INVALID_TRANSITION');
    const demand = await expectBody(await post('stage', { stage: 'demand' }), 200, caseDetailSchema);
    expect(demand).toMatchObject({ stage: 'demand', allowed_stages: ['payment_plan', 'kfm', 'legal'] });
    await expectError(await post('status', { status: 'draft' }), 422, 'INVALID_TRANSITION');

    const paused = await expectBody(await post('status', { status: 'on_hold' }), 200, caseDetailSchema);
    expect(paused.allowed_stages).toEqual([]);
    const noReason = await expectError(await post('status', { status: 'closed' }), 400, 'VALIDATION_FAILED');
    expect(noReason.message).toBe('Ange varför ärendet stängs');
    const closed = await expectBody(await post('status', { status: 'closed', reason: 'Återkallat av borgenären' }), 200, caseDetailSchema);
    expect(closed.closed_at).toBe(api.clock.now());
    const reopened = await expectBody(await post('status', { status: 'active' }), 200, caseDetailSchema);
    expect(reopened.closed_at).toBeNull();

    const { events } = await expectBody(await api.request('GET', `${path}/events`, { token: admin.token }), 200, caseEventsResponseSchema);
    expect(events.map((event) => [event.type, event.payload_json.to ?? null]).sort()).toEqual(
      [
        ['case_created', null],
        ['stage_changed', 'demand'],
        ['status_changed', 'active'],
        ['status_changed', 'active'],
        ['status_changed', 'closed'],
        ['status_changed', 'on_hold'],
      ].sort(),
    );
    expect(events.every((event) => event.actor_name === 'Karin Lindqvist')).toBe(true);
    expect(events.find((event) => event.payload_json.to === 'closed')?.payload_json.reason).toBe('Återkallat av borgenären');
  });

  it('refuses an unknown status or stage', async () => {
    const created = await createCase({ reference_no: 'F-BAD' });
    await expectError(
      await api.request('POST', `${base()}/cases/${created.id}/status`, { token: admin.token, body: { status: 'open' } }),
      400,
      'VALIDATION_FAILED',
    );
    await expectError(
      await api.request('POST', `${base()}/cases/${created.id}/stage`, { token: admin.token, body: { stage: 'court' } }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('GET /cases/:id', () => {
  it("answers 404 'Ärende hittades inte' for an unknown id and for another organisation's case", async () => {
    const unknown = await expectError(await api.request('GET', `${base()}/cases/${crypto.randomUUID()}`, { token: admin.token }), 404, 'NOT_FOUND');
    expect(unknown.message).toBe('Ärende hittades inte');
    const created = await createCase({ reference_no: 'F-MINE' });
    const other = await createUser(api);
    await expectError(await api.request('GET', `/api/orgs/${other.org_id}/cases/${created.id}`, { token: other.token }), 404, 'NOT_FOUND');
    await expectError(await api.request('GET', `/api/orgs/${other.org_id}/cases/${created.id}/events`, { token: other.token }), 404, 'NOT_FOUND');
  });
});

describe('roles (docs/roles.md)', () => {
  let roles: Record<'handler' | 'finance' | 'legal' | 'client', TestUser>;
  let caseId: string;
  let otherCreditorCase: string;

  beforeAll(async () => {
    const clientCreditor = await insertCreditor(api, admin.org_id, 'Kundens Bolag AB');
    roles = {
      handler: await createMember(api, admin, 'handler'),
      finance: await createMember(api, admin, 'finance'),
      legal: await createMember(api, admin, 'legal'),
      client: await createMember(api, admin, 'client', clientCreditor),
    };
    caseId = (await createCase({ reference_no: 'F-CLIENT', creditor_id: clientCreditor })).id;
    otherCreditorCase = (await createCase({ reference_no: 'F-OTHER' })).id;
  });

  it('a handler creates cases, adds fees and changes status', async () => {
    const created = await createCase({ reference_no: 'F-HANDLER' }, roles.handler);
    expect((await api.request('POST', `${base()}/cases/${created.id}/status`, { token: roles.handler.token, body: { status: 'active' } })).status).toBe(200);
    await insertSentDemand(api, admin.org_id, created.id);
    expect((await api.request('POST', `${base()}/cases/${created.id}/fees`, { token: roles.handler.token, body: { code: 'COLLECTION_180' } })).status).toBe(
      201,
    );
  });

  it('finance and legal read cases but may not create or change them; finance may calculate interest', async () => {
    for (const user of [roles.finance, roles.legal]) {
      expect((await api.request('GET', `${base()}/cases/${caseId}`, { token: user.token })).status).toBe(200);
      await expectError(await api.request('POST', `${base()}/cases`, { token: user.token, body: claim({ reference_no: 'F-NO' }) }), 403, 'FORBIDDEN');
      await expectError(await api.request('POST', `${base()}/cases/${caseId}/status`, { token: user.token, body: { status: 'active' } }), 403, 'FORBIDDEN');
      await expectError(await api.request('POST', `${base()}/cases/${caseId}/fees`, { token: user.token, body: { code: 'COLLECTION_180' } }), 403, 'FORBIDDEN');
    }
    expect((await api.request('POST', `${base()}/cases/${caseId}/interest`, { token: roles.finance.token, body: {} })).status).toBe(200);
    await expectError(await api.request('POST', `${base()}/cases/${caseId}/interest`, { token: roles.legal.token, body: {} }), 403, 'FORBIDDEN');
  });

  it("a client sees only its creditor's cases, read-only", async () => {
    const page = await json<{ items: { id: string }[]; total: number }>(await api.request('GET', `${base()}/cases`, { token: roles.client.token }));
    expect(page.items.map((item) => item.id)).toEqual([caseId]);
    expect(page.total).toBe(1);
    expect((await api.request('GET', `${base()}/cases/${caseId}`, { token: roles.client.token })).status).toBe(200);
    await expectError(await api.request('GET', `${base()}/cases/${otherCreditorCase}`, { token: roles.client.token }), 404, 'NOT_FOUND');
    await expectError(await api.request('POST', `${base()}/cases/${caseId}/interest`, { token: roles.client.token, body: {} }), 403, 'FORBIDDEN');
    await expectError(await api.request('POST', `${base()}/cases`, { token: roles.client.token, body: claim({ reference_no: 'F-NO' }) }), 403, 'FORBIDDEN');
  });
});
