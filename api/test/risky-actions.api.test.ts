import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogResponseSchema,
  caseDetailSchema,
  caseEventsResponseSchema,
  caseFlagResolveResponseSchema,
  creditorResponseSchema,
  partyResponseSchema,
  ruleResponseSchema,
} from '@fordran/services';
import { allRowCounts, auditRows, createTestApi, createUser, expectBody, expectError, type TestApi, type TestUser } from './helpers';
import { insertCreditor, insertParty } from './fixtures';

/*
 * The risky one-click actions of issue 10 ask for a reason, and the API requires it: resolving a
 * blocking flag, switching off a rule, deactivating a creditor or a debtor, closing a case.
 * Without a reason (or with one too short to say anything) the request is refused and nothing
 * changes; with one, the reason is in the audit row and, for a case, on its timeline.
 */

let api: TestApi;
let admin: TestUser;
let creditorId: string;
let personId: string;

const base = () => `/api/orgs/${admin.org_id}`;
const send = (method: string, path: string, body?: unknown) => api.request(method, `${base()}${path}`, { token: admin.token, body });

async function openCase(): Promise<string> {
  const body = {
    creditor_id: creditorId,
    party_id: personId,
    reference_no: `F-${crypto.randomUUID().slice(0, 6)}`,
    principal_amount: '5000',
    due_date: '2026-06-30',
  };
  const created = await expectBody(await send('POST', '/cases', body), 201, caseDetailSchema);
  await expectBody(await send('POST', `/cases/${created.id}/status`, { status: 'active' }), 200, caseDetailSchema);
  return created.id;
}

async function insertFlag(caseId: string, level: 'block' | 'warning'): Promise<string> {
  const id = crypto.randomUUID();
  await api.sql(
    'INSERT INTO case_flags (id, org_id, case_id, rule_code, level, message, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    id,
    admin.org_id,
    caseId,
    level === 'block' ? 'DISPUTED_CASE' : 'PRESCRIPTION',
    level,
    'Gäldenären har invänt',
    api.clock.now(),
  );
  return id;
}

async function caseEventPayload(caseId: string, type: string): Promise<Record<string, unknown>> {
  const [row] = await api.sql<{ payload_json: string }>(
    'SELECT payload_json FROM case_events WHERE case_id = ? AND type = ? ORDER BY created_at DESC, id DESC LIMIT 1',
    caseId,
    type,
  );
  return JSON.parse(row!.payload_json) as Record<string, unknown>;
}

/** Each refusal leaves every table as it was. */
async function expectRefused(response: Promise<Response>, message: string): Promise<void> {
  const before = await allRowCounts(api);
  const error = await expectError(await response, 400, 'VALIDATION_FAILED');
  expect(error.message).toBe(message);
  expect(await allRowCounts(api)).toEqual(before);
}

beforeAll(async () => {
  api = await createTestApi({}, { seedReferenceRates: true });
  admin = await createUser(api, { name: 'Karin Lindqvist' });
  creditorId = await insertCreditor(api, admin.org_id, 'Elbolaget Norr AB');
  personId = await insertParty(api, admin.org_id, 'Anna Andersson');
});
afterAll(() => api.close());

describe('a reason is required and audited', () => {
  it('resolving a blocking flag: refused without a reason; the reason is on the timeline and in the audit row', async () => {
    const caseId = await openCase();
    const flagId = await insertFlag(caseId, 'block');
    const path = `/cases/${caseId}/flags/${flagId}/resolve`;
    await expectRefused(send('POST', path), 'Ange varför flaggan löses');
    await expectRefused(send('POST', path, {}), 'Ange varför flaggan löses');
    await expectRefused(send('POST', path, { reason: '   ' }), 'Ange varför flaggan löses');
    await expectRefused(send('POST', path, { reason: 'ok' }), 'Anledningen måste vara minst 3 tecken');
    expect(await api.sql('SELECT resolved_at FROM case_flags WHERE id = ?', flagId)).toEqual([{ resolved_at: null }]);

    const resolved = await expectBody(await send('POST', path, { reason: '  Invändningen utredd, fordran står fast ' }), 200, caseFlagResolveResponseSchema);
    expect(resolved.flag.resolved_at).toBe(api.clock.now());
    expect(await caseEventPayload(caseId, 'flag_resolved')).toMatchObject({ rule_code: 'DISPUTED_CASE', reason: 'Invändningen utredd, fordran står fast' });
    expect((await auditRows(api, admin.org_id, 'case.flag_resolved')).at(-1)).toMatchObject({
      actor_id: admin.user_id,
      entity_id: flagId,
      payload: { case_id: caseId, level: 'block', reason: 'Invändningen utredd, fordran står fast' },
    });
  });

  it('a warning is resolved without a reason (one click), and keeps one that is given', async () => {
    const caseId = await openCase();
    await expectBody(await send('POST', `/cases/${caseId}/flags/${await insertFlag(caseId, 'warning')}/resolve`), 200, caseFlagResolveResponseSchema);
    expect((await auditRows(api, admin.org_id, 'case.flag_resolved')).at(-1)?.payload).not.toHaveProperty('reason');
    await expectBody(
      await send('POST', `/cases/${caseId}/flags/${await insertFlag(caseId, 'warning')}/resolve`, { reason: 'Avstämt med borgenären' }),
      200,
      caseFlagResolveResponseSchema,
    );
    expect((await auditRows(api, admin.org_id, 'case.flag_resolved')).at(-1)?.payload).toMatchObject({ level: 'warning', reason: 'Avstämt med borgenären' });
  });

  it('closing a case: refused without a reason; the reason is on the timeline and in the audit row', async () => {
    const caseId = await openCase();
    await expectRefused(send('POST', `/cases/${caseId}/status`, { status: 'closed' }), 'Ange varför ärendet stängs');
    await expectRefused(send('POST', `/cases/${caseId}/status`, { status: 'closed', reason: 'x' }), 'Anledningen måste vara minst 3 tecken');
    const closed = await expectBody(
      await send('POST', `/cases/${caseId}/status`, { status: 'closed', reason: 'Betald direkt till borgenären' }),
      200,
      caseDetailSchema,
    );
    expect(closed.status).toBe('closed');
    expect(await caseEventPayload(caseId, 'status_changed')).toMatchObject({ to: 'closed', reason: 'Betald direkt till borgenären' });
    expect((await auditRows(api, admin.org_id, 'case.status_changed')).at(-1)).toMatchObject({
      entity_id: caseId,
      payload: { from: 'active', to: 'closed', reason: 'Betald direkt till borgenären' },
    });
  });

  it('switching off a rule: refused without a reason; switching it on needs none', async () => {
    const rule = (await api.sql<{ id: string }>("SELECT id FROM rules WHERE org_id = ? AND code = 'DUPLICATE_FEE'", admin.org_id))[0] ?? null;
    expect(rule).not.toBeNull();
    const path = `/rules/${rule!.id}`;
    await expectRefused(send('PATCH', path, { is_active: false }), 'Ange varför regeln stängs av');
    await expectRefused(send('PATCH', path, { is_active: false, reason: 'no' }), 'Anledningen måste vara minst 3 tecken');
    const off = await expectBody(await send('PATCH', path, { is_active: false, reason: 'Ersatt av en ny regel' }), 200, ruleResponseSchema);
    expect(off.is_active).toBe(false);
    expect((await auditRows(api, admin.org_id, 'rule.deactivated')).at(-1)).toMatchObject({
      entity_id: rule!.id,
      payload: { code: 'DUPLICATE_FEE', reason: 'Ersatt av en ny regel' },
    });
    expect((await expectBody(await send('PATCH', path, { is_active: true }), 200, ruleResponseSchema)).is_active).toBe(true);
  });

  it('deactivating a creditor: refused without a reason; reactivating needs none', async () => {
    const id = await insertCreditor(api, admin.org_id, 'Avslutad Kund AB');
    await expectRefused(send('PATCH', `/creditors/${id}`, { status: 'inactive' }), 'Ange varför kunden inaktiveras');
    const off = await expectBody(await send('PATCH', `/creditors/${id}`, { status: 'inactive', reason: 'Avslutat samarbete' }), 200, creditorResponseSchema);
    expect(off.status).toBe('inactive');
    expect((await auditRows(api, admin.org_id, 'creditor.status_changed')).at(-1)).toMatchObject({
      entity_id: id,
      payload: { changed: { status: 'inactive' }, reason: 'Avslutat samarbete' },
    });
    expect((await expectBody(await send('PATCH', `/creditors/${id}`, { status: 'active' }), 200, creditorResponseSchema)).status).toBe('active');
  });

  it('deactivating a debtor: refused without a reason; the reason is in the audit row', async () => {
    const id = await insertParty(api, admin.org_id, 'Bengt Bortrest');
    await expectRefused(send('PATCH', `/parties/${id}`, { status: 'inactive' }), 'Ange varför parten inaktiveras');
    const off = await expectBody(await send('PATCH', `/parties/${id}`, { status: 'inactive', reason: 'Utflyttad, ingen adress' }), 200, partyResponseSchema);
    expect(off.status).toBe('inactive');
    expect((await auditRows(api, admin.org_id, 'party.status_changed')).at(-1)).toMatchObject({
      entity_id: id,
      payload: { status: 'inactive', reason: 'Utflyttad, ingen adress' },
    });
  });

  it('the system log and the timeline say what happened, and why, in Swedish words (no codes)', async () => {
    const caseId = await openCase();
    const flagId = await insertFlag(caseId, 'block');
    api.clock.advanceSeconds(1);
    await expectBody(await send('POST', `/cases/${caseId}/flags/${flagId}/resolve`, { reason: 'Invändningen återtagen' }), 200, caseFlagResolveResponseSchema);
    api.clock.advanceSeconds(1);
    const { entries } = await expectBody(await send('GET', '/audit-log?limit=200'), 200, auditLogResponseSchema);
    expect(entries.find((entry) => entry.entity_id === flagId)).toMatchObject({
      event: 'case.flag_resolved',
      title: 'Regelflagga löst',
      entity: 'case_flags',
      entity_label: 'Regelflagga',
      detail: 'Bestridd fordran · Anledning: Invändningen återtagen',
    });
    const { events } = await expectBody(await send('GET', `/cases/${caseId}/events`), 200, caseEventsResponseSchema);
    expect(events[0]).toMatchObject({
      type: 'flag_resolved',
      kind: 'flag',
      title: 'Flagga löst',
      detail: 'Bestridd fordran · Gäldenären har invänt · Anledning: Invändningen återtagen',
    });
    for (const entry of entries) expect(`${entry.title} ${entry.entity_label ?? ''} ${entry.detail ?? ''}`).not.toMatch(/[a-z]+[._][a-z]+|[A-Z]{3,}_[A-Z]+/);
  });
});
