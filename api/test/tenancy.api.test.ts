import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTableNames } from '@fordran/store/testing';
import { createMember, createTestApi, createUser, expectError, json, type TestApi, type TestUser } from './helpers';
import {
  insertBankAccount,
  insertCase,
  insertCommunication,
  insertCreditor,
  insertFailedJob,
  insertImportedStatement,
  insertKfmCase,
  insertNotification,
  insertParty,
  insertQueuedLetter,
  sampleBankFile,
} from './fixtures';
import { channelClientFor } from '@fordran/services';

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
  'POST /api/orgs/{orgId}/cases': (victim: Tenant) => ({
    creditor_id: victim.objects.creditors,
    party_id: victim.objects.parties,
    reference_no: 'F-KAPAD',
    principal_amount: '100',
    due_date: '2026-01-01',
  }),
  'POST /api/orgs/{orgId}/cases/{id}/status': { status: 'closed', reason: 'Kapad' },
  'POST /api/orgs/{orgId}/cases/{id}/stage': { stage: 'demand' },
  'POST /api/orgs/{orgId}/cases/{id}/fees': { code: 'COLLECTION_180' },
  'POST /api/orgs/{orgId}/cases/{id}/interest': { as_of: '2026-11-01' },
  'POST /api/orgs/{orgId}/cases/{id}/flags/{flagId}/resolve': { reason: 'Kapad' },
  'POST /api/orgs/{orgId}/cases/{id}/prescription-interruptions': { interrupted_on: '2026-11-20', reason: 'Kapad erkänsla' },
  'POST /api/orgs/{orgId}/cases/{id}/kfm/precheck': {},
  'POST /api/orgs/{orgId}/cases/{id}/kfm/snapshot': { application_type: 'payment_order' },
  'POST /api/orgs/{orgId}/cases/{id}/kfm/generate': {},
  'POST /api/orgs/{orgId}/kfm/{id}/status': { to: 'acknowledged', kfm_case_no: '14-999999-26' },
  // A's member must not become the handler of B's case, nor B's of A's.
  'POST /api/orgs/{orgId}/cases/{id}/handler': (victim: Tenant) => ({ handler_id: victim.admin.user_id }),
  'POST /api/orgs/{orgId}/payments': { amount: '10' },
  'POST /api/orgs/{orgId}/payments/import': {},
  // A's case must not receive B's money, nor B A's payment.
  'POST /api/orgs/{orgId}/payments/{id}/allocate': (victim: Tenant) => ({ case_id: victim.objects.cases, amount: '1' }),
  'POST /api/orgs/{orgId}/payments/{id}/resolve-held': { decision: 'book', reason: 'Kapad' },
  'POST /api/orgs/{orgId}/payments/{id}/reverse': { reason: 'Kapad' },
  'POST /api/orgs/{orgId}/invitations': { email: 'inkraktare@example.se', role: 'admin' },
  'PUT /api/orgs/{orgId}/onboarding/{stepCode}': { completed: true },
  'POST /api/orgs/{orgId}/creditors': { name: 'Inkräktare AB', org_no: '556036-0793', contact_json: { email: 'in@example.se' } },
  'PATCH /api/orgs/{orgId}/creditors/{id}': { name: 'Kapad AB', status: 'inactive', reason: 'Kapad' },
  'POST /api/orgs/{orgId}/parties': { type: 'person', name: 'Inkräktare', national_id: '19811218-2285' },
  'PATCH /api/orgs/{orgId}/parties/{id}': { name: 'Kapad', status: 'inactive', reason: 'Kapad', email: 'kapad@example.se' },
  'POST /api/orgs/{orgId}/rules': { code: 'KAPAD_REGEL', severity: 'block', condition_json: { rule_type: 'dispute_check' } },
  'POST /api/orgs/{orgId}/rules/validate': { condition_json: '{"rule_type": "dispute_check"}' },
  'PATCH /api/orgs/{orgId}/rules/{id}': { is_active: false, reason: 'Kapad', description: 'Kapad' },
  'POST /api/orgs/{orgId}/fee-catalogue': { code: 'KAPAD_AVGIFT', name: 'Kapad', amount: '99.00' },
  'PATCH /api/orgs/{orgId}/fee-catalogue/{id}': { amount: '1.00', is_active: false },
  'POST /api/orgs/{orgId}/interest-profiles': { code: 'KAPAD_RANTA', base: 'fixed', fixed_rate_pa: '99' },
  'PATCH /api/orgs/{orgId}/interest-profiles/{id}': { is_active: false, name: 'Kapad' },
  'PUT /api/orgs/{orgId}/interest-profiles/default': { interest_profile_id: '00000000-0000-4000-8000-000000000000' },
  'PATCH /api/orgs/{orgId}/members/{userId}': { role: 'finance' },
  'POST /api/orgs/{orgId}/bank-accounts': { account_name: 'Kapat konto', type: 'client_funds', iban: 'SE4550000000058398257466' },
  'PATCH /api/orgs/{orgId}/bank-accounts/{id}': { account_name: 'Kapat konto', is_active: false },
  // A's payment must not be linked to B's statement line, nor A's decision undone.
  'POST /api/orgs/{orgId}/bank-statements/{id}/resolutions': (victim: Tenant) => ({
    kind: 'match_payment',
    difference: victim.differenceKey,
    payment_id: victim.objects.payments,
    reason: 'Kapad',
  }),
  'POST /api/orgs/{orgId}/bank-statements/{id}/resolutions/{resolutionId}/undo': { reason: 'Kapad' },
  'PUT /api/orgs/{orgId}/channel-settings/{channel}': {
    provider: 'smtp',
    is_active: true,
    sandbox: true,
    options: { host: 'kapad.example' },
    credentials: { password: 'kapad' },
  },
  // A's case must not be written to (nor previewed) from B, nor A's message moved.
  'POST /api/orgs/{orgId}/cases/{id}/communications': { template: 'GDPR_INFO_LETTER' },
  'POST /api/orgs/{orgId}/cases/{id}/communications/preview': { template: 'GDPR_INFO_LETTER' },
  'POST /api/orgs/{orgId}/communications/{id}/change-channel': { channel: 'letter' },
  // Templates: A's case must not be rendered in B, nor A's template edited or switched off.
  // Template QA: clearing B's own batches leaves A's alone (a run would only make B's own cases).
  'POST /api/orgs/{orgId}/templates/qa': { action: 'cleanup' },
  'POST /api/orgs/{orgId}/templates': { name: 'Kapad mall', body_md: 'Hej {{debtor_name}}', category: 'reminder' },
  'POST /api/orgs/{orgId}/templates/preview': (victim: Tenant) => ({ body_md: 'Hej {{debtor_name}}, {{amount}}', case_id: victim.objects.cases }),
  'PATCH /api/orgs/{orgId}/templates/{id}': { name: 'Kapad', body_md: 'Kapad {{debtor_name}}' },
  'POST /api/orgs/{orgId}/templates/{id}/active': { is_active: false },
  'POST /api/orgs/{orgId}/templates/{id}/preview': (victim: Tenant) => ({ case_id: victim.objects.cases }),
  // Dunning: A's creditor must not get a plan from B, nor B's run reach A's cases.
  'PUT /api/orgs/{orgId}/dunning/plans/organisation': { steps: [{ name: 'Kapad', days_past_due: 1, template_code: 'REMINDER_LETTER', channel: 'letter' }] },
  'PUT /api/orgs/{orgId}/dunning/plans/creditors/{creditorId}': {
    steps: [{ name: 'Kapad', days_past_due: 1, template_code: 'REMINDER_LETTER', channel: 'letter' }],
  },
  'POST /api/orgs/{orgId}/dunning/runs': {},
  // A's case must not get a lawsuit in B's organisation.
  'POST /api/orgs/{orgId}/lawsuits': (victim: Tenant) => ({ case_id: victim.objects.cases, notes: 'Kapad' }),
  'POST /api/orgs/{orgId}/lawsuits/{id}/status': { status: 'filed' },
  'POST /api/orgs/{orgId}/lawsuits/{id}/deadlines': { label: 'Kapad', due_date: '2026-12-01' },
  'PUT /api/orgs/{orgId}/lawsuits/{id}/notes': { notes: 'Kapad' },
  'POST /api/orgs/{orgId}/lawsuits/{id}/documents': () => documentForm('kapad.pdf'),
};

/** A multipart body with one small document (a fresh one per request: a body is read once). */
function documentForm(name: string): FormData {
  const form = new FormData();
  form.append('file', new File([`%PDF-1.4 ${name}`], name, { type: 'application/pdf' }));
  return form;
}

/** Query strings a route needs to get past its validation (to the tenancy check). */
const SAMPLE_QUERIES: Record<string, (victim: Tenant) => string> = {
  'GET /api/orgs/{orgId}/bank-statements/{id}/resolution-options': (victim: Tenant) => `?difference=${encodeURIComponent(victim.differenceKey)}`,
  'GET /api/orgs/{orgId}/lawsuits/suggestion': (victim: Tenant) => `?case_id=${victim.objects.cases}`,
};

interface Tenant {
  admin: TestUser;
  handler: TestUser;
  ids: string[];
  /** The tenant's object of each resource, for `{id}` in `/api/orgs/{orgId}/<resource>/{id}…`. */
  objects: Record<string, string>;
  /** A flag of the tenant's case, for `{flagId}`. */
  flagId: string;
  /** An open difference of the tenant's statement and a decision taken on its statement, for `{resolutionId}`. */
  differenceKey: string;
  resolutionId: string;
  /** A template QA batch of the tenant, for `{batchId}`. */
  qaBatchId: string;
  /** A deadline and a document of the tenant's lawsuit, for `{code}` and `{documentId}`. */
  deadlineCode: string;
  documentId: string;
  /** The file of the tenant's KFM case, for `{fileId}`. */
  kfmFileId: string;
}

const api = await createTestApi();
let a: Tenant;
let b: Tenant;

async function seedTenant(test: TestApi, name: string): Promise<Tenant> {
  const admin = await createUser(test, { name });
  const handler = await createMember(test, admin, 'handler');
  const creditorId = await insertCreditor(test, admin.org_id, `${name} Borgenär AB`);
  const partyId = await insertParty(test, admin.org_id, `${name} Gäldenär`);
  // The identifiers the sample bodies send: a uniqueness check that ignored the organisation would
  // answer B with a CONFLICT naming A's row.
  await test.sql("UPDATE creditors SET org_no = '556036-0793' WHERE id = ?", creditorId);
  await test.sql("UPDATE parties SET national_id = '198112182285' WHERE id = ?", partyId);
  const caseId = await insertCase(test, admin.org_id, {
    creditorId,
    partyId,
    status: 'active',
    outstandingOre: 795000,
    dueDate: '2026-01-31',
    createdAt: test.ctx.clock.now(),
  });
  const flagId = crypto.randomUUID();
  await test.sql(
    "INSERT INTO case_flags (id, org_id, case_id, rule_code, level, message, created_at) VALUES (?, ?, ?, 'MANUAL', 'info', ?, ?)",
    flagId,
    admin.org_id,
    caseId,
    `${name}: kontrollera adressen`,
    test.ctx.clock.now(),
  );
  const paymentId = crypto.randomUUID();
  await test.sql(
    "INSERT INTO payments (id, org_id, method, amount, unallocated_amount, paid_at, status, created_at, updated_at) VALUES (?, ?, 'manual', 5000, 5000, '2026-11-20', 'received', ?, ?)",
    paymentId,
    admin.org_id,
    test.ctx.clock.now(),
    test.ctx.clock.now(),
  );
  const jobId = await insertFailedJob(test, admin.org_id);
  const communicationId = await insertCommunication(test, admin.org_id, caseId, test.ctx.clock.now());
  const optOutId = crypto.randomUUID();
  await test.sql(
    "INSERT INTO unsubscribe_tokens (id, org_id, channel, recipient, token, created_at, opted_out_at) VALUES (?, ?, 'email', ?, ?, ?, ?)",
    optOutId,
    admin.org_id,
    `${name.toLowerCase()}@example.se`,
    `${name}-${optOutId}`,
    test.ctx.clock.now(),
    test.ctx.clock.now(),
  );
  const notificationId = await insertNotification(test, admin.org_id, { user_id: null, message: `${name}: till alla` });
  const personal = await insertNotification(test, admin.org_id, { user_id: admin.user_id, message: `${name}: personlig` });
  const invite = await json<{ invitation: { id: string } }>(
    await test.request('POST', `/api/orgs/${admin.org_id}/invitations`, {
      token: admin.token,
      body: { email: `${name.toLowerCase()}-inbjuden@example.se`, role: 'finance' },
    }),
  );
  await test.request('PUT', `/api/orgs/${admin.org_id}/onboarding/add_creditor`, { token: admin.token, body: { completed: true } });
  const bankAccountId = await insertBankAccount(test, admin.org_id, `${name} Klientmedel`);
  const template = await json<{ id: string }>(
    await test.request('POST', `/api/orgs/${admin.org_id}/templates`, {
      token: admin.token,
      body: { name: `${name} mall`, body_md: `Hej {{debtor_name}} från ${name}` },
    }),
  );
  const statement = await insertImportedStatement(test, admin.org_id, sampleBankFile('bgmax/all-record-types.txt'), {
    bankAccountId,
    fileName: `${name}-bgmax.txt`,
  });
  // A line nobody booked (an open difference) and a decision on the statement.
  const [firstPayment] = [...statement.paymentIds.values()];
  await test.sql('DELETE FROM payments WHERE id = ?', firstPayment);
  const reconciled = await json<{ differences: { code: string; key: string }[] }>(
    await test.request('POST', `/api/orgs/${admin.org_id}/bank-statements/${statement.statementId}/reconcile`, { token: admin.token }),
  );
  const differenceKey = reconciled.differences.find((difference) => difference.code === 'TRANSACTION_NOT_BOOKED')!.key;
  // A letter printed in a batch, one still waiting, and an e-mail in the local outbox.
  const printedLetter = await insertQueuedLetter(test, admin.org_id, caseId, `${name} Mottagare`);
  const batch = await json<{ id: string }>(await test.request('POST', `/api/orgs/${admin.org_id}/print-queue/batches`, { token: admin.token }));
  const waitingLetter = await insertQueuedLetter(test, admin.org_id, caseId, `${name} Väntar`);
  const qa = await json<{ batch_id: string }>(
    await test.request('POST', `/api/orgs/${admin.org_id}/templates/qa`, { token: admin.token, body: { action: 'run' } }),
  );
  const outboxMessage = crypto.randomUUID();
  await (
    await channelClientFor(test.ctx, admin.org_id, 'email')
  ).send({
    id: outboxMessage,
    org_id: admin.org_id,
    channel: 'email',
    recipient: `${name.toLowerCase()}@example.se`,
    subject: `${name} påminnelse`,
    body: 'Hej',
    unsubscribe_url: null,
  });
  const lawsuits = `/api/orgs/${admin.org_id}/lawsuits`;
  const lawsuit = await json<{ id: string }>(
    await test.request('POST', lawsuits, { token: admin.token, body: { case_id: caseId, notes: `${name}: stämning` } }),
  );
  const withDeadline = await json<{ deadlines: { code: string }[] }>(
    await test.request('POST', `${lawsuits}/${lawsuit.id}/deadlines`, { token: admin.token, body: { label: `${name} svaromål`, due_date: '2026-12-10' } }),
  );
  const withDocument = await json<{ documents: { id: string }[] }>(
    await test.request('POST', `${lawsuits}/${lawsuit.id}/documents`, { token: admin.token, body: documentForm(`${name}.pdf`) }),
  );
  const kfm = await insertKfmCase(test, admin.org_id, { caseId, creditorId });
  const resolutionId = crypto.randomUUID();
  await test.sql(
    "INSERT INTO bank_statement_resolutions (id, org_id, statement_id, kind, difference_key, difference_code, difference_json, reason, created_by, created_at) VALUES (?, ?, ?, 'acknowledge', 'DATE_DIFFERS|9|t', 'DATE_DIFFERS', ?, ?, ?, ?)",
    resolutionId,
    admin.org_id,
    statement.statementId,
    JSON.stringify({ code: 'DATE_DIFFERS', message: 'Bokfört betaldatum skiljer sig från datumet i filen', line: 9 }),
    `${name}: kontrollerat`,
    admin.user_id,
    test.ctx.clock.now(),
  );
  return {
    admin,
    handler,
    differenceKey,
    resolutionId,
    objects: {
      notifications: notificationId,
      creditors: creditorId,
      parties: partyId,
      cases: caseId,
      payments: paymentId,
      invitations: invite.invitation.id,
      jobs: jobId,
      'bank-accounts': bankAccountId,
      'bank-statements': statement.statementId,
      batches: batch.id,
      letters: waitingLetter,
      'simulated-messages': outboxMessage,
      communications: communicationId,
      'opt-outs': optOutId,
      templates: template.id,
      lawsuits: lawsuit.id,
      kfm: kfm.kfmCaseId,
      ...(await settingsObjects(test, admin.org_id)),
    },
    flagId,
    qaBatchId: qa.batch_id,
    deadlineCode: withDeadline.deadlines[0]!.code,
    documentId: withDocument.documents[0]!.id,
    kfmFileId: kfm.fileId,
    ids: [
      admin.org_id,
      admin.user_id,
      handler.user_id,
      creditorId,
      partyId,
      caseId,
      flagId,
      paymentId,
      jobId,
      notificationId,
      personal,
      invite.invitation.id,
      admin.email,
      handler.email,
      bankAccountId,
      template.id,
      statement.statementId,
      ...statement.paymentIds.values(),
      resolutionId,
      printedLetter,
      batch.id,
      waitingLetter,
      outboxMessage,
      communicationId,
      optOutId,
      qa.batch_id,
      lawsuit.id,
      kfm.kfmCaseId,
      kfm.fileId,
      withDeadline.deadlines[0]!.code,
      withDocument.documents[0]!.id,
    ],
  };
}

/** The tenant's own settings rows (every new organisation gets rules, fees and interest profiles). */
async function settingsObjects(test: TestApi, orgId: string): Promise<Record<string, string>> {
  const first = async (table: string) => (await test.sql<{ id: string }>(`SELECT id FROM ${table} WHERE org_id = ? ORDER BY id LIMIT 1`, orgId))[0]!.id;
  return { rules: await first('rules'), 'fee-catalogue': await first('fee_catalogue'), 'interest-profiles': await first('interest_profiles') };
}

/** The tables with an org_id column (the tenant tables), by name. */
async function tenantTables(test: TestApi): Promise<string[]> {
  const rows =
    test.ctx.database.engine === 'postgres'
      ? await test.sql<{ name: string }>("SELECT table_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'org_id'")
      : await test.sql<{ name: string }>(
          "SELECT m.name AS name FROM sqlite_master m, pragma_table_info(m.name) c WHERE m.type = 'table' AND c.name = 'org_id'",
        );
  const names = new Set(rows.map((row) => row.name));
  return (await listTableNames(test.ctx.database)).filter((name) => names.has(name));
}

/** Every row of A: its organisation and every tenant table's rows with A's org_id. */
async function dumpTenant(test: TestApi, orgId: string): Promise<string> {
  const dump: Record<string, unknown> = {
    organisations: await test.sql('SELECT * FROM organisations WHERE id = ?', orgId),
  };
  for (const table of await tenantTables(test)) {
    dump[table] = await test.sql(`SELECT * FROM ${JSON.stringify(table)} WHERE org_id = ? ORDER BY id`, orgId);
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

/** The id of `objectOrg`'s object of the resource an `{id}` follows (creditors/{id} → its creditor). */
function objectId(path: string, objectOrg: Tenant): string {
  const resource = /\/([^/]+)\/\{id\}/.exec(path)?.[1] ?? '';
  const id = objectOrg.objects[resource];
  if (!id) throw new Error(`the sweep has no ${resource} object for ${path}: add one to the tenant's objects`);
  return id;
}

function fill(path: string, orgId: string, objectOrg: Tenant): string {
  return path
    .replace('{orgId}', orgId)
    .replace('{id}', () => objectId(path, objectOrg))
    .replace('{flagId}', objectOrg.flagId)
    .replace('{userId}', objectOrg.handler.user_id)
    .replace('{stepCode}', 'setup_organization')
    .replace('{resolutionId}', objectOrg.resolutionId)
    .replace('{channel}', 'email')
    .replace('{creditorId}', objectOrg.objects.creditors!)
    .replace('{batchId}', objectOrg.qaBatchId)
    .replace('{code}', objectOrg.deadlineCode)
    .replace('{documentId}', objectOrg.documentId)
    .replace('{fileId}', objectOrg.kfmFileId)
    .replace(/\{[^}]+\}/g, () => {
      throw new Error(`the sweep has no value for a parameter of ${path}: add one to fill()`);
    });
}

async function call(test: TestApi, route: TenantRoute, url: string, token: string, victim: Tenant): Promise<Response> {
  const key = `${route.method} ${route.path}`;
  if (route.hasBody && !(key in SAMPLE_BODIES)) throw new Error(`the sweep has no sample body for ${key}: add one to SAMPLE_BODIES`);
  const sample = SAMPLE_BODIES[key];
  const body = typeof sample === 'function' ? (sample as (t: Tenant) => unknown)(victim) : sample;
  const query = SAMPLE_QUERIES[key]?.(victim) ?? '';
  return test.request(route.method, `${url}${query}`, { token, ...(route.hasBody ? { body } : {}) });
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

// Each sweep calls every organisation route twice and dumps A's rows after each call: on a loaded
// machine (PostgreSQL above all) that takes longer than the default 20 s.
const SWEEP_TIMEOUT_MS = 180_000;

describe('tenant isolation sweep', () => {
  it('every organisation route of the router is in the OpenAPI document (nothing escapes the sweep)', async () => {
    const documented = new Set((await tenantRoutes(api)).map((r) => `${r.method} ${r.path}`));
    const registered = api.http.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/orgs/:orgId'))
      .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z]+)/g, '{$1}')}`);
    expect(registered.length).toBeGreaterThan(5);
    for (const route of registered) expect(documented, route).toContain(route);
  });

  it(
    "B's users with A's organisation id get 404 on every route, and A's rows do not change",
    async () => {
      const routes = await tenantRoutes(api);
      expect(routes.length).toBeGreaterThanOrEqual(12);
      const before = await dumpTenant(api, a.admin.org_id);
      for (const intruder of [b.admin, b.handler]) {
        for (const route of routes) {
          const response = await call(api, route, fill(route.path, a.admin.org_id, a), intruder.token, a);
          const error = await expectError(response, 404, 'NOT_FOUND');
          expect(JSON.stringify(error), `${route.method} ${route.path}`).not.toContain('Alfa');
          expect(await dumpTenant(api, a.admin.org_id), `${route.method} ${route.path} changed A`).toBe(before);
        }
      }
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    "B's users on B's own organisation never see A's rows, and A's object ids do not reach A",
    async () => {
      const routes = await tenantRoutes(api);
      const before = await dumpTenant(api, a.admin.org_id);
      for (const user of [b.admin, b.handler]) {
        for (const route of routes) {
          const response = await call(api, route, fill(route.path, b.admin.org_id, a), user.token, a);
          const text = await bodyText(response);
          for (const id of a.ids) expect(text, `${route.method} ${route.path} leaked ${id}`).not.toContain(id);
          expect(text).not.toContain('Alfa');
          // A's object is not found in B — or, for a role without the permission, refused before any look-up.
          if (/\{(id|userId)\}/.test(route.path)) expect(user === b.admin ? [404] : [403, 404], `${route.method} ${route.path}`).toContain(response.status);
          expect(await dumpTenant(api, a.admin.org_id), `${route.method} ${route.path} changed A`).toBe(before);
        }
      }
    },
    SWEEP_TIMEOUT_MS,
  );

  it('a non-existent organisation id is 404 as well (existence is never revealed)', async () => {
    await expectError(await api.request('GET', `/api/orgs/${crypto.randomUUID()}/dashboard`, { token: a.admin.token }), 404, 'NOT_FOUND');
    await expectError(await api.request('GET', '/api/orgs/%27%20OR%201=1/dashboard', { token: a.admin.token }), 404, 'NOT_FOUND');
  });
});
