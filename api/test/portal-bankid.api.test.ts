import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { buildPersonnummer } from '@fordran/core';
import { approveSimulatedOrder, bankIdQrData, cancelSimulatedOrder } from '@fordran/services';
import { createTestApi, createUser, json, type TestApi, type TestUser } from './helpers';
import { insertCase, insertCreditor, insertParty } from './fixtures';

/*
 * The debtor portal's BankID sign-in (issue 13) through the real RP client against the BankID
 * simulator the app starts: init/status/cancel/QR, the time-out, the rate limits, no
 * enumeration of personnummer, and that portal sessions and staff tokens never cross.
 */

const PNR = '198112189876';
const UNKNOWN_PNR = '197010632391';

let api: TestApi;
let staff: TestUser;
let orgId: string;
let partyId: string;

interface Status {
  status: string;
  hint_code?: string;
  session_id?: string;
  party_id?: string;
}

beforeAll(async () => {
  api = await createTestApi();
  staff = await createUser(api);
  orgId = staff.org_id;
  partyId = await insertParty(api, orgId, 'Karl Karlsson');
  await api.sql('UPDATE parties SET national_id = ? WHERE id = ?', PNR, partyId);
});
afterAll(() => api.close());
// Each test starts past the previous one's BankID start limit window (5 per personnummer).
beforeEach(() => api.clock.advanceSeconds(15 * 60 + 1));

const now = () => Date.parse(api.ctx.clock.now());

async function init(nationalId: string, headers: Record<string, string> = {}, org = orgId) {
  return api.request('POST', '/api/portal/bankid/init', { body: { national_id: nationalId, org_id: org }, headers });
}

async function start(nationalId: string): Promise<string> {
  const response = await init(nationalId);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await json<{ order_ref: string }>(response)).order_ref;
}

async function status(orderRef: string): Promise<Status> {
  const response = await api.request('POST', '/api/portal/bankid/status', { body: { order_ref: orderRef } });
  expect(response.status, await response.clone().text()).toBe(200);
  return json<Status>(response);
}

async function cancel(orderRef: string): Promise<Status> {
  return json<Status>(await api.request('POST', '/api/portal/bankid/cancel', { body: { order_ref: orderRef } }));
}

async function signedIn(nationalId = PNR): Promise<string> {
  const orderRef = await start(nationalId);
  await approveSimulatedOrder(api.ctx.files, orderRef, now());
  const done = await status(orderRef);
  expect(done.status).toBe('complete');
  return done.session_id!;
}

describe('POST /api/portal/bankid/init', () => {
  it('refuses a personnummer that is not 12 digits or fails the check digit, and changes nothing', async () => {
    for (const [nationalId, code] of [
      ['19811218987', 'VALIDATION_FAILED'],
      ['19811218-9876', 'VALIDATION_FAILED'],
      ['198112189875', 'INVALID_PERSONNUMMER'],
    ] as const) {
      const response = await init(nationalId);
      expect(response.status).toBe(400);
      expect((await json<{ error: { code: string } }>(response)).error.code).toBe(code);
    }
    expect((await api.sql<{ n: number }>('SELECT count(*) AS n FROM bankid_orders'))[0]!.n).toBe(0);
  });

  it('needs an organisation: org_id or the configured default', async () => {
    const response = await api.request('POST', '/api/portal/bankid/init', { body: { national_id: PNR } });
    expect(response.status).toBe(400);
    expect((await json<{ error: { code: string; message: string } }>(response)).error).toMatchObject({ code: 'PORTAL_ORGANISATION_MISSING' });
    expect((await init(PNR, {}, '0190b5a4-0000-7000-8000-000000000000')).status).toBe(404);
  });

  it('answers the same for a personnummer without cases: only BankID decides, then noParty', async () => {
    const known = await init(PNR);
    const unknown = await init(UNKNOWN_PNR);
    expect([known.status, unknown.status]).toEqual([200, 200]);
    const [a, b] = [await json<Record<string, string>>(known), await json<Record<string, string>>(unknown)];
    expect(Object.keys(a).sort()).toEqual(['auto_start_token', 'order_ref']);
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    expect(await status(a.order_ref!)).toEqual(await status(b.order_ref!));
    await approveSimulatedOrder(api.ctx.files, b.order_ref!, now());
    expect(await status(b.order_ref!)).toEqual({ status: 'failed', hint_code: 'noParty' });
    expect((await api.sql<{ n: number }>('SELECT count(*) AS n FROM portal_sessions'))[0]!.n).toBe(0);
    await cancel(a.order_ref!);
  });
});

describe('signing in', () => {
  it('pending → complete: a session bound to the party, its token stored only as SHA-256, handed out once', async () => {
    const orderRef = await start(PNR);
    expect(await status(orderRef)).toEqual({ status: 'pending', hint_code: 'outstandingTransaction' });
    await approveSimulatedOrder(api.ctx.files, orderRef, now());
    const done = await status(orderRef);
    expect(done).toMatchObject({ status: 'complete', party_id: partyId });
    const token = done.session_id!;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const [row] = await api.sql<{ token_hash: string; party_id: string; org_id: string }>('SELECT token_hash, party_id, org_id FROM portal_sessions');
    expect(row).toEqual({ token_hash: createHash('sha256').update(token).digest('hex'), party_id: partyId, org_id: orgId });
    // Asked again, the order is complete but the token is not repeated.
    expect(await status(orderRef)).toEqual({ status: 'complete' });
    const [order] = await api.sql<{ qr_start_secret: string | null; completion_json: string }>(
      'SELECT qr_start_secret, completion_json FROM bankid_orders WHERE order_ref = ?',
      orderRef,
    );
    expect(order!.qr_start_secret).toBeNull();
    expect(JSON.parse(order!.completion_json).user.personalNumber).toBe(PNR);
    const signout = await api.request('POST', '/api/portal/signout', { headers: { 'x-portal-session': token } });
    expect(signout.status).toBe(204);
  });

  it('the QR code changes every second, from the server-side secret, which no answer contains', async () => {
    const response = await init(PNR);
    const text = await response.text();
    const orderRef = (JSON.parse(text) as { order_ref: string }).order_ref;
    const [order] = await api.sql<{ qr_start_token: string; qr_start_secret: string }>(
      'SELECT qr_start_token, qr_start_secret FROM bankid_orders WHERE order_ref = ?',
      orderRef,
    );
    const qr = async () => {
      const answer = await api.request('GET', `/api/portal/bankid/qr/${orderRef}`);
      const body = await answer.text();
      expect(body).not.toContain(order!.qr_start_secret);
      return (JSON.parse(body) as { qr_data: string }).qr_data;
    };
    expect(text).not.toContain(order!.qr_start_secret);
    expect(await qr()).toBe(bankIdQrData(order!.qr_start_token, order!.qr_start_secret, 0));
    api.clock.advanceSeconds(3);
    expect(await qr()).toBe(bankIdQrData(order!.qr_start_token, order!.qr_start_secret, 3));
    expect(await cancel(orderRef)).toEqual({ status: 'failed', hint_code: 'cancelled' });
    expect((await api.request('GET', `/api/portal/bankid/qr/${orderRef}`)).status).toBe(404);
  });

  it('Avbryt cancels at BankID too: status says cancelled, and a new order for the person starts', async () => {
    const orderRef = await start(PNR);
    expect(await cancel(orderRef)).toEqual({ status: 'failed', hint_code: 'cancelled' });
    expect(await status(orderRef)).toEqual({ status: 'failed', hint_code: 'cancelled' });
    // Without the RP cancel the simulator would answer alreadyInProgress here.
    const next = await start(PNR);
    await cancel(next);
  });

  it('a cancel in the BankID app is failed userCancel', async () => {
    const orderRef = await start(PNR);
    await cancelSimulatedOrder(api.ctx.files, orderRef, now());
    expect(await status(orderRef)).toEqual({ status: 'failed', hint_code: 'userCancel' });
  });

  it('an order nobody scans times out at BankID: failed startFailed', async () => {
    const orderRef = await start(PNR);
    api.clock.advanceSeconds(181);
    expect(await status(orderRef)).toEqual({ status: 'failed', hint_code: 'startFailed' });
  });

  it('a second start while one runs is 409, and BankID cancels both', async () => {
    const first = await start(PNR);
    const second = await init(PNR);
    expect(second.status).toBe(409);
    expect((await json<{ error: { code: string } }>(second)).error.code).toBe('BANKID_ALREADY_IN_PROGRESS');
    expect(await status(first)).toEqual({ status: 'failed', hint_code: 'cancelled' });
  });

  it('a person is signed in only in the organisation of the order', async () => {
    const other = await createUser(api);
    const orderRef = await start(PNR);
    await approveSimulatedOrder(api.ctx.files, orderRef, now());
    await status(orderRef);
    const elsewhere = (await json<{ order_ref: string }>(await init(PNR, {}, other.org_id))).order_ref;
    await approveSimulatedOrder(api.ctx.files, elsewhere, now());
    expect(await status(elsewhere)).toEqual({ status: 'failed', hint_code: 'noParty' });
  });

  it('an unknown order is 404', async () => {
    expect((await api.request('POST', '/api/portal/bankid/status', { body: { order_ref: '0190b5a4-0000-7000-8000-000000000000' } })).status).toBe(404);
  });
});

describe('rate limits of init', () => {
  it('per personnummer: the 6th start in 15 minutes is 429, whatever the address', async () => {
    const local = await createTestApi();
    try {
      const user = await createUser(local);
      const startOnce = (ip: string) =>
        local.request('POST', '/api/portal/bankid/init', { body: { national_id: PNR, org_id: user.org_id }, headers: { 'x-forwarded-for': ip } });
      for (let i = 0; i < 5; i += 1) {
        const response = await startOnce(`198.51.100.${i}`);
        expect(response.status, await response.clone().text()).toBe(200);
        const { order_ref } = await json<{ order_ref: string }>(response);
        await local.request('POST', '/api/portal/bankid/cancel', { body: { order_ref } });
      }
      const limited = await startOnce('198.51.100.99');
      expect(limited.status).toBe(429);
      expect((await json<{ error: { code: string } }>(limited)).error.code).toBe('RATE_LIMITED');
      local.clock.advanceSeconds(15 * 60 + 1);
      expect((await startOnce('198.51.100.99')).status).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('per client address behind a trusted proxy: the 21st start is 429, another address goes on', async () => {
    const local = await createTestApi({ trustProxy: true });
    try {
      const user = await createUser(local);
      const startFrom = (ip: string, n: number) =>
        local.request('POST', '/api/portal/bankid/init', {
          body: { national_id: buildPersonnummer('1980-01-01', n + 10), org_id: user.org_id },
          headers: { 'x-forwarded-for': ip },
        });
      for (let n = 0; n < 20; n += 1) expect((await startFrom('203.0.113.5', n)).status).toBe(200);
      expect((await startFrom('203.0.113.5', 20)).status).toBe(429);
      expect((await startFrom('203.0.113.6', 21)).status).toBe(200);
      // The personnummer is not stored in plain text among the attempts.
      expect((await local.sql<{ n: number }>("SELECT count(*) AS n FROM auth_attempts WHERE kind = 'bankid' AND subject LIKE '1980%'"))[0]!.n).toBe(0);
    } finally {
      await local.close();
    }
  });
});

describe('the portal session', () => {
  it("'Session saknas' without the header; a staff token never opens the portal", async () => {
    const missing = await api.request('POST', '/api/portal/signout');
    expect(missing.status).toBe(401);
    expect(await json(missing)).toEqual({ error: { code: 'PORTAL_SESSION_MISSING', message: 'Session saknas' } });
    expect((await api.request('POST', '/api/portal/signout', { token: staff.token })).status).toBe(401);
    const asPortal = await api.request('POST', '/api/portal/signout', { headers: { 'x-portal-session': staff.token } });
    expect(asPortal.status).toBe(401);
    expect((await json<{ error: { code: string } }>(asPortal)).error.code).toBe('PORTAL_SESSION_EXPIRED');
  });

  it('a portal session never reaches staff routes', async () => {
    const session = await signedIn();
    expect((await api.request('GET', '/api/me', { headers: { 'x-portal-session': session } })).status).toBe(401);
    expect((await api.request('GET', '/api/me', { token: session })).status).toBe(401);
    expect((await api.request('GET', `/api/orgs/${orgId}/cases`, { token: session, headers: { 'x-portal-session': session } })).status).toBe(401);
    expect((await api.request('GET', `/api/orgs/${orgId}/parties/${partyId}`, { token: session, headers: { 'x-portal-session': session } })).status).toBe(401);
  });

  it('expires after its lifetime and is revoked by sign-out', async () => {
    const session = await signedIn();
    api.clock.advanceSeconds(30 * 60 + 1);
    const expired = await api.request('POST', '/api/portal/signout', { headers: { 'x-portal-session': session } });
    expect(expired.status).toBe(401);
    expect((await json<{ error: { code: string } }>(expired)).error.code).toBe('PORTAL_SESSION_EXPIRED');

    const fresh = await signedIn();
    expect((await api.request('POST', '/api/portal/signout', { headers: { 'x-portal-session': fresh } })).status).toBe(204);
    expect((await api.request('POST', '/api/portal/signout', { headers: { 'x-portal-session': fresh } })).status).toBe(401);
  });

  it('the provider says the simulator answers, and where its page is', async () => {
    const provider = await json<{ simulated: boolean; simulator_url: string }>(await api.request('GET', '/api/portal/bankid/provider'));
    expect(provider.simulated).toBe(true);
    expect(provider.simulator_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});

describe('GET /api/portal/cases', () => {
  it("lists only the session party's open cases in the session's organisation", async () => {
    const creditorId = await insertCreditor(api, orgId, 'Elbolaget Norr AB');
    const seed = { creditorId, partyId, dueDate: '2026-09-01', createdAt: api.ctx.clock.now() };
    const mine = await insertCase(api, orgId, { ...seed, status: 'active', outstandingOre: 795_000 });
    const paused = await insertCase(api, orgId, { ...seed, status: 'on_hold', outstandingOre: 10_000 });
    await insertCase(api, orgId, { ...seed, status: 'closed', outstandingOre: 0 });
    await insertCase(api, orgId, { ...seed, status: 'draft', outstandingOre: 5_000 });
    // Another debtor of the organisation, and the same person as a party of another organisation.
    const neighbour = await insertParty(api, orgId, 'Granne Grannsson');
    await insertCase(api, orgId, { ...seed, partyId: neighbour, status: 'active', outstandingOre: 1_000 });
    const other = await createUser(api);
    const twin = await insertParty(api, other.org_id, 'Karl Karlsson');
    await api.sql('UPDATE parties SET national_id = ? WHERE id = ?', PNR, twin);
    const otherCreditor = await insertCreditor(api, other.org_id);
    await insertCase(api, other.org_id, { ...seed, creditorId: otherCreditor, partyId: twin, status: 'active', outstandingOre: 2_000 });

    const session = await signedIn();
    const response = await api.request('GET', '/api/portal/cases', { headers: { 'x-portal-session': session } });
    expect(response.status).toBe(200);
    const { items } = await json<{ items: { id: string; creditor_name: string; reference: string; total_outstanding: string; status: string }[] }>(response);
    expect(items.map((item) => item.id).sort()).toEqual([mine, paused].sort());
    expect(items.find((item) => item.id === mine)).toMatchObject({ creditor_name: 'Elbolaget Norr AB', status: 'active', total_outstanding: '7950.00' });
    expect(items.find((item) => item.id === mine)!.reference).toMatch(/^F-/);
    expect((await api.request('GET', '/api/portal/cases', { token: staff.token })).status).toBe(401);
  });
});
