import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOrganisationsnummer } from '@fordran/core';
import {
  auditLogResponseSchema,
  createCreditor,
  creditorListResponseSchema,
  creditorResponseSchema,
  operatorContext,
  type CreditorResponse,
} from '@fordran/services';
import { coreReason, directoryRequests, FORBIDDEN_DIRECTORY_REQUESTS, roleMembers } from './directory-helpers';
import { allRowCounts, createTestApi, createUser, expectBody, expectError, type TestApi, type TestUser } from './helpers';

let api: TestApi;
let admin: TestUser;
let other: TestUser;

const base = () => `/api/orgs/${admin.org_id}/creditors`;

const orgNoReason = (orgNo: string) => coreReason(() => parseOrganisationsnummer(orgNo));
const directory = directoryRequests(
  () => api,
  'creditors',
  { record: creditorResponseSchema, list: creditorListResponseSchema },
  () => admin,
);
const { create, list } = directory;

beforeAll(async () => {
  api = await createTestApi();
  admin = await createUser(api, { name: 'Kund Admin' });
  other = await createUser(api, { name: 'Annan Byrå' });
});
afterAll(() => api.close());

describe('creating creditors', () => {
  it('creates an active creditor with org_no stored NNNNNN-NNNN and the empty contact fields left out, audited', async () => {
    api.clock.advanceSeconds(1);
    const creditor = await create({
      name: '  Norrbygg Entreprenad AB ',
      org_no: '5620637123',
      customer_no: 'K-100',
      contact_json: { name: 'Eva Ek', email: 'Eva@Norrbygg.example.se', phone: '' },
    });
    expect(creditor).toMatchObject({
      org_id: admin.org_id,
      name: 'Norrbygg Entreprenad AB',
      org_no: '562063-7123',
      customer_no: 'K-100',
      status: 'active',
      is_business: true,
      contact_json: { name: 'Eva Ek', email: 'eva@norrbygg.example.se' },
    });
    expect(creditor.contact_json).not.toHaveProperty('phone');
    const audit = await expectBody(await api.request('GET', `/api/orgs/${admin.org_id}/audit-log`, { token: admin.token }), 200, auditLogResponseSchema);
    expect(audit.entries[0]).toMatchObject({ event: 'creditor.created', entity: 'creditors', entity_id: creditor.id, actor_id: admin.user_id });
  });

  it('needs only the company name; the optional fields become null', async () => {
    const creditor = await create({ name: 'Endast Namn AB' });
    expect(creditor).toMatchObject({ org_no: null, customer_no: null, contact_json: null, address_json: null, status: 'active' });
  });

  it('keeps the postal address (the applicant’s on a KFM application) without its empty parts; an edit replaces it as a whole', async () => {
    const creditor = await create({ name: 'Adressbolaget AB', address_json: { street: ' Hamngatan 3 ', zip: '', city: 'Luleå' } });
    expect(creditor.address_json).toEqual({ street: 'Hamngatan 3', city: 'Luleå' });
    const edited = await expectBody(
      await api.request('PATCH', `${base()}/${creditor.id}`, {
        token: admin.token,
        body: { address_json: { street: 'Hamngatan 3', zip: '972 38', city: 'Luleå' } },
      }),
      200,
      creditorResponseSchema,
    );
    expect(edited.address_json).toEqual({ street: 'Hamngatan 3', zip: '972 38', city: 'Luleå' });
    const cleared = await expectBody(
      await api.request('PATCH', `${base()}/${creditor.id}`, { token: admin.token, body: { address_json: null } }),
      200,
      creditorResponseSchema,
    );
    expect(cleared.address_json).toBeNull();
  });

  it.each([
    ['no name', 400, 'VALIDATION_FAILED', 'Företagsnamn krävs', { org_no: '556036-0793' }],
    ['a blank name', 400, 'VALIDATION_FAILED', 'Företagsnamn krävs', { name: '   ' }],
    ['a wrong check digit', 400, 'INVALID_ORGANISATIONSNUMMER', orgNoReason('556036-0794'), { name: 'Fel AB', org_no: '556036-0794' }],
    ['too few digits', 400, 'INVALID_ORGANISATIONSNUMMER', orgNoReason('12345'), { name: 'Fel AB', org_no: '12345' }],
    ['a personnummer as org_no', 400, 'INVALID_ORGANISATIONSNUMMER', orgNoReason('811218-9876'), { name: 'Fel AB', org_no: '811218-9876' }],
    ['a bad e-mail', 400, 'VALIDATION_FAILED', 'Ogiltig e-postadress', { name: 'Fel AB', contact_json: { email: 'inte-en-adress' } }],
    ['a too long postal code', 400, 'VALIDATION_FAILED', 'Postnumret får vara högst 20 tecken', { name: 'Fel AB', address_json: { zip: '1'.repeat(21) } }],
    [
      'an org_no that is taken (other form)',
      409,
      'CONFLICT',
      'En kund med organisationsnummer 562063-7123 finns redan',
      { name: 'Dubblett AB', org_no: '562063 7123' },
    ],
  ])('refuses %s (%i %s), changing nothing', async (_case, status, code, message, body) => {
    const error = await directory.refused(() => api.request('POST', base(), { token: admin.token, body }), status, code);
    expect(error.message).toBe(message);
  });

  it.each([
    ['an org_no that does not check', { name: 'Fel AB', org_no: '556036-0794' }, 400, 'INVALID_ORGANISATIONSNUMMER'],
    ['a bad contact e-mail', { name: 'Fel AB', contact_json: { email: 'inte-en-adress' } }, 400, 'VALIDATION_FAILED'],
    ['an org_no that is taken', { name: 'Dubblett AB', org_no: '562063-7123' }, 409, 'CONFLICT'],
  ])('names the field of %s, so the form shows the refusal under it', async (_case, body, status, code) => {
    const error = await expectError(await api.request('POST', base(), { token: admin.token, body }), status, code);
    const details = error.details as { field?: string; issues?: { path: string }[] };
    expect(details.field ?? details.issues?.[0]?.path).toBe('contact_json' in body ? 'contact_json.email' : 'org_no');
  });

  it('the same org_no may exist in another organisation', async () => {
    const creditor = await create({ name: 'Norrbygg hos annan byrå', org_no: '562063-7123' }, other);
    expect(creditor.org_id).toBe(other.org_id);
  });
});

describe('the creditor list', () => {
  let lister: TestUser;

  beforeAll(async () => {
    lister = await createUser(api, { name: 'Lista' });
    const ctx = await operatorContext(api.ctx, lister.org_id);
    // 130 creditors over several seconds: Borgenär 001 … 130, every tenth inactive, every third without customer_no.
    for (let i = 1; i <= 130; i += 1) {
      api.clock.advanceSeconds(1);
      const n = String(i).padStart(3, '0');
      const creditor = await createCreditor(ctx, { name: `Borgenär ${n} AB`, ...(i % 3 === 0 ? {} : { customer_no: `C${n}` }) });
      if (i % 10 === 0) await api.sql("UPDATE creditors SET status = 'inactive' WHERE id = ?", creditor.id);
    }
    api.clock.advanceSeconds(1);
    await createCreditor(ctx, { name: 'Ålands Åkeri AB', org_no: '556036-0793' });
  });

  const listOf = (query: string) => list(query, lister);

  it('pages through thousands-ready lists: 50 by default, the total of all matches, no row twice', async () => {
    const first = await listOf('');
    expect(first.total).toBe(131);
    expect(first.items).toHaveLength(50);
    const seen = new Set<string>();
    for (let offset = 0; offset < 131; offset += 40) {
      const page = await listOf(`?limit=40&offset=${offset}`);
      expect(page.total).toBe(131);
      for (const item of page.items) seen.add(item.id);
    }
    expect(seen.size).toBe(131);
    const beyond = await listOf('?offset=500');
    expect(beyond).toEqual({ items: [], total: 131 });
  });

  it('sorts by name (default; Å after B), created_at and customer_no (missing last), both ways', async () => {
    const byName = await listOf('?limit=200');
    expect(byName.items[0]?.name).toBe('Borgenär 001 AB');
    expect(byName.items.at(-1)?.name).toBe('Ålands Åkeri AB');
    const desc = await listOf('?sort=name&order=desc&limit=1');
    expect(desc.items[0]?.name).toBe('Ålands Åkeri AB');
    const newest = await listOf('?sort=created_at&order=desc&limit=2');
    expect(newest.items.map((c) => c.name)).toEqual(['Ålands Åkeri AB', 'Borgenär 130 AB']);
    const byCustomerNo = await listOf('?sort=customer_no&limit=200');
    const numbers = byCustomerNo.items.map((c) => c.customer_no);
    expect(numbers[0]).toBe('C001');
    expect(numbers.indexOf(null)).toBe(87);
    expect(numbers.slice(87).every((n) => n === null)).toBe(true);
    expect(numbers.slice(0, 87)).toEqual([...numbers.slice(0, 87)].sort());
  });

  it('searches name case-insensitively, org_no with or without hyphen, and customer_no', async () => {
    expect((await listOf('?query=borgenär%2012')).items.map((c) => c.name)).toEqual([
      'Borgenär 120 AB',
      'Borgenär 121 AB',
      'Borgenär 122 AB',
      'Borgenär 123 AB',
      'Borgenär 124 AB',
      'Borgenär 125 AB',
      'Borgenär 126 AB',
      'Borgenär 127 AB',
      'Borgenär 128 AB',
      'Borgenär 129 AB',
    ]);
    expect((await listOf('?query=%C3%A5lands')).items.map((c) => c.name)).toEqual(['Ålands Åkeri AB']);
    expect((await listOf('?query=5560360793')).items.map((c) => c.name)).toEqual(['Ålands Åkeri AB']);
    expect((await listOf('?query=556036-0793')).items.map((c) => c.name)).toEqual(['Ålands Åkeri AB']);
    expect((await listOf('?query=C007')).items.map((c) => c.name)).toEqual(['Borgenär 007 AB']);
    expect(await listOf('?query=finns%20inte')).toEqual({ items: [], total: 0 });
  });

  it('filters by status, together with search and paging', async () => {
    const inactive = await listOf('?status=inactive');
    expect(inactive.total).toBe(13);
    expect(inactive.items.every((c) => c.status === 'inactive')).toBe(true);
    expect((await listOf('?status=active&limit=1')).total).toBe(118);
    expect((await listOf('?status=inactive&query=10')).items.map((c) => c.name)).toEqual(['Borgenär 010 AB', 'Borgenär 100 AB', 'Borgenär 110 AB']);
  });

  it.each([
    ['?limit=0', 'Ogiltig gräns'],
    ['?limit=201', 'Högst 200 rader per anrop'],
    ['?offset=-1', 'Ogiltig förskjutning'],
    ['?sort=org_no', 'Sortera på name, created_at eller customer_no'],
    ['?order=up', 'Ordning måste vara asc eller desc'],
    ['?status=deleted', 'Status måste vara active eller inactive'],
  ])('refuses %s with 400 "%s"', async (query, message) => {
    const error = await expectError(
      await api.request('GET', `/api/orgs/${lister.org_id}/creditors${query}`, { token: lister.token }),
      400,
      'VALIDATION_FAILED',
    );
    expect(error.message).toBe(message);
  });

  it("never lists another organisation's creditors", async () => {
    const own = await list('?limit=200');
    expect(own.items.every((c) => c.org_id === admin.org_id)).toBe(true);
    expect(own.items.some((c) => c.name.startsWith('Borgenär '))).toBe(false);
  });
});

describe('reading and editing one creditor', () => {
  let creditor: CreditorResponse;
  let second: CreditorResponse;

  beforeAll(async () => {
    creditor = await create({ name: 'Solvik Fastigheter AB', org_no: '562242-4967', contact_json: { name: 'Per Persson', phone: '070-1740606' } });
    second = await create({ name: 'Kvarnbäckens Elservice AB', org_no: '582068-9601' });
  });

  it("reads a creditor; an unknown id or another organisation's creditor is 404", async () => {
    expect(await expectBody(await directory.read(creditor.id), 200, creditorResponseSchema)).toEqual(creditor);
    await directory.hiddenFromOthers(creditor.id, admin, other);
  });

  it('edits fields (the contact is replaced as a whole) and records what changed', async () => {
    api.clock.advanceSeconds(5);
    const updated = await expectBody(
      await api.request('PATCH', `${base()}/${creditor.id}`, {
        token: admin.token,
        body: { name: 'Solvik Fastigheter i Stockholm AB', customer_no: 'S-1', contact_json: { name: 'Per Persson', email: 'per@solvik.example.se' } },
      }),
      200,
      creditorResponseSchema,
    );
    expect(updated).toMatchObject({
      name: 'Solvik Fastigheter i Stockholm AB',
      org_no: '562242-4967',
      customer_no: 'S-1',
      contact_json: { name: 'Per Persson', email: 'per@solvik.example.se' },
      created_at: creditor.created_at,
    });
    expect(updated.updated_at > creditor.updated_at).toBe(true);
    const audit = await expectBody(await api.request('GET', `/api/orgs/${admin.org_id}/audit-log`, { token: admin.token }), 200, auditLogResponseSchema);
    expect(audit.entries[0]).toMatchObject({ event: 'creditor.updated', entity_id: creditor.id });
    expect(audit.entries[0]?.payload).toMatchObject({ changed: { name: 'Solvik Fastigheter i Stockholm AB', customer_no: 'S-1' } });
    creditor = updated;
  });

  it('sets status inactive and back to active, each audited as a status change', async () => {
    api.clock.advanceSeconds(1);
    const inactive = await expectBody(
      await api.request('PATCH', `${base()}/${creditor.id}`, { token: admin.token, body: { status: 'inactive', reason: 'Avslutat samarbete' } }),
      200,
      creditorResponseSchema,
    );
    expect(inactive.status).toBe('inactive');
    const audit = await expectBody(await api.request('GET', `/api/orgs/${admin.org_id}/audit-log`, { token: admin.token }), 200, auditLogResponseSchema);
    expect(audit.entries[0]).toMatchObject({
      event: 'creditor.status_changed',
      entity_id: creditor.id,
      payload: { changed: { status: 'inactive' }, reason: 'Avslutat samarbete' },
    });
    expect((await list('?status=inactive')).items.map((c) => c.id)).toContain(creditor.id);
    const active = await expectBody(
      await api.request('PATCH', `${base()}/${creditor.id}`, { token: admin.token, body: { status: 'active' } }),
      200,
      creditorResponseSchema,
    );
    expect(active.status).toBe('active');
    creditor = active;
  });

  it('a PATCH that changes nothing answers the creditor and writes no audit row', async () => {
    const before = await allRowCounts(api);
    const same = await expectBody(
      await api.request('PATCH', `${base()}/${creditor.id}`, { token: admin.token, body: { name: creditor.name, org_no: '5622424967' } }),
      200,
      creditorResponseSchema,
    );
    expect(same.updated_at).toBe(creditor.updated_at);
    expect(await allRowCounts(api)).toEqual(before);
  });

  it('clears optional fields with null or an empty string', async () => {
    const cleared = await expectBody(
      await api.request('PATCH', `${base()}/${second.id}`, { token: admin.token, body: { org_no: '', contact_json: null } }),
      200,
      creditorResponseSchema,
    );
    expect(cleared).toMatchObject({ org_no: null, contact_json: null });
    second = await expectBody(
      await api.request('PATCH', `${base()}/${second.id}`, { token: admin.token, body: { org_no: '582068-9601' } }),
      200,
      creditorResponseSchema,
    );
  });

  it.each([
    [{ name: '' }, 400, 'VALIDATION_FAILED', 'Företagsnamn krävs'],
    [{ org_no: '562242-4968' }, 400, 'INVALID_ORGANISATIONSNUMMER', orgNoReason('562242-4968')],
    [{ org_no: '582068-9601' }, 409, 'CONFLICT', 'En kund med organisationsnummer 582068-9601 finns redan'],
    [{ status: 'deleted' }, 400, 'VALIDATION_FAILED', 'Status måste vara active eller inactive'],
    [{ is_business: 'ja' }, 400, 'VALIDATION_FAILED', 'Ange ja eller nej'],
  ])('refuses %j with %i %s and changes nothing', async (body, status, code, message) => {
    const error = await directory.refused(() => directory.patch(creditor.id, body), status, code, creditor.id);
    expect(error.message).toBe(message);
  });
});

describe('roles (docs/roles.md)', () => {
  let member: (role: string) => TestUser;
  let creditorId: string;

  beforeAll(async () => {
    creditorId = (await create({ name: 'Rollkund AB' })).id;
    member = await roleMembers(api, admin, creditorId);
  });

  it('a handler creates and edits creditors', async () => {
    const created = await create({ name: 'Handläggarens Kund AB' }, { ...member('handler'), org_id: admin.org_id });
    const patched = await api.request('PATCH', `${base()}/${created.id}`, {
      token: member('handler').token,
      body: { status: 'inactive', reason: 'Avslutat samarbete' },
    });
    expect(patched.status).toBe(200);
  });

  it.each(['finance', 'legal'])('%s reads the list and one creditor', async (role) => {
    expect((await list('', member(role))).items.length).toBeGreaterThan(0);
    expect((await api.request('GET', `${base()}/${creditorId}`, { token: member(role).token })).status).toBe(200);
  });

  it.each(FORBIDDEN_DIRECTORY_REQUESTS)('%s gets 403 on %s creditors%s and nothing changes', async (role, method, suffix) => {
    const body = method === 'GET' ? {} : { body: { name: 'Obehörig AB', status: 'inactive', reason: 'Obehörig' } };
    const send = () => api.request(method, `${base()}${suffix.replace('id', creditorId)}`, { token: member(role).token, ...body });
    await directory.refused(send, 403, 'FORBIDDEN', creditorId);
  });

  it('without a token every creditor route is 401', async () => {
    await expectError(await api.request('GET', base()), 401, 'UNAUTHORIZED');
    await expectError(await api.request('POST', base(), { body: { name: 'Anonym AB' } }), 401, 'UNAUTHORIZED');
  });
});
