import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKUP_MAX_RESULTS, lookupResponseSchema, type CompanyRegisterProvider } from '@fordran/services';
import { allRowCounts, createMember, createTestApi, createUser, expectBody, expectError, type TestApi, type TestUser } from './helpers';

const api = await createTestApi();
let admin: TestUser;

const NORRBYGG = {
  name: 'Norrbygg Entreprenad AB',
  organizationNumber: '562063-7123',
  email: 'info@norrbyggentreprenad.example.se',
  phone: '070-1740605',
  address: { street: 'Kyrkogatan 57', city: 'Stockholm', postalCode: '111 22' },
};
const ANNA = {
  name: 'Anna Lindqvist',
  personalNumber: '19811218-2285',
  email: 'anna.lindqvist@example.se',
  phone: '070-1740635',
  address: { street: 'Ringvägen 5', city: 'Örebro', postalCode: '702 10' },
};

async function lookup(query: string, user: TestUser = admin, test: TestApi = api) {
  return expectBody(await test.request('GET', `/api/orgs/${user.org_id}/lookup${query}`, { token: user.token }), 200, lookupResponseSchema);
}

beforeAll(async () => {
  admin = await createUser(api, { name: 'Uppslag Admin' });
});
afterAll(() => api.close());

describe('GET /lookup over the fixture register', () => {
  it.each(['5620637123', '562063-7123', '562063 7123', ' 562063-7123 '])('10 digits (%j) search companies and pre-fill everything', async (query) => {
    expect(await lookup(`?query=${encodeURIComponent(query)}`)).toEqual({ searchType: 'company', results: [NORRBYGG] });
  });

  it.each(['19811218-2285', '198112182285', '19811218 2285'])('anything else (%j) searches persons', async (query) => {
    expect(await lookup(`?query=${encodeURIComponent(query)}`)).toEqual({ searchType: 'person', results: [ANNA] });
  });

  it("'+' in a 10-digit personnummer means a century earlier: another person, no hit", async () => {
    expect(await lookup(`?query=${encodeURIComponent('811218+2285')}`)).toEqual({ searchType: 'person', results: [] });
  });

  it('a 10-digit personnummer is a company search (the spec rule) and finds nothing; type=person forces the person register', async () => {
    expect(await lookup('?query=811218-2285')).toEqual({ searchType: 'company', results: [] });
    expect(await lookup('?query=811218-2285&type=person')).toEqual({ searchType: 'person', results: [ANNA] });
  });

  it('type=company (the creditor dialog) never searches persons', async () => {
    expect(await lookup('?query=19811218-2285&type=company')).toEqual({ searchType: 'company', results: [] });
  });

  it(`finds persons by a part of the name, at most ${LOOKUP_MAX_RESULTS}`, async () => {
    expect((await lookup('?query=lindqvist')).results).toEqual([ANNA]);
    const many = await lookup('?query=son');
    expect(many.searchType).toBe('person');
    expect(many.results).toHaveLength(LOOKUP_MAX_RESULTS);
  });

  it('no hit is an empty list (the dialog asks for manual entry), and a look-up writes nothing', async () => {
    const before = await allRowCounts(api);
    expect(await lookup('?query=556036-0793')).toEqual({ searchType: 'company', results: [] });
    expect(await lookup('?query=19750302-7886')).toEqual({ searchType: 'person', results: [] });
    expect(await lookup('?query=Ingen%20S%C3%A5dan')).toEqual({ searchType: 'person', results: [] });
    expect(await allRowCounts(api)).toEqual(before);
  });

  it.each([
    ['', 'Ange org.nr eller personnr'],
    ['?query=', 'Ange org.nr eller personnr'],
    ['?query=%20%20', 'Ange org.nr eller personnr'],
    ['?query=&type=company', 'Ange org.nr'],
    ['?query=5620637123&type=bolag', 'Typ måste vara company eller person'],
    [`?query=${'1'.repeat(101)}`, 'Söktexten får vara högst 100 tecken'],
  ])('refuses %j with 400 "%s"', async (query, message) => {
    const error = await expectError(await api.request('GET', `/api/orgs/${admin.org_id}/lookup${query}`, { token: admin.token }), 400, 'VALIDATION_FAILED');
    expect(error.message).toBe(message);
  });

  it('a handler may search; finance, legal and client may not (register data is personal data)', async () => {
    const handler = await createMember(api, admin, 'handler');
    expect((await lookup('?query=5620637123', handler)).results).toEqual([NORRBYGG]);
    const creditor = await api.request('POST', `/api/orgs/${admin.org_id}/creditors`, { token: admin.token, body: { name: 'Klientens Borgenär AB' } });
    const { id: creditorId } = (await creditor.json()) as { id: string };
    for (const role of ['finance', 'legal', 'client'] as const) {
      const user = await createMember(api, admin, role, role === 'client' ? creditorId : undefined);
      await expectError(await api.request('GET', `/api/orgs/${admin.org_id}/lookup?query=5620637123`, { token: user.token }), 403, 'FORBIDDEN');
    }
  });
});

describe('GET /lookup with another register provider', () => {
  it('passes the query and the classified search type to the provider', async () => {
    const calls: [string, string][] = [];
    const recording: CompanyRegisterProvider = {
      lookup(query, searchType) {
        calls.push([query, searchType]);
        return Promise.resolve([]);
      },
    };
    const test = await createTestApi({}, { providers: { companyRegister: recording } });
    try {
      const user = await createUser(test);
      await lookup('?query=%20556036-0793%20', user, test);
      await lookup('?query=19811218-2285', user, test);
      await lookup('?query=5560360793&type=person', user, test);
      expect(calls).toEqual([
        ['556036-0793', 'company'],
        ['19811218-2285', 'person'],
        ['5560360793', 'person'],
      ]);
    } finally {
      await test.close();
    }
  });

  it("a failing register is 502 LOOKUP_FAILED 'Kunde inte söka', without the cause", async () => {
    const failing: CompanyRegisterProvider = {
      lookup: () => Promise.reject(new Error('connect ECONNREFUSED https://register.intern.example:8443/sok')),
    };
    const test = await createTestApi({}, { providers: { companyRegister: failing } });
    try {
      const user = await createUser(test);
      const before = await allRowCounts(test);
      const response = await test.request('GET', `/api/orgs/${user.org_id}/lookup?query=556036-0793`, { token: user.token });
      const error = await expectError(response, 502, 'LOOKUP_FAILED');
      expect(error).toEqual({ code: 'LOOKUP_FAILED', message: 'Kunde inte söka' });
      expect(await allRowCounts(test)).toEqual(before);
    } finally {
      await test.close();
    }
  });
});
