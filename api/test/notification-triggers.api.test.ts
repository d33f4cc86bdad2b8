import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ore, writeBgMax } from '@fordran/core';
import {
  auditLogResponseSchema,
  caseDetailSchema,
  caseEventsResponseSchema,
  caseFeeAddResponseSchema,
  caseHandlersResponseSchema,
  caseListResponseSchema,
  createJobHandlers,
  createJobWorker,
  importJobResponseSchema,
  notificationListResponseSchema,
  runPrescriptionCheck,
  type NotificationResponse,
} from '@fordran/services';
import { allRowCounts, createMember, createTestApi, createUser, expectBody, expectError, json, readEvents, type TestApi, type TestUser } from './helpers';
import { insertCreditor, insertParty, insertSentDemand } from './fixtures';

/*
 * Notifications that really fire (issue 10): a case given to you, a rule flag raised on a case
 * you handle (by someone else's action or the nightly prescription check), your bank import
 * finished or failed, your invitation accepted. Each goes to that one member of that one
 * organisation, and not to whoever acted when it was their own doing (they saw it happen) — the
 * import job excepted: its starter asked to be told. Today is 2026-11-22.
 */

let api: TestApi;
let admin: TestUser;
let hanna: TestUser;
let henrik: TestUser;
let finance: TestUser;
let creditorId: string;
let personId: string;

const base = () => `/api/orgs/${admin.org_id}`;
/** A request a second after the one before, so the newest notification is the first listed. */
function send(user: TestUser, method: string, path: string, body?: unknown) {
  api.clock.advanceSeconds(1);
  return api.request(method, `${base()}${path}`, { token: user.token, body });
}

async function notificationsOf(user: TestUser, orgId = admin.org_id): Promise<NotificationResponse[]> {
  const list = await expectBody(await api.request('GET', `/api/orgs/${orgId}/notifications`, { token: user.token }), 200, notificationListResponseSchema);
  return list.notifications.filter((notification) => notification.user_id === user.user_id);
}

async function openCase(by: TestUser, dueDate = '2026-06-30', reference = `F-${crypto.randomUUID().slice(0, 6)}`, orgId = admin.org_id) {
  const creditor = orgId === admin.org_id ? creditorId : await insertCreditor(api, orgId);
  const party = orgId === admin.org_id ? personId : await insertParty(api, orgId, 'Nils Natt');
  const body = { creditor_id: creditor, party_id: party, reference_no: reference, principal_amount: '5000', due_date: dueDate };
  const created = await expectBody(await api.request('POST', `/api/orgs/${orgId}/cases`, { token: by.token, body }), 201, caseDetailSchema);
  await expectBody(
    await api.request('POST', `/api/orgs/${orgId}/cases/${created.id}/status`, { token: by.token, body: { status: 'active' } }),
    200,
    caseDetailSchema,
  );
  return created;
}

const assign = (by: TestUser, caseId: string, handlerId: string | null) => send(by, 'POST', `/cases/${caseId}/handler`, { handler_id: handlerId });

function bgMax(amountOre: number): string {
  return writeBgMax({
    timestamp: '20261122080000123456',
    sections: [
      {
        recipient_bankgiro: '9912346',
        account: '12345678901',
        paid_at: '2026-11-21',
        deposit_serial: 1,
        payments: [{ amountOre: ore(amountOre), bgc_serial: '940000000001', reference: '99999999999982' }],
      },
    ],
  });
}

beforeAll(async () => {
  api = await createTestApi({ importJobThresholdBytes: 100 }, { seedReferenceRates: true });
  admin = await createUser(api, { name: 'Karin Lindqvist' });
  hanna = await createMember(api, admin, 'handler');
  henrik = await createMember(api, admin, 'handler');
  finance = await createMember(api, admin, 'finance');
  creditorId = await insertCreditor(api, admin.org_id, 'Elbolaget Norr AB');
  personId = await insertParty(api, admin.org_id, 'Anna Andersson');
});
afterAll(() => api.close());

describe('a case given to you', () => {
  it('tells the new handler, not the one who gave it; the timeline and the log record it', async () => {
    const created = await openCase(admin, '2026-06-30', 'F-TILL-HANNA');
    expect(created.handler).toEqual({ id: admin.user_id, name: 'Karin Lindqvist' });
    const before = (await notificationsOf(admin)).length;

    api.clock.advanceSeconds(1);
    const given = await expectBody(await assign(admin, created.id, hanna.user_id), 200, caseDetailSchema);
    expect(given.handler?.id).toBe(hanna.user_id);
    const [notice] = await notificationsOf(hanna);
    expect(notice).toMatchObject({
      type: 'message',
      message: 'Karin Lindqvist gav dig ärende F-TILL-HANNA (Elbolaget Norr AB → Anna Andersson)',
      link: `/cases/${created.id}`,
      read_at: null,
    });
    expect(await notificationsOf(admin)).toHaveLength(before);
    expect(await notificationsOf(henrik)).toEqual([]);

    const { events } = await expectBody(await send(admin, 'GET', `/cases/${created.id}/events`), 200, caseEventsResponseSchema);
    expect(events[0]).toMatchObject({
      type: 'handler_changed',
      kind: 'handler',
      title: `Handläggare: ${given.handler?.name}`,
      detail: 'Tidigare Karin Lindqvist',
    });
    const log = await expectBody(await send(admin, 'GET', '/audit-log?limit=200'), 200, auditLogResponseSchema);
    expect(log.entries.find((entry) => entry.event === 'case.handler_changed' && entry.entity_id === created.id)?.title).toBe('Handläggare ändrad');
  });

  it('taking a case yourself tells nobody; giving it on tells the next handler', async () => {
    const created = await openCase(admin);
    await expectBody(await assign(hanna, created.id, hanna.user_id), 200, caseDetailSchema);
    const hannasBefore = (await notificationsOf(hanna)).length;
    // The same handler again changes nothing.
    await expectBody(await assign(hanna, created.id, hanna.user_id), 200, caseDetailSchema);
    await expectBody(await assign(hanna, created.id, henrik.user_id), 200, caseDetailSchema);
    expect(await notificationsOf(hanna)).toHaveLength(hannasBefore);
    expect((await notificationsOf(henrik))[0]?.link).toBe(`/cases/${created.id}`);
    // Nobody: the case has no handler, and nobody is told.
    expect((await expectBody(await assign(henrik, created.id, null), 200, caseDetailSchema)).handler).toBeNull();
  });

  it('only a member who may handle cases can be given one; another organisation’s user cannot', async () => {
    const created = await openCase(admin);
    const stranger = await createUser(api);
    for (const who of [finance.user_id, stranger.user_id, crypto.randomUUID()]) {
      const before = await allRowCounts(api);
      const error = await expectError(await assign(admin, created.id, who), 400, 'VALIDATION_FAILED');
      expect(error.message).toBe('Handläggaren måste vara en medlem som får handlägga ärenden');
      expect(await allRowCounts(api)).toEqual(before);
    }
    const { handlers } = await expectBody(await send(finance, 'GET', '/case-handlers'), 200, caseHandlersResponseSchema);
    expect(handlers.map((handler) => handler.user_id).sort()).toEqual([admin.user_id, hanna.user_id, henrik.user_id].sort());
  });

  it("lists one member's cases ('Mina ärenden')", async () => {
    const mine = await expectBody(await send(hanna, 'GET', `/cases?handler_id=${hanna.user_id}&limit=200`), 200, caseListResponseSchema);
    expect(mine.total).toBeGreaterThan(0);
    for (const item of mine.items) {
      expect((await expectBody(await send(hanna, 'GET', `/cases/${item.id}`), 200, caseDetailSchema)).handler?.id).toBe(hanna.user_id);
    }
  });

  it('reaches the new handler live over the event stream, and nobody else', async () => {
    const created = await openCase(admin, '2026-06-30', 'F-LIVE');
    const streamOf = async (user: TestUser) => {
      const reader = (await api.request('GET', `${base()}/events?access_token=${user.token}`)).body!.getReader();
      await readEvents(reader, (event) => event.event === 'ready');
      return reader;
    };
    const [hannasStream, henriksStream] = [await streamOf(hanna), await streamOf(henrik)];
    await expectBody(await assign(admin, created.id, henrik.user_id), 200, caseDetailSchema);
    const received = await readEvents(henriksStream, (event) => event.event === 'notification');
    expect(JSON.parse(received.data)).toMatchObject({ user_id: henrik.user_id, link: `/cases/${created.id}` });
    await expectBody(await assign(admin, created.id, hanna.user_id), 200, caseDetailSchema);
    const hannas = await readEvents(hannasStream, (event) => event.event === 'notification');
    // Hanna's stream carried only her own notice, never Henrik's.
    expect(hannas.seen.filter((event) => event.event === 'notification').map((event) => JSON.parse(event.data).user_id)).toEqual([hanna.user_id]);
    await hannasStream.cancel();
    await henriksStream.cancel();
  });
});

describe('a rule flag raised on a case you handle', () => {
  it("someone else's action that raises a flag tells the handler", async () => {
    // Due 2023-12-31: a consumer claim prescribes on 2026-12-31, 39 days from today (warning).
    const created = await openCase(admin, '2023-12-31', 'F-FLAGGA');
    await expectBody(await assign(admin, created.id, hanna.user_id), 200, caseDetailSchema);
    const before = (await notificationsOf(hanna)).length;
    await insertSentDemand(api, admin.org_id, created.id);
    const added = await expectBody(await send(admin, 'POST', `/cases/${created.id}/fees`, { code: 'COLLECTION_180' }), 201, caseFeeAddResponseSchema);
    expect(added.case.flags.map((flag) => flag.rule_code)).toEqual(['PRESCRIPTION']);
    const notices = await notificationsOf(hanna);
    expect(notices).toHaveLength(before + 1);
    expect(notices[0]).toMatchObject({ type: 'warning', link: `/cases/${created.id}` });
    expect(notices[0]!.message).toMatch(/^Ny regelflagga på ärende F-FLAGGA: Fordran preskriberas/);
  });

  it('a blocked action still tells the handler of the flag that blocked it', async () => {
    const created = await openCase(admin, '2023-01-01', 'F-BLOCK');
    await expectBody(await assign(admin, created.id, hanna.user_id), 200, caseDetailSchema);
    const before = (await notificationsOf(hanna)).length;
    await expectError(await send(admin, 'POST', `/cases/${created.id}/fees`, { code: 'COLLECTION_180' }), 422, 'ACTION_BLOCKED');
    const notices = await notificationsOf(hanna);
    expect(notices).toHaveLength(before + 1);
    expect(notices[0]?.message).toMatch(/^Ny regelflagga på ärende F-BLOCK: /);
  });

  it("the handler's own action raising a flag tells nobody (they see it on the case)", async () => {
    const created = await openCase(hanna, '2023-12-31');
    await insertSentDemand(api, admin.org_id, created.id);
    const before = (await notificationsOf(hanna)).length;
    const added = await expectBody(await send(hanna, 'POST', `/cases/${created.id}/fees`, { code: 'COLLECTION_180' }), 201, caseFeeAddResponseSchema);
    expect(added.case.flags).toHaveLength(1);
    expect(await notificationsOf(hanna)).toHaveLength(before);
  });
});

describe('the nightly prescription check', () => {
  it('tells each handler once per night: one case by its link, several by their list', async () => {
    const night = await createUser(api, { name: 'Natt Admin' });
    const nora = await createMember(api, night, 'handler');
    const nils = await createMember(api, night, 'handler');
    const first = await openCase(night, '2023-12-31', 'N-1', night.org_id);
    const second = await openCase(night, '2023-01-01', 'N-2', night.org_id);
    const third = await openCase(night, '2023-12-31', 'N-3', night.org_id);
    const fresh = await openCase(night, '2026-06-30', 'N-4', night.org_id);
    for (const [created, handler] of [
      [first, nora],
      [second, nora],
      [third, nils],
      [fresh, nils],
    ] as const) {
      await api.request('POST', `/api/orgs/${night.org_id}/cases/${created.id}/handler`, { token: night.token, body: { handler_id: handler.user_id } });
    }
    const nightly = async (user: TestUser) => (await notificationsOf(user, night.org_id)).filter((notice) => !notice.message.includes('gav dig ärende'));

    const summary = await runPrescriptionCheck(api.ctx, { org: night.org_id });
    expect(summary.flags_created).toBe(3);
    expect(await nightly(nora)).toEqual([
      expect.objectContaining({ type: 'warning', message: 'Nattens preskriptionskontroll flaggade 2 av dina ärenden', link: '/cases?handler=me&flagged=true' }),
    ]);
    const [nilsNotice] = await nightly(nils);
    expect(nilsNotice).toMatchObject({ link: `/cases/${third.id}` });
    expect(nilsNotice!.message).toMatch(/^Ny regelflagga på ärende N-3: /);
    // The flags are raised once: the next night tells nobody again.
    await runPrescriptionCheck(api.ctx, { org: night.org_id });
    expect(await nightly(nora)).toHaveLength(1);
    // The link's list: Nora's flagged cases.
    const listed = await expectBody(
      await api.request('GET', `/api/orgs/${night.org_id}/cases?handler_id=${nora.user_id}&flagged=true`, { token: nora.token }),
      200,
      caseListResponseSchema,
    );
    expect(listed.items.map((item) => item.reference_no).sort()).toEqual(['N-1', 'N-2']);
  });
});

describe('a bank import run as a job', () => {
  async function importLarge(bytes: string | Uint8Array, name: string) {
    const form = new FormData();
    form.set('file', new File([bytes], name));
    api.clock.advanceSeconds(1);
    return expectBody(await api.request('POST', `${base()}/payments/import`, { token: finance.token, body: form }), 202, importJobResponseSchema);
  }

  it('tells whoever started it when it is done, with its figures; nobody else', async () => {
    const adminsBefore = (await notificationsOf(admin)).length;
    await importLarge(bgMax(70000), 'stor-fil.txt');
    await createJobWorker(api.ctx, { handlers: createJobHandlers() }).runOnce();
    expect((await notificationsOf(finance))[0]).toMatchObject({
      type: 'success',
      message: 'Import av bankfil stor-fil.txt är klar: 1 inbetalning, 1 att matcha',
      link: '/payments',
    });
    expect(await notificationsOf(admin)).toHaveLength(adminsBefore);
  });

  it('tells them when it failed, and why', async () => {
    await importLarge(new TextEncoder().encode('detta är ingen bankfil, bara text som är längre än hundra byte '.repeat(3)), 'trasig.txt');
    const job = await createJobWorker(api.ctx, { handlers: createJobHandlers() }).runOnce();
    expect(job?.status).toBe('failed');
    const [notice] = await notificationsOf(finance);
    expect(notice).toMatchObject({ type: 'error', link: '/payments' });
    expect(notice!.message).toMatch(/^Import av bankfil trasig\.txt misslyckades: /);
  });
});

describe('an invitation accepted', () => {
  it('tells the member who sent it, when the invitee signs up through the link or accepts signed in', async () => {
    const invite = await send(admin, 'POST', '/invitations', { email: 'ny.handlaggare@example.se', role: 'handler' });
    const { token } = await json<{ token: string }>(invite);
    const othersBefore = (await notificationsOf(hanna)).length;
    const newcomer = await createUser(api, { email: 'ny.handlaggare@example.se', name: 'Nora Ny', invitation_token: token });
    expect((await notificationsOf(admin))[0]).toMatchObject({
      type: 'success',
      message: 'Nora Ny (ny.handlaggare@example.se) har tackat ja till inbjudan och gått med som handläggare',
      link: '/settings/permissions',
    });
    expect(await notificationsOf(hanna)).toHaveLength(othersBefore);
    expect(await notificationsOf(newcomer)).toEqual([]);

    // A user with an organisation of their own accepts while signed in.
    const existing = await createUser(api, { name: 'Erik Egen', email: 'erik.egen@example.se' });
    const second = await json<{ token: string }>(await send(admin, 'POST', '/invitations', { email: 'erik.egen@example.se', role: 'legal' }));
    const accepted = await api.request('POST', '/api/me/invitations/accept', { token: existing.token, body: { invitation_token: second.token } });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect((await notificationsOf(admin))[0]?.message).toBe('Erik Egen (erik.egen@example.se) har tackat ja till inbjudan och gått med som juridik');
  });
});
