import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPersonnummer, parseOrganisationsnummer, parsePersonnummer } from '@fordran/core';
import {
  COMPANY_WITH_NATIONAL_ID,
  PERSON_WITH_ORG_NO,
  auditLogResponseSchema,
  createParty,
  operatorContext,
  partyListResponseSchema,
  partyResponseSchema,
  type PartyResponse,
} from '@fordran/services';
import { coreReason, directoryRequests, FORBIDDEN_DIRECTORY_REQUESTS, roleMembers } from './directory-helpers';
import { allRowCounts, createTestApi, createUser, expectBody, expectError, TEST_START, type TestApi, type TestUser } from './helpers';

let api: TestApi;
const TODAY = TEST_START.slice(0, 10);
let admin: TestUser;
let other: TestUser;

const base = () => `/api/orgs/${admin.org_id}/parties`;

const personReason = (value: string) => coreReason(() => parsePersonnummer(value, TODAY));
const companyReason = (value: string) => coreReason(() => parseOrganisationsnummer(value));

const directory = directoryRequests(
  () => api,
  'parties',
  { record: partyResponseSchema, list: partyListResponseSchema },
  () => admin,
);
const { create, list } = directory;

beforeAll(async () => {
  api = await createTestApi();
  admin = await createUser(api, { name: 'Part Admin' });
  other = await createUser(api, { name: 'Annan Byrå' });
});
afterAll(() => api.close());

describe('creating parties', () => {
  it('creates a person with the personnummer stored as 12 digits, the address without empty parts, audited without the number', async () => {
    api.clock.advanceSeconds(1);
    const person = await create({
      type: 'person',
      name: 'Anna Lindqvist',
      national_id: '811218-2285',
      email: 'Anna.Lindqvist@Example.se',
      phone: '070-1740635',
      address_json: { street: 'Ringvägen 5', city: 'Örebro', zip: '702 10' },
    });
    expect(person).toMatchObject({
      org_id: admin.org_id,
      type: 'person',
      name: 'Anna Lindqvist',
      national_id: '198112182285',
      org_no: null,
      email: 'anna.lindqvist@example.se',
      phone: '070-1740635',
      address_json: { street: 'Ringvägen 5', city: 'Örebro', zip: '702 10' },
      status: 'active',
    });
    const audit = await expectBody(await api.request('GET', `/api/orgs/${admin.org_id}/audit-log`, { token: admin.token }), 200, auditLogResponseSchema);
    expect(audit.entries[0]).toMatchObject({
      event: 'party.created',
      entity: 'parties',
      entity_id: person.id,
      payload: { type: 'person', name: 'Anna Lindqvist' },
    });
    expect(JSON.stringify(audit.entries[0])).not.toContain('2285');
  });

  it('creates a company with org_no stored NNNNNN-NNNN, and a samordningsnummer for a person', async () => {
    const company = await create({ type: 'company', name: 'Solvik Fastigheter AB', org_no: '5622424967', address_json: { street: '', city: 'Stockholm' } });
    expect(company).toMatchObject({ type: 'company', org_no: '562242-4967', national_id: null, address_json: { city: 'Stockholm' } });
    const samordning = buildPersonnummer('1990-07-14', 123, 'samordningsnummer');
    const person = await create({ type: 'person', name: 'Sam Ordning', national_id: samordning });
    expect(person.national_id).toBe(samordning);
  });

  it('needs only type and name: the identifier is optional for both types', async () => {
    expect(await create({ type: 'person', name: 'Okänd Person' })).toMatchObject({
      national_id: null,
      org_no: null,
      email: null,
      phone: null,
      address_json: null,
    });
    expect(await create({ type: 'company', name: 'Okänt Företag AB' })).toMatchObject({ national_id: null, org_no: null });
  });

  it.each([
    ['no type', 400, 'VALIDATION_FAILED', 'Välj typ: person eller company', { name: 'Utan Typ' }],
    ['an unknown type', 400, 'VALIDATION_FAILED', 'Välj typ: person eller company', { type: 'trust', name: 'Stiftelse' }],
    ['no name', 400, 'VALIDATION_FAILED', 'Namn krävs', { type: 'person' }],
    ['a blank name', 400, 'VALIDATION_FAILED', 'Namn krävs', { type: 'company', name: ' ' }],
    [
      'a wrong personnummer check digit',
      400,
      'INVALID_PERSONNUMMER',
      personReason('19811218-2286'),
      { type: 'person', name: 'Fel', national_id: '19811218-2286' },
    ],
    [
      'a birth date that does not exist',
      400,
      'INVALID_PERSONNUMMER',
      personReason('19811318-2285'),
      { type: 'person', name: 'Fel', national_id: '19811318-2285' },
    ],
    [
      'a wrong org.nr check digit',
      400,
      'INVALID_ORGANISATIONSNUMMER',
      companyReason('556036-0794'),
      { type: 'company', name: 'Fel AB', org_no: '556036-0794' },
    ],
    ['a person with an org.nr', 400, 'VALIDATION_FAILED', PERSON_WITH_ORG_NO, { type: 'person', name: 'Fel', org_no: '556036-0793' }],
    ['a company with a personnummer', 400, 'VALIDATION_FAILED', COMPANY_WITH_NATIONAL_ID, { type: 'company', name: 'Fel AB', national_id: '19811218-2285' }],
    ['a bad e-mail', 400, 'VALIDATION_FAILED', 'Ogiltig e-postadress', { type: 'person', name: 'Fel', email: 'anna@' }],
    [
      'a personnummer that is taken (other form)',
      409,
      'CONFLICT',
      'En part med detta personnummer finns redan',
      { type: 'person', name: 'Dubblett', national_id: '198112182285' },
    ],
    [
      'an org.nr that is taken',
      409,
      'CONFLICT',
      'En part med organisationsnummer 562242-4967 finns redan',
      { type: 'company', name: 'Dubblett AB', org_no: '562242-4967' },
    ],
  ])('refuses %s (%i %s), changing nothing', async (_case, status, code, message, body) => {
    const error = await directory.refused(() => api.request('POST', base(), { token: admin.token, body }), status, code);
    expect(error.message).toBe(message);
  });

  it.each([
    ['national_id', { type: 'person', name: 'Fel', national_id: '19811218-2286' }, 'INVALID_PERSONNUMMER'],
    ['org_no', { type: 'company', name: 'Fel AB', org_no: '556036-0794' }, 'INVALID_ORGANISATIONSNUMMER'],
    ['org_no', { type: 'person', name: 'Fel', org_no: '556036-0793' }, 'VALIDATION_FAILED'],
  ])('a refused identifier names its field %s, so the form shows the refusal under it', async (field, body, code) => {
    const error = await expectError(await api.request('POST', base(), { token: admin.token, body }), 400, code);
    expect(error.details).toMatchObject({ field });
  });

  it('the same person may be a party of another organisation', async () => {
    expect((await create({ type: 'person', name: 'Anna Lindqvist', national_id: '19811218-2285' }, other)).org_id).toBe(other.org_id);
  });
});

describe('the party list', () => {
  let lister: TestUser;
  const listOf = (query: string) => list(query, lister);

  beforeAll(async () => {
    lister = await createUser(api, { name: 'Lista' });
    const ctx = await operatorContext(api.ctx, lister.org_id);
    // 120 persons (every tenth inactive) and 5 companies, one second apart.
    for (let i = 1; i <= 120; i += 1) {
      api.clock.advanceSeconds(1);
      const n = String(i).padStart(3, '0');
      const party = await createParty(ctx, {
        type: 'person',
        name: `Gäldenär ${n}`,
        national_id: buildPersonnummer('1980-01-01', i),
        email: `g${n}@example.se`,
      });
      if (i % 10 === 0) await api.sql("UPDATE parties SET status = 'inactive' WHERE id = ?", party.id);
    }
    for (const [name, orgNo] of [
      ['Norrbygg Entreprenad AB', '562063-7123'],
      ['Kvarnbäckens Elservice AB', '582068-9601'],
      ['Östgöta Bygg AB', null],
      ['Bolaget AB', null],
      ['Firma Ek', null],
    ] as const) {
      api.clock.advanceSeconds(1);
      await createParty(ctx, { type: 'company', name, org_no: orgNo });
    }
  });

  it('pages with the total of all matches and never repeats a row', async () => {
    const first = await listOf('');
    expect(first).toMatchObject({ total: 125 });
    expect(first.items).toHaveLength(50);
    const ids = new Set<string>();
    for (let offset = 0; offset < 125; offset += 60) for (const party of (await listOf(`?limit=60&offset=${offset}`)).items) ids.add(party.id);
    expect(ids.size).toBe(125);
  });

  it('sorts by name (default) or created_at, both ways', async () => {
    expect((await listOf('?limit=2')).items.map((p) => p.name)).toEqual(['Bolaget AB', 'Firma Ek']);
    expect((await listOf('?order=desc&limit=1')).items.map((p) => p.name)).toEqual(['Östgöta Bygg AB']);
    expect((await listOf('?sort=created_at&order=desc&limit=2')).items.map((p) => p.name)).toEqual(['Firma Ek', 'Bolaget AB']);
    expect((await listOf('?sort=created_at&limit=1')).items.map((p) => p.name)).toEqual(['Gäldenär 001']);
  });

  it('searches name, e-mail, personnummer (10 or 12 digits, with or without hyphen) and org.nr', async () => {
    const pnr = buildPersonnummer('1980-01-01', 42);
    const names = async (query: string) => (await listOf(`?query=${encodeURIComponent(query)}`)).items.map((p) => p.name);
    expect(await names('gäldenär 042')).toEqual(['Gäldenär 042']);
    expect(await names('G042@EXAMPLE')).toEqual(['Gäldenär 042']);
    expect(await names(pnr)).toEqual(['Gäldenär 042']);
    expect(await names(`${pnr.slice(0, 8)}-${pnr.slice(8)}`)).toEqual(['Gäldenär 042']);
    expect(await names(`${pnr.slice(2, 8)}-${pnr.slice(8)}`)).toEqual(['Gäldenär 042']);
    expect(await names('5820689601')).toEqual(['Kvarnbäckens Elservice AB']);
    expect(await names('582068-9601')).toEqual(['Kvarnbäckens Elservice AB']);
    expect(await names('östgöta')).toEqual(['Östgöta Bygg AB']);
    expect(await names('ingen sådan')).toEqual([]);
  });

  it('filters by type and status, together with search', async () => {
    expect((await listOf('?type=company')).total).toBe(5);
    expect((await listOf('?type=person&limit=1')).total).toBe(120);
    expect((await listOf('?status=inactive')).total).toBe(12);
    expect((await listOf('?status=inactive&type=company')).total).toBe(0);
    expect((await listOf('?status=inactive&query=gäldenär%2011')).items.map((p) => p.name)).toEqual(['Gäldenär 110']);
  });

  it.each([
    ['?limit=0', 'Ogiltig gräns'],
    ['?limit=500', 'Högst 200 rader per anrop'],
    ['?offset=x', 'Ogiltig förskjutning'],
    ['?sort=email', 'Sortera på name eller created_at'],
    ['?type=trust', 'Välj typ: person eller company'],
    ['?status=gone', 'Status måste vara active eller inactive'],
  ])('refuses %s with 400 "%s"', async (query, message) => {
    const error = await expectError(await api.request('GET', `/api/orgs/${lister.org_id}/parties${query}`, { token: lister.token }), 400, 'VALIDATION_FAILED');
    expect(error.message).toBe(message);
  });

  it("never lists another organisation's parties", async () => {
    const own = await list('?limit=200');
    expect(own.items.every((p) => p.org_id === admin.org_id)).toBe(true);
    expect(own.items.some((p) => p.name.startsWith('Gäldenär '))).toBe(false);
  });
});

describe('reading and editing one party', () => {
  let person: PartyResponse;
  let company: PartyResponse;

  beforeAll(async () => {
    person = await create({
      type: 'person',
      name: 'Erik Johansson',
      national_id: '19750302-7885',
      address_json: { street: 'Ängsvägen 49', city: 'Linköping', zip: '582 22' },
    });
    company = await create({ type: 'company', name: 'Norrbygg Entreprenad AB', org_no: '562063-7123' });
    await create({ type: 'company', name: 'Upptaget AB', org_no: '556036-0793' });
  });

  const patch = (id: string, body: unknown) => directory.patch(id, body);

  it("reads a party; an unknown id or another organisation's party is 404", async () => {
    expect(await expectBody(await directory.read(person.id), 200, partyResponseSchema)).toEqual(person);
    await directory.hiddenFromOthers(person.id, admin, other);
  });

  it('edits fields and records which changed (not the values: personal data)', async () => {
    api.clock.advanceSeconds(1);
    const updated = await expectBody(
      await patch(person.id, { name: 'Erik Johansson Ek', phone: '070-1740636', email: 'erik@example.se' }),
      200,
      partyResponseSchema,
    );
    expect(updated).toMatchObject({
      name: 'Erik Johansson Ek',
      phone: '070-1740636',
      email: 'erik@example.se',
      national_id: '197503027885',
      address_json: person.address_json,
    });
    const audit = await expectBody(await api.request('GET', `/api/orgs/${admin.org_id}/audit-log`, { token: admin.token }), 200, auditLogResponseSchema);
    expect(audit.entries[0]).toMatchObject({ event: 'party.updated', entity_id: person.id });
    expect((audit.entries[0]?.payload as { changed: string[] }).changed.sort()).toEqual(['email', 'name', 'phone']);
    person = updated;
  });

  it('sets status inactive and active again (a status change of its own in the log)', async () => {
    api.clock.advanceSeconds(1);
    expect((await expectBody(await patch(person.id, { status: 'inactive', reason: 'Avliden' }), 200, partyResponseSchema)).status).toBe('inactive');
    const audit = await expectBody(await api.request('GET', `/api/orgs/${admin.org_id}/audit-log`, { token: admin.token }), 200, auditLogResponseSchema);
    expect(audit.entries[0]).toMatchObject({ event: 'party.status_changed', payload: { status: 'inactive', reason: 'Avliden' } });
    person = await expectBody(await patch(person.id, { status: 'active' }), 200, partyResponseSchema);
    expect(person.status).toBe('active');
  });

  it('changing the type drops the old identifier and takes the new one', async () => {
    const asCompany = await expectBody(await patch(person.id, { type: 'company', org_no: '582068-9601' }), 200, partyResponseSchema);
    expect(asCompany).toMatchObject({ type: 'company', org_no: '582068-9601', national_id: null });
    const back = await expectBody(await patch(person.id, { type: 'person', national_id: '197503027885' }), 200, partyResponseSchema);
    expect(back).toMatchObject({ type: 'person', org_no: null, national_id: '197503027885' });
    person = back;
  });

  it('a PATCH that changes nothing writes nothing', async () => {
    const before = await allRowCounts(api);
    expect(await expectBody(await patch(person.id, { name: person.name, national_id: '750302-7885' }), 200, partyResponseSchema)).toEqual(person);
    expect(await allRowCounts(api)).toEqual(before);
  });

  it.each([
    ['person', 400, 'VALIDATION_FAILED', 'Namn krävs', { name: '' }],
    ['person', 400, 'INVALID_PERSONNUMMER', personReason('19750302-7886'), { national_id: '19750302-7886' }],
    ['person', 400, 'VALIDATION_FAILED', PERSON_WITH_ORG_NO, { org_no: '556036-0793' }],
    ['company', 400, 'VALIDATION_FAILED', COMPANY_WITH_NATIONAL_ID, { national_id: '19750302-7885' }],
    ['company', 400, 'VALIDATION_FAILED', COMPANY_WITH_NATIONAL_ID, { type: 'company', national_id: '19750302-7885' }],
    ['company', 400, 'INVALID_ORGANISATIONSNUMMER', companyReason('562063-7124'), { org_no: '562063-7124' }],
    ['company', 409, 'CONFLICT', 'En part med organisationsnummer 556036-0793 finns redan', { org_no: '556036-0793' }],
    ['company', 409, 'CONFLICT', 'En part med detta personnummer finns redan', { type: 'person', national_id: '19750302-7885' }],
    ['person', 400, 'VALIDATION_FAILED', 'Status måste vara active eller inactive', { status: 'closed' }],
  ])('refuses to change the %s (%i %s: %s) and changes nothing', async (which, status, code, message, body) => {
    const target = which === 'person' ? person : company;
    const error = await directory.refused(() => patch(target.id, body), status, code, target.id);
    expect(error.message).toBe(message);
  });
});

describe('roles (docs/roles.md)', () => {
  let member: (role: string) => TestUser;
  let partyId: string;

  beforeAll(async () => {
    partyId = (await create({ type: 'person', name: 'Roll Person' })).id;
    const creditor = await api.request('POST', `/api/orgs/${admin.org_id}/creditors`, { token: admin.token, body: { name: 'Klientens Borgenär AB' } });
    const { id: creditorId } = (await creditor.json()) as { id: string };
    member = await roleMembers(api, admin, creditorId);
  });

  it('a handler creates and edits parties', async () => {
    const created = await create({ type: 'company', name: 'Handläggarens Part AB' }, member('handler'));
    expect(created.org_id).toBe(admin.org_id);
    expect(
      (await api.request('PATCH', `${base()}/${created.id}`, { token: member('handler').token, body: { status: 'inactive', reason: 'Avliden' } })).status,
    ).toBe(200);
  });

  it.each(['finance', 'legal'])('%s reads the list and one party', async (role) => {
    expect((await list('', member(role))).total).toBeGreaterThan(0);
    expect((await api.request('GET', `${base()}/${partyId}`, { token: member(role).token })).status).toBe(200);
  });

  it.each(FORBIDDEN_DIRECTORY_REQUESTS)('%s gets 403 on %s parties%s and nothing changes', async (role, method, suffix) => {
    const body = method === 'GET' ? {} : { body: { type: 'person', name: 'Obehörig', status: 'inactive', reason: 'Obehörig' } };
    const send = () => api.request(method, `${base()}${suffix.replace('id', partyId)}`, { token: member(role).token, ...body });
    await directory.refused(send, 403, 'FORBIDDEN', partyId);
  });
});
