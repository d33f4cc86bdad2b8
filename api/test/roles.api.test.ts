import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meResponseSchema, PERMISSION_NAMES, ROLES, roleCan, type Permission, type Role } from '@fordran/services';
import { allRowCounts, createMember, createTestApi, createUser, expectBody, expectError, json, type TestUser } from './helpers';
import { ore, writeBgMax } from '@fordran/core';
import {
  insertBankAccount,
  insertCase,
  insertCommunication,
  insertCreditor,
  insertFailedJob,
  insertImportedStatement,
  insertParty,
  insertQueuedLetter,
  insertSentDemand,
  sampleBankFile,
} from './fixtures';

/** Objects of the admin's organisation the routes below name: `{id}` in a path is the object of its resource. */
interface SeededIds {
  creditorId: string;
  partyId: string;
  caseId: string;
  flagId: string;
  paymentId: string;
  /** Held as a possible repeat of paymentId, for the review routes. */
  heldPaymentId: string;
  jobId: string;
  bankAccountId: string;
  statementId: string;
  adminId: string;
  /** An open difference of the statement (a line nobody booked), and a decision taken on another. */
  differenceKey: string;
  resolutionId: string;
  /** Pending (to cancel), and two failed ones (to resend, to move to a letter). */
  communicationId: string;
  failedCommunicationId: string;
  failedEmailId: string;
  optOutId: string;
  /** A lawsuit draft on caseId. */
  lawsuitId: string;
}

/** A one-payment BgMax file (the import route takes multipart form data). */
function bankFileForm(): FormData {
  const file = writeBgMax({
    timestamp: '20261122080000123456',
    sections: [
      {
        recipient_bankgiro: '9912346',
        account: '12345678901',
        paid_at: '2026-11-21',
        deposit_serial: 1,
        payments: [{ amountOre: ore(1000), bgc_serial: '1', reference: '1234' }],
      },
    ],
  });
  const form = new FormData();
  form.set('file', new File([file], 'bgmax.txt'));
  return form;
}

/** A multipart body with one small document (the lawsuit document upload). */
function documentForm(): FormData {
  const form = new FormData();
  form.set('file', new File(['%PDF-1.4 roll'], 'roll.pdf', { type: 'application/pdf' }));
  return form;
}

/**
 * Every organisation route (its OpenAPI path after /api/orgs/{orgId}) with the permission it
 * needs and a body that would succeed for a role holding it. A test below checks this table
 * covers every organisation route of the app.
 */
const ROUTE_PERMISSIONS: { method: string; path: string; permission: Permission; body?: unknown | ((ids: SeededIds) => unknown) }[] = [
  { method: 'GET', path: '', permission: 'org.read' },
  { method: 'PATCH', path: '', permission: 'org.settings', body: { name: 'Nytt namn AB' } },
  { method: 'GET', path: '/members', permission: 'users.manage' },
  { method: 'POST', path: '/invitations', permission: 'users.manage', body: { email: 'ny@example.se', role: 'handler' } },
  { method: 'GET', path: '/audit-log', permission: 'audit.read' },
  { method: 'GET', path: '/audit-log/filters', permission: 'audit.read' },
  { method: 'GET', path: '/onboarding', permission: 'org.read' },
  { method: 'PUT', path: '/onboarding/{stepCode}', permission: 'onboarding.write', body: { completed: true } },
  { method: 'POST', path: '/onboarding/dismiss', permission: 'onboarding.write' },
  { method: 'POST', path: '/onboarding/restore', permission: 'onboarding.write' },
  { method: 'GET', path: '/notifications', permission: 'notifications.read' },
  { method: 'POST', path: '/notifications/read-all', permission: 'notifications.read' },
  { method: 'GET', path: '/dashboard', permission: 'dashboard.read' },
  { method: 'GET', path: '/cases', permission: 'cases.read' },
  {
    method: 'POST',
    path: '/cases',
    permission: 'cases.write',
    body: (ids: SeededIds) => ({ creditor_id: ids.creditorId, party_id: ids.partyId, reference_no: 'F-ROLE', principal_amount: '100', due_date: '2026-01-01' }),
  },
  { method: 'GET', path: '/cases/{id}', permission: 'cases.read' },
  { method: 'GET', path: '/cases/{id}/events', permission: 'cases.read' },
  { method: 'POST', path: '/cases/{id}/status', permission: 'cases.write', body: { status: 'active' } },
  { method: 'POST', path: '/cases/{id}/stage', permission: 'cases.write', body: { stage: 'demand' } },
  { method: 'POST', path: '/cases/{id}/fees', permission: 'cases.write', body: { code: 'COLLECTION_180' } },
  { method: 'POST', path: '/cases/{id}/interest', permission: 'cases.interest', body: { as_of: '2026-11-01' } },
  { method: 'POST', path: '/cases/{id}/flags/{flagId}/resolve', permission: 'cases.write' },
  {
    method: 'POST',
    path: '/cases/{id}/prescription-interruptions',
    permission: 'cases.write',
    body: { interrupted_on: '2026-11-20', reason: 'Erkände skulden' },
  },
  { method: 'POST', path: '/cases/{id}/handler', permission: 'cases.write', body: (ids: SeededIds) => ({ handler_id: ids.adminId }) },
  { method: 'GET', path: '/case-handlers', permission: 'cases.read' },
  { method: 'GET', path: '/payments', permission: 'payments.read' },
  { method: 'POST', path: '/payments', permission: 'payments.write', body: { amount: '10' } },
  { method: 'POST', path: '/payments/import', permission: 'payments.write', body: bankFileForm },
  { method: 'GET', path: '/payments/{id}', permission: 'payments.read' },
  { method: 'GET', path: '/payments/{id}/details', permission: 'payments.read' },
  { method: 'GET', path: '/payments/{id}/candidates', permission: 'payments.read' },
  { method: 'POST', path: '/payments/{id}/allocate', permission: 'payments.write', body: (ids: SeededIds) => ({ case_id: ids.caseId, amount: '10' }) },
  { method: 'GET', path: '/payments/{id}/held-review', permission: 'payments.read' },
  { method: 'POST', path: '/payments/{id}/reverse', permission: 'payments.write', body: { reason: 'Banken återförde' } },
  { method: 'POST', path: '/payments/{id}/resolve-held', permission: 'payments.write', body: { decision: 'duplicate', reason: 'Samma betalning' } },
  { method: 'GET', path: '/templates', permission: 'templates.read' },
  { method: 'POST', path: '/templates', permission: 'templates.write', body: { name: 'Ny mall', body_md: 'Hej {{debtor_name}}' } },
  { method: 'POST', path: '/templates/preview', permission: 'templates.read', body: { body_md: 'Hej {{debtor_name}}' } },
  { method: 'GET', path: '/templates/{id}', permission: 'templates.read' },
  { method: 'PATCH', path: '/templates/{id}', permission: 'templates.write', body: { name: 'Invändning mottagen (ändrad)' } },
  { method: 'POST', path: '/templates/{id}/active', permission: 'templates.write', body: { is_active: true } },
  { method: 'POST', path: '/templates/{id}/preview', permission: 'templates.read', body: (ids: SeededIds) => ({ case_id: ids.caseId }) },
  { method: 'GET', path: '/creditors', permission: 'creditors.read' },
  { method: 'POST', path: '/creditors', permission: 'creditors.write', body: { name: 'Ny Borgenär AB' } },
  { method: 'GET', path: '/parties', permission: 'parties.read' },
  { method: 'POST', path: '/parties', permission: 'parties.write', body: { type: 'person', name: 'Ny Gäldenär' } },
  // The look-up needs creditors.write or parties.write (the same roles): only those who create may search.
  { method: 'GET', path: '/lookup?query=5620637123', permission: 'creditors.write' },
  { method: 'GET', path: '/creditors/{id}', permission: 'creditors.read' },
  { method: 'PATCH', path: '/creditors/{id}', permission: 'creditors.write', body: { name: 'Omdöpt Borgenär AB' } },
  { method: 'GET', path: '/parties/{id}', permission: 'parties.read' },
  { method: 'PATCH', path: '/parties/{id}', permission: 'parties.write', body: { name: 'Omdöpt Gäldenär' } },
  { method: 'GET', path: '/rules', permission: 'rules.read' },
  { method: 'POST', path: '/rules/validate', permission: 'rules.read', body: { condition_json: { rule_type: 'dispute_check' } } },
  { method: 'POST', path: '/rules', permission: 'rules.write', body: { code: 'NY_REGEL', severity: 'info', condition_json: { rule_type: 'duplicate_fee' } } },
  { method: 'GET', path: '/fee-catalogue', permission: 'finance.read' },
  { method: 'POST', path: '/fee-catalogue', permission: 'finance.settings', body: { code: 'NY_AVGIFT', name: 'Ny avgift', amount: '25.00' } },
  { method: 'GET', path: '/interest-profiles', permission: 'finance.read' },
  { method: 'POST', path: '/interest-profiles', permission: 'finance.settings', body: { code: 'NY_PROFIL', base: 'fixed', fixed_rate_pa: '5.00' } },
  { method: 'GET', path: '/jobs/stats', permission: 'jobs.read' },
  { method: 'GET', path: '/jobs', permission: 'jobs.read' },
  { method: 'GET', path: '/jobs/{id}', permission: 'jobs.read' },
  { method: 'POST', path: '/jobs/{id}/retry', permission: 'jobs.write' },
  { method: 'GET', path: '/ledger/journals', permission: 'ledger.read' },
  { method: 'GET', path: '/ledger/accounts', permission: 'ledger.read' },
  { method: 'GET', path: '/ledger/trial-balance', permission: 'ledger.read' },
  { method: 'GET', path: '/ledger/trial-balance.csv', permission: 'ledger.read' },
  { method: 'GET', path: '/ledger/sie?year=2026', permission: 'ledger.read' },
  { method: 'GET', path: '/bank-accounts', permission: 'ledger.read' },
  { method: 'POST', path: '/bank-accounts', permission: 'bank.write', body: { account_name: 'Driftkonto', type: 'operating', bg_number: '5402-9681' } },
  { method: 'PATCH', path: '/bank-accounts/{id}', permission: 'bank.write', body: { provider: 'Handelsbanken' } },
  { method: 'GET', path: '/bank-statements', permission: 'ledger.read' },
  { method: 'GET', path: '/bank-statements/{id}', permission: 'ledger.read' },
  { method: 'POST', path: '/bank-statements/{id}/reconcile', permission: 'bank.write' },
  { method: 'GET', path: '/bank-statements/{id}/resolution-options?difference={differenceKey}', permission: 'bank.write' },
  {
    method: 'POST',
    path: '/bank-statements/{id}/resolutions',
    permission: 'bank.write',
    body: (ids: SeededIds) => ({ kind: 'other_account', difference: ids.differenceKey, reason: 'Hör till driftkontot' }),
  },
  { method: 'POST', path: '/bank-statements/{id}/resolutions/{resolutionId}/undo', permission: 'bank.write', body: { reason: 'Fel konto' } },
  { method: 'GET', path: '/channel-settings', permission: 'channels.settings' },
  {
    method: 'PUT',
    path: '/channel-settings/{channel}',
    permission: 'channels.settings',
    body: { provider: '46elks', is_active: false, sandbox: true, options: { sender_name: 'Fordran' } },
  },
  { method: 'GET', path: '/channel-settings/{channel}/simulated-messages', permission: 'channels.settings' },
  { method: 'GET', path: '/print-queue', permission: 'letters.print' },
  // A letter waits (seeded below), so the admin's batch is made.
  { method: 'POST', path: '/print-queue/batches', permission: 'letters.print' },
  { method: 'GET', path: '/communications', permission: 'communications.read' },
  { method: 'GET', path: '/communications/{id}', permission: 'communications.read' },
  { method: 'POST', path: '/communications/{id}/cancel', permission: 'communications.send' },
  { method: 'POST', path: '/communications/{id}/resend', permission: 'communications.send' },
  { method: 'POST', path: '/communications/{id}/change-channel', permission: 'communications.send', body: { channel: 'letter' } },
  { method: 'GET', path: '/cases/{id}/communications', permission: 'communications.read' },
  { method: 'GET', path: '/cases/{id}/communications/options', permission: 'communications.read' },
  { method: 'POST', path: '/cases/{id}/communications', permission: 'communications.send', body: { template: 'GDPR_INFO_LETTER' } },
  { method: 'POST', path: '/cases/{id}/communications/preview', permission: 'communications.read', body: { template: 'GDPR_INFO_LETTER' } },
  { method: 'GET', path: '/opt-outs', permission: 'optouts.manage' },
  { method: 'POST', path: '/opt-outs/{id}/revoke', permission: 'optouts.manage' },
  // Cleanup with no batch yet: the admin's answer is 200 and nothing is made.
  { method: 'POST', path: '/templates/qa', permission: 'templates.qa', body: { action: 'cleanup' } },
  { method: 'GET', path: '/templates/qa/batches', permission: 'templates.qa' },
  { method: 'GET', path: '/dunning/plans', permission: 'dunning.read' },
  {
    method: 'PUT',
    path: '/dunning/plans/organisation',
    permission: 'dunning.plan',
    body: { steps: [{ name: 'Påminnelse', days_past_due: 10, template_code: 'REMINDER_LETTER', channel: 'letter', fee_code: null, stage: 'reminder' }] },
  },
  {
    method: 'PUT',
    path: '/dunning/plans/creditors/{creditorId}',
    permission: 'dunning.plan',
    body: { steps: [{ name: 'Påminnelse', days_past_due: 10, template_code: 'REMINDER_LETTER', channel: 'letter', fee_code: null, stage: 'reminder' }] },
  },
  { method: 'GET', path: '/dunning/runs', permission: 'dunning.read' },
  { method: 'POST', path: '/dunning/runs', permission: 'dunning.run', body: {} },
  { method: 'POST', path: '/system-validation', permission: 'validation.run' },
  { method: 'POST', path: '/system-validation/jobs', permission: 'validation.run' },
  { method: 'GET', path: '/kfm', permission: 'kfm.read' },
  { method: 'POST', path: '/cases/{id}/kfm/precheck', permission: 'kfm.write' },
  { method: 'GET', path: '/lawsuits', permission: 'lawsuits.read' },
  { method: 'GET', path: '/lawsuits/suggestion?case_id={caseId}', permission: 'lawsuits.write' },
  { method: 'POST', path: '/lawsuits', permission: 'lawsuits.write', body: (ids: SeededIds) => ({ case_id: ids.caseId }) },
  { method: 'GET', path: '/lawsuits/{id}', permission: 'lawsuits.read' },
  { method: 'POST', path: '/lawsuits/{id}/status', permission: 'lawsuits.write', body: { status: 'filed' } },
  { method: 'POST', path: '/lawsuits/{id}/deadlines', permission: 'lawsuits.write', body: { label: 'Svaromål', due_date: '2026-12-01' } },
  { method: 'PUT', path: '/lawsuits/{id}/notes', permission: 'lawsuits.write', body: { notes: 'Roll' } },
  { method: 'POST', path: '/lawsuits/{id}/documents', permission: 'lawsuits.write', body: documentForm },
];
/** Routes checked elsewhere (they need an object id or keep the connection open). */
const COVERED_ELSEWHERE = [
  'POST /api/orgs/{orgId}/notifications/{id}/read',
  'GET /api/orgs/{orgId}/events',
  'PATCH /api/orgs/{orgId}/rules/{id}', // rules.api.test.ts
  'PATCH /api/orgs/{orgId}/fee-catalogue/{id}', // finance.api.test.ts
  'PATCH /api/orgs/{orgId}/interest-profiles/{id}', // finance.api.test.ts
  'PUT /api/orgs/{orgId}/interest-profiles/default', // finance.api.test.ts
  'PATCH /api/orgs/{orgId}/members/{userId}', // members.api.test.ts
  'DELETE /api/orgs/{orgId}/members/{userId}',
  'DELETE /api/orgs/{orgId}/invitations/{id}',
  'GET /api/orgs/{orgId}/channel-settings/{channel}/simulated-messages/{id}/file', // channel-settings.api.test.ts
  'GET /api/orgs/{orgId}/print-queue/batches/{id}/pdf', // channel-settings.api.test.ts
  'GET /api/orgs/{orgId}/print-queue/letters/{id}/pdf', // channel-settings.api.test.ts
  'GET /api/orgs/{orgId}/templates/qa/batches/{batchId}', // template-qa.api.test.ts
  'GET /api/orgs/{orgId}/templates/qa/batches/{batchId}/report', // template-qa.api.test.ts
  'DELETE /api/orgs/{orgId}/templates/qa/batches/{batchId}', // template-qa.api.test.ts
  'DELETE /api/orgs/{orgId}/dunning/plans/creditors/{creditorId}', // dunning.api.test.ts
  'POST /api/orgs/{orgId}/cases/{id}/kfm/snapshot', // kfm.api.test.ts (needs a case ready for KFM)
  'POST /api/orgs/{orgId}/cases/{id}/kfm/generate', // kfm.api.test.ts
  'GET /api/orgs/{orgId}/kfm/{id}', // kfm.api.test.ts
  'GET /api/orgs/{orgId}/kfm/{id}/files/{fileId}', // kfm.api.test.ts
  'GET /api/orgs/{orgId}/kfm/{id}/pdf', // kfm.api.test.ts
  'POST /api/orgs/{orgId}/kfm/{id}/status', // kfm.api.test.ts
  'POST /api/orgs/{orgId}/lawsuits/{id}/deadlines/{code}/done', // lawsuits.api.test.ts
  'GET /api/orgs/{orgId}/lawsuits/{id}/documents/{documentId}', // lawsuits.api.test.ts
];

let ids: SeededIds;

/** The concrete path of a table row: `{id}` is the object of the route's resource. */
function concrete(path: string): string {
  const resourceIds: Record<string, string> = {
    cases: ids.caseId,
    creditors: ids.creditorId,
    parties: ids.partyId,
    payments: ids.paymentId,
    jobs: ids.jobId,
    'bank-accounts': ids.bankAccountId,
    'bank-statements': ids.statementId,
    communications: ids.communicationId,
    'opt-outs': ids.optOutId,
    lawsuits: ids.lawsuitId,
    // A library template (routes take an id or a code) whose variables every case fills.
    templates: 'DISPUTE_RECEIVED_EMAIL',
  };
  return path
    .replace(/\/payments\/\{id\}(?=\/(held-review|resolve-held)$)/, `/payments/${ids.heldPaymentId}`)
    .replace(/\/communications\/\{id\}(?=\/resend$)/, `/communications/${ids.failedCommunicationId}`)
    .replace(/\/communications\/\{id\}(?=\/change-channel$)/, `/communications/${ids.failedEmailId}`)
    .replace(/\/([a-z-]+)\/\{id\}/g, (_match, resource: string) => `/${resource}/${resourceIds[resource] ?? 'unknown'}`)
    .replace('{flagId}', ids.flagId)
    .replace('{stepCode}', 'setup_fees')
    .replace('{differenceKey}', encodeURIComponent(ids.differenceKey))
    .replace('{resolutionId}', ids.resolutionId)
    .replace('{channel}', 'sms')
    .replace('{creditorId}', ids.creditorId)
    .replace('{caseId}', ids.caseId);
}

function bodyOf(route: (typeof ROUTE_PERMISSIONS)[number]): { body?: unknown } {
  if (route.body === undefined) return {};
  return { body: typeof route.body === 'function' ? (route.body as (seeded: SeededIds) => unknown)(ids) : route.body };
}

const api = await createTestApi({}, { seedReferenceRates: true });
let admin: TestUser;
const members = new Map<Role, TestUser>();

beforeAll(async () => {
  admin = await createUser(api, { name: 'Admin' });
  const creditorId = await insertCreditor(api, admin.org_id);
  const partyId = await insertParty(api, admin.org_id);
  const caseId = await insertCase(api, admin.org_id, {
    creditorId,
    partyId,
    status: 'draft',
    outstandingOre: 10000,
    dueDate: '2026-01-01',
    createdAt: api.clock.now(),
  });
  // The admin's collection fee needs a sent inkassokrav (lag 1981:739 3 § 1).
  await insertSentDemand(api, admin.org_id, caseId);
  const flagId = crypto.randomUUID();
  await api.sql(
    "INSERT INTO case_flags (id, org_id, case_id, rule_code, level, message, created_at) VALUES (?, ?, ?, 'MANUAL', 'info', 'Kontrollera adressen', ?)",
    flagId,
    admin.org_id,
    caseId,
    api.clock.now(),
  );
  const paymentId = crypto.randomUUID();
  await api.sql(
    "INSERT INTO payments (id, org_id, method, amount, unallocated_amount, paid_at, status, created_at, updated_at) VALUES (?, ?, 'manual', 5000, 5000, '2026-11-20', 'received', ?, ?)",
    paymentId,
    admin.org_id,
    api.clock.now(),
    api.clock.now(),
  );
  const heldPaymentId = crypto.randomUUID();
  await api.sql(
    "INSERT INTO payments (id, org_id, method, amount, unallocated_amount, paid_at, status, duplicate_of_payment_id, created_at, updated_at) VALUES (?, ?, 'bank_transfer', 5000, 5000, '2026-11-20', 'held', ?, ?, ?)",
    heldPaymentId,
    admin.org_id,
    paymentId,
    api.clock.now(),
    api.clock.now(),
  );
  await insertQueuedLetter(api, admin.org_id, caseId);
  // Failed, so the admin's retry (the last test) succeeds.
  const jobId = await insertFailedJob(api, admin.org_id);
  const bankAccountId = await insertBankAccount(api, admin.org_id);
  const { statementId, paymentIds } = await insertImportedStatement(api, admin.org_id, sampleBankFile('camt053/statement-v02.xml'), { bankAccountId });
  // Two lines nobody booked: one set aside as another account's (to undo), one left open (to resolve).
  const [, second, third] = [...paymentIds.values()];
  await api.sql('DELETE FROM payments WHERE id IN (?, ?)', second, third);
  const review = await json<{ differences: { code: string; key: string }[] }>(
    await api.request('POST', `/api/orgs/${admin.org_id}/bank-statements/${statementId}/reconcile`, { token: admin.token }),
  );
  const [setAside, open] = review.differences.filter((difference) => difference.code === 'TRANSACTION_NOT_BOOKED');
  const decided = await json<{ resolutions: { id: string }[] }>(
    await api.request('POST', `/api/orgs/${admin.org_id}/bank-statements/${statementId}/resolutions`, {
      token: admin.token,
      body: { kind: 'other_account', difference: setAside!.key, reason: 'Hör till driftkontot' },
    }),
  );
  // The debtor can get letters (the send route's sample sends one).
  await api.sql('UPDATE parties SET address_json = ? WHERE id = ?', JSON.stringify({ street: 'Storgatan 1', zip: '111 22', city: 'Stockholm' }), partyId);
  const communicationId = await insertCommunication(api, admin.org_id, caseId, api.clock.now());
  const failedCommunicationId = await insertCommunication(api, admin.org_id, caseId, api.clock.now());
  const failedEmailId = await insertCommunication(api, admin.org_id, caseId, api.clock.now());
  await api.sql("UPDATE communications SET status = 'failed' WHERE id IN (?, ?)", failedCommunicationId, failedEmailId);
  const optOutId = crypto.randomUUID();
  await api.sql(
    "INSERT INTO unsubscribe_tokens (id, org_id, channel, recipient, token, created_at, opted_out_at) VALUES (?, ?, 'email', 'avregistrerad@example.se', ?, ?, ?)",
    optOutId,
    admin.org_id,
    `roles-${optOutId}`,
    api.clock.now(),
    api.clock.now(),
  );
  // The lawsuit routes' object, on a case of its own: the table's POST /lawsuits opens one on caseId.
  const lawsuitCaseId = await insertCase(api, admin.org_id, {
    creditorId,
    partyId,
    status: 'active',
    outstandingOre: 10000,
    dueDate: '2026-01-01',
    createdAt: api.clock.now(),
  });
  const lawsuit = await json<{ id: string }>(
    await api.request('POST', `/api/orgs/${admin.org_id}/lawsuits`, { token: admin.token, body: { case_id: lawsuitCaseId } }),
  );
  ids = {
    lawsuitId: lawsuit.id,
    communicationId,
    failedCommunicationId,
    failedEmailId,
    optOutId,
    creditorId,
    partyId,
    caseId,
    flagId,
    paymentId,
    heldPaymentId,
    jobId,
    bankAccountId,
    statementId,
    adminId: admin.user_id,
    differenceKey: open!.key,
    resolutionId: decided.resolutions[0]!.id,
  };
  members.set('admin', admin);
  for (const role of ROLES.filter((r) => r !== 'admin')) {
    members.set(role, await createMember(api, admin, role, role === 'client' ? creditorId : undefined));
  }
});
afterAll(() => api.close());

describe('role matrix on the API', () => {
  it('the table names every organisation route of the app', async () => {
    const doc = await json<{ paths: Record<string, Record<string, unknown>> }>(await api.request('GET', '/api/openapi.json'));
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/orgs/{orgId}'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    const tabled = ROUTE_PERMISSIONS.map((r) => `${r.method} /api/orgs/{orgId}${r.path.replace(/\?.*$/, '')}`);
    expect([...tabled, ...COVERED_ELSEWHERE].sort()).toEqual(documented.sort());
  });

  const denials = ROUTE_PERMISSIONS.flatMap((route) =>
    ROLES.filter((role) => !roleCan(role, route.permission)).map((role) => [role, route.method, route.path, route.permission, route] as const),
  );

  it.each(denials)('%s gets 403 on %s %s (lacks %s) and nothing changes', async (role, method, path, _permission, route) => {
    const user = members.get(role);
    if (!user) throw new Error(`no ${role}`);
    const before = await allRowCounts(api);
    const settings = await api.sql('SELECT name, settings_json FROM organisations WHERE id = ?', admin.org_id);
    await expectError(await api.request(method, `/api/orgs/${admin.org_id}${concrete(path)}`, { token: user.token, ...bodyOf(route) }), 403, 'FORBIDDEN');
    expect(await allRowCounts(api)).toEqual(before);
    expect(await api.sql('SELECT name, settings_json FROM organisations WHERE id = ?', admin.org_id)).toEqual(settings);
  });

  const grants = ROUTE_PERMISSIONS.filter((route) => route.method === 'GET').flatMap((route) =>
    ROLES.filter((role) => roleCan(role, route.permission)).map((role) => [role, route.method, route.path] as const),
  );

  it.each(grants)('%s may %s %s', async (role, method, path) => {
    const user = members.get(role);
    if (!user) throw new Error(`no ${role}`);
    expect((await api.request(method, `/api/orgs/${admin.org_id}${concrete(path)}`, { token: user.token })).status).toBe(200);
  });

  it('the roles the spec names each exist as members, with their role and exactly the permissions the routes enforce in /api/me', async () => {
    for (const role of ROLES) {
      const user = members.get(role);
      const me = await expectBody(await api.request('GET', '/api/me', { token: user?.token }), 200, meResponseSchema);
      const membership = me.memberships.find((m) => m.org_id === admin.org_id);
      expect(membership?.role).toBe(role);
      expect([...(membership?.permissions ?? [])].sort(), role).toEqual(PERMISSION_NAMES.filter((permission) => roleCan(role, permission)).sort());
    }
  });

  it('/api/me tells each role what the UI may offer (docs/roles.md)', async () => {
    const permissionsOfRole = async (role: Role) => {
      const me = await expectBody(await api.request('GET', '/api/me', { token: members.get(role)?.token }), 200, meResponseSchema);
      return me.memberships.find((m) => m.org_id === admin.org_id)?.permissions ?? [];
    };
    expect(await permissionsOfRole('admin')).toEqual(PERMISSION_NAMES);
    expect(await permissionsOfRole('handler')).toEqual(expect.arrayContaining(['cases.write', 'creditors.write', 'payments.read']));
    expect(await permissionsOfRole('handler')).not.toContain('payments.write');
    expect(await permissionsOfRole('finance')).toEqual(expect.arrayContaining(['payments.write', 'ledger.read', 'bank.write', 'finance.settings']));
    expect(await permissionsOfRole('finance')).not.toContain('cases.write');
    expect(await permissionsOfRole('legal')).toEqual(expect.arrayContaining(['kfm.write', 'cases.read']));
    expect(await permissionsOfRole('legal')).not.toContain('users.manage');
    expect(await permissionsOfRole('client')).toEqual(['org.read', 'notifications.read', 'dashboard.read', 'cases.read']);
  });

  it('the admin may do every write of the table', async () => {
    for (const route of ROUTE_PERMISSIONS.filter((r) => r.method !== 'GET')) {
      const response = await api.request(route.method, `/api/orgs/${admin.org_id}${concrete(route.path)}`, { token: admin.token, ...bodyOf(route) });
      expect([200, 201, 202], `${route.method} ${route.path}: ${await response.clone().text()}`).toContain(response.status);
    }
  });
});
