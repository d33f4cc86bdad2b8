import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestApi, createUser, expectError, json, type TestApi, type TestUser } from './helpers';
import { insertBankAccount, insertCase, insertCreditor, insertImportedStatement, insertNotification, insertParty, sampleBankFile } from './fixtures';

/**
 * The tenant isolation sweep: for EVERY route under /api/orgs/{orgId} the app registers (read
 * from the OpenAPI document, and cross-checked against the router so an undocumented route cannot
 * hide), organisation B's user
 *   - with A's org id gets 404 and A's rows stay byte-for-byte the same;
 *   - with B's own org id and A's object ids never sees or changes A's rows.
 * A new route is swept automatically; it only needs a sample body below if it takes one.
 */
const SAMPLE_BODIES: Record<string, unknown | ((victim: Tenant) => unknown)> = {
  'PATCH /api/orgs/{orgId}': { name: 'Kapad AB', org_no: '556036-0793', require_mfa: false },
  // A's creditor and debtor in B's organisation must not make a case.
  'POST /api/orgs/{orgId}/cases': (victim: Tenant) => ({ creditor_id: victim.creditorId, party_id: victim.partyId, reference_no: 'F-KAPAD', principal_amount: '100', due_date: '2026-01-01' }),
  'POST /api/orgs/{orgId}/cases/{id}/status': { status: 'closed', reason: 'Kapad' },
  'POST /api/orgs/{orgId}/cases/{id}/stage': { stage: 'demand' },
  'POST /api/orgs/{orgId}/cases/{id}/fees': { code: 'COLLECTION_180' },
  'POST /api/orgs/{orgId}/cases/{id}/interest': { as_of: '2026-11-01' },
  'POST /api/orgs/{orgId}/invitations': { email: 'inkraktare@example.se', role: 'admin' },
  'PUT /api/orgs/{orgId}/onboarding/{stepCode}': { completed: true },
  'POST /api/orgs/{orgId}/bank-accounts': { account_name: 'Kapat konto', type: 'client_funds', iban: 'SE4550000000058398257466' },
  'PATCH /api/orgs/{orgId}/bank-accounts/{id}': { account_name: 'Kapat konto', is_active: false },
};

interface Tenant {
  admin: TestUser;
  handler: TestUser;
  ids: string[];
  notificationId: string;
  creditorId: string;
  partyId: string;
  caseId: string;
  flagId: string;
  bankAccountId: string;
  statementId: string;
}

const api = createTestApi();
let a: Tenant;
let b: Tenant;

async function seedTenant(test: TestApi, name: string): Promise<Tenant> {
  const admin = await createUser(test, { name });
  const handler = await createMember(test, admin, 'handler');
  const creditorId = insertCreditor(test, admin.org_id, `${name} Borgenär AB`);
  const partyId = insertParty(test, admin.org_id, `${name} Gäldenär`);
  const caseId = insertCase(test, admin.org_id, { creditorId, partyId, status: 'active', outstandingOre: 795000, dueDate: '2026-01-31', createdAt: test.ctx.clock.now() });
  const flagId = crypto.randomUUID();
  test.store.sqlite
    .prepare("INSERT INTO case_flags (id, org_id, case_id, rule_code, level, message, created_at) VALUES (?, ?, ?, 'MANUAL', 'info', ?, ?)")
    .run(flagId, admin.org_id, caseId, `${name}: kontrollera adressen`, test.ctx.clock.now());
  const notificationId = insertNotification(test, admin.org_id, { user_id: null, message: `${name}: till alla` });
  const personal = insertNotification(test, admin.org_id, { user_id: admin.user_id, message: `${name}: personlig` });
  const invite = await json<{ invitation: { id: string } }>(
    await test.request('POST', `/api/orgs/${admin.org_id}/invitations`, { token: admin.token, body: { email: `${name.toLowerCase()}-inbjuden@example.se`, role: 'finance' } }),
  );
  await test.request('PUT', `/api/orgs/${admin.org_id}/onboarding/add_creditor`, { token: admin.token, body: { completed: true } });
  const bankAccountId = insertBankAccount(test, admin.org_id, `${name} Klientmedel`);
  const { statementId, paymentIds } = await insertImportedStatement(test, admin.org_id, sampleBankFile('bgmax/all-record-types.txt'), { bankAccountId, fileName: `${name}-bgmax.txt` });
  return {
    admin,
    handler,
    notificationId,
    creditorId,
    partyId,
    caseId,
    flagId,
    bankAccountId,
    statementId,
    ids: [
      admin.org_id, admin.user_id, handler.user_id, creditorId, partyId, caseId, flagId, notificationId, personal, invite.invitation.id, admin.email, handler.email,
      bankAccountId, statementId, ...paymentIds.values(),
    ],
  };
}

/** Every row of A: its organisation and every tenant table's rows with A's org_id. */
function dumpTenant(test: TestApi, orgId: string): string {
  const tables = (
    test.store.sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name")
      .all() as { name: string }[]
  ).map((row) => row.name);
  const dump: Record<string, unknown> = {
    organisations: test.store.sqlite.prepare('SELECT * FROM organisations WHERE id = ?').all(orgId),
  };
  for (const table of tables) {
    const columns = (test.store.sqlite.prepare(`PRAGMA table_info(${JSON.stringify(table)})`).all() as { name: string }[]).map((c) => c.name);
    if (!columns.includes('org_id')) continue;
    dump[table] = test.store.sqlite.prepare(`SELECT * FROM ${JSON.stringify(table)} WHERE org_id = ? ORDER BY id`).all(orgId);
  }
  return JSON.stringify(dump);
}

interface TenantRoute {
  method: string;
  path: string;
  hasBody: boolean;
}

async function tenantRoutes(test: TestApi): Promise<TenantRoute[]> {
  const doc = await json<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>(await test.request('GET', '/api/openapi.json'));
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/orgs/{orgId}'))
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), path, hasBody: operation.requestBody !== undefined })),
    );
}

function fill(path: string, orgId: string, objectOrg: Tenant): string {
  // `{id}` is the object of the path's resource (the case of /cases/{id}, …).
  const resourceIds: Record<string, string> = {
    notifications: objectOrg.notificationId,
    cases: objectOrg.caseId,
    creditors: objectOrg.creditorId,
    parties: objectOrg.partyId,
    'bank-accounts': objectOrg.bankAccountId,
    'bank-statements': objectOrg.statementId,
  };
  return path
    .replace('{orgId}', orgId)
    .replace(/\/([a-z-]+)\/\{id\}/g, (_match, resource: string) => {
      const id = resourceIds[resource];
      if (!id) throw new Error(`the sweep has no object of ${resource} for ${path}: add one to fill()`);
      return `/${resource}/${id}`;
    })
    .replace('{flagId}', objectOrg.flagId)
    .replace('{stepCode}', 'setup_organization')
    .replace(/\{[^}]+\}/g, () => {
      throw new Error(`the sweep has no value for a parameter of ${path}: add one to fill()`);
    });
}

async function call(test: TestApi, route: TenantRoute, url: string, token: string, victim: Tenant): Promise<Response> {
  const key = `${route.method} ${route.path}`;
  if (route.hasBody && !(key in SAMPLE_BODIES)) throw new Error(`the sweep has no sample body for ${key}: add one to SAMPLE_BODIES`);
  const sample = SAMPLE_BODIES[key];
  const body = typeof sample === 'function' ? (sample as (t: Tenant) => unknown)(victim) : sample;
  return test.request(route.method, url, { token, ...(route.hasBody ? { body } : {}) });
}

/** Body text of a response; an event stream is read up to its first event and then closed. */
async function bodyText(response: Response): Promise<string> {
  if (!response.headers.get('content-type')?.includes('text/event-stream')) return response.text();
  const reader = response.body?.getReader();
  if (!reader) return '';
  const first = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(first.value);
}

beforeAll(async () => {
  a = await seedTenant(api, 'Alfa');
  b = await seedTenant(api, 'Beta');
});
afterAll(() => api.close());

describe('tenant isolation sweep', () => {
  it('every organisation route of the router is in the OpenAPI document (nothing escapes the sweep)', async () => {
    const documented = new Set((await tenantRoutes(api)).map((r) => `${r.method} ${r.path}`));
    const registered = api.http.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/orgs/:orgId'))
      .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z]+)/g, '{$1}')}`);
    expect(registered.length).toBeGreaterThan(5);
    for (const route of registered) expect(documented, route).toContain(route);
  });

  it("B's users with A's organisation id get 404 on every route, and A's rows do not change", async () => {
    const routes = await tenantRoutes(api);
    expect(routes.length).toBeGreaterThanOrEqual(12);
    const before = dumpTenant(api, a.admin.org_id);
    for (const intruder of [b.admin, b.handler]) {
      for (const route of routes) {
        const response = await call(api, route, fill(route.path, a.admin.org_id, a), intruder.token, a);
        const error = await expectError(response, 404, 'NOT_FOUND');
        expect(JSON.stringify(error), `${route.method} ${route.path}`).not.toContain('Alfa');
        expect(dumpTenant(api, a.admin.org_id), `${route.method} ${route.path} changed A`).toBe(before);
      }
    }
  });

  it("B's users on B's own organisation never see A's rows, and A's object ids do not reach A", async () => {
    const routes = await tenantRoutes(api);
    const before = dumpTenant(api, a.admin.org_id);
    for (const user of [b.admin, b.handler]) {
      for (const route of routes) {
        const response = await call(api, route, fill(route.path, b.admin.org_id, a), user.token, a);
        const text = await bodyText(response);
        for (const id of a.ids) expect(text, `${route.method} ${route.path} leaked ${id}`).not.toContain(id);
        expect(text).not.toContain('Alfa');
        // The handler may lack the route's permission (403 before any lookup); the admin must get 404.
        if (route.path.includes('{id}')) expect(user === b.admin ? [404] : [403, 404], `${route.method} ${route.path}`).toContain(response.status);
        expect(dumpTenant(api, a.admin.org_id), `${route.method} ${route.path} changed A`).toBe(before);
      }
    }
  });

  it('a non-existent organisation id is 404 as well (existence is never revealed)', async () => {
    await expectError(await api.request('GET', `/api/orgs/${crypto.randomUUID()}/dashboard`, { token: a.admin.token }), 404, 'NOT_FOUND');
    await expectError(await api.request('GET', '/api/orgs/%27%20OR%201=1/dashboard', { token: a.admin.token }), 404, 'NOT_FOUND');
  });
});
