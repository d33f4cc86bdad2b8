import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalToOre, oreToDecimal, sumOre } from '@fordran/core';
import { caseListResponseSchema, dashboardResponseSchema, notify } from '@fordran/services';
import { createMember, createTestApi, createUser, expectBody, type TestApi, type TestUser } from './helpers';
import { insertCase, insertCommunication, insertCreditor, insertFailedJob, insertParty, insertReferenceRate } from './fixtures';

let api: TestApi; // now: 2026-11-22 10:00 in Stockholm
let admin: TestUser;
let client: TestUser;

beforeAll(async () => {
  api = await createTestApi();
  admin = await createUser(api);
  const org = admin.org_id;
  const mine = await insertCreditor(api, org, 'Ett AB');
  const theirs = await insertCreditor(api, org, 'Två AB');
  const party = await insertParty(api, org);
  const c1 = await insertCase(api, org, {
    creditorId: mine,
    partyId: party,
    status: 'active',
    outstandingOre: 100000,
    dueDate: '2026-10-01',
    createdAt: '2026-11-22T08:00:00.000Z',
  });
  // 23:59:59 on the 21st in Stockholm: not today.
  await insertCase(api, org, {
    creditorId: theirs,
    partyId: party,
    status: 'on_hold',
    outstandingOre: 50050,
    dueDate: '2026-12-31',
    createdAt: '2026-11-21T22:59:59.999Z',
  });
  // 00:00 on the 22nd in Stockholm (still the 21st in UTC): today.
  await insertCase(api, org, {
    creditorId: mine,
    partyId: party,
    status: 'draft',
    outstandingOre: 25025,
    dueDate: '2026-11-21',
    createdAt: '2026-11-21T23:00:00.000Z',
  });
  await insertCase(api, org, {
    creditorId: mine,
    partyId: party,
    status: 'closed',
    outstandingOre: 1000000,
    dueDate: '2020-01-01',
    createdAt: '2026-11-22T08:30:00.000Z',
  });
  await insertCase(api, org, {
    creditorId: mine,
    partyId: party,
    status: 'active',
    outstandingOre: 0,
    dueDate: '2026-01-01',
    createdAt: '2026-11-01T08:00:00.000Z',
  });
  await insertCase(api, org, {
    creditorId: theirs,
    partyId: party,
    status: 'active',
    outstandingOre: 10000,
    dueDate: '2026-11-22',
    createdAt: '2026-11-01T08:00:00.000Z',
  });
  await insertCommunication(api, org, c1, '2026-11-12T09:00:00.000Z');
  await insertCommunication(api, org, c1, '2026-10-22T08:59:59.000Z');

  // Another organisation's rows never count.
  const stranger = await createUser(api);
  const strangerCreditor = await insertCreditor(api, stranger.org_id);
  const strangerParty = await insertParty(api, stranger.org_id);
  await insertCase(api, stranger.org_id, {
    creditorId: strangerCreditor,
    partyId: strangerParty,
    status: 'active',
    outstandingOre: 999900,
    dueDate: '2026-01-01',
    createdAt: '2026-11-22T08:00:00.000Z',
  });

  client = await createMember(api, admin, 'client', theirs);
  // Unread: one to the admin, one to everyone; one read, one to the client.
  await notify(api.ctx, { org_id: org, user_id: admin.user_id, message: 'Till administratören' });
  await notify(api.ctx, { org_id: org, message: 'Till alla' });
  await notify(api.ctx, { org_id: org, user_id: client.user_id, message: 'Till kunden' });
  const read = await notify(api.ctx, { org_id: org, user_id: admin.user_id, message: 'Redan läst' });
  await api.sql('UPDATE notifications SET read_at = ? WHERE id = ?', api.clock.now(), read.id);
});
afterAll(() => api.close());

describe('dashboard', () => {
  it('computes the six tiles from the rows', async () => {
    const body = await expectBody(await api.request('GET', `/api/orgs/${admin.org_id}/dashboard`, { token: admin.token }), 200, dashboardResponseSchema);
    expect(body).toEqual({
      cases_in_work: 4, // active ×3 + on_hold
      unpaid_amount: '1850.75', // every case but the closed one
      new_today: 3, // by the Swedish calendar day, closed included
      overdue: 2, // open, due before today, still owing
      messages: 1, // communications of the last 30 days
      unread_notifications: 3, // the client's joining (the admin invited her), the admin's own and the one to everyone
      system_health: 'warning',
      system_health_details: 'Referensränta saknas för halvåret som börjar 2026-07-01',
      system_health_link: '/finance',
    });
  });

  it("each case tile counts exactly the cases of the list it links to (the list's segment)", async () => {
    for (const user of [admin, client]) {
      const dashboard = await expectBody(await api.request('GET', `/api/orgs/${admin.org_id}/dashboard`, { token: user.token }), 200, dashboardResponseSchema);
      const listed = async (segment: string) => {
        const response = await api.request('GET', `/api/orgs/${admin.org_id}/cases?segment=${segment}&limit=200`, { token: user.token });
        return expectBody(response, 200, caseListResponseSchema);
      };
      expect((await listed('in_work')).total).toBe(dashboard.cases_in_work);
      expect((await listed('new_today')).total).toBe(dashboard.new_today);
      expect((await listed('overdue')).total).toBe(dashboard.overdue);
      const unpaid = await listed('unpaid');
      expect(oreToDecimal(sumOre(unpaid.items.map((item) => decimalToOre(item.total_outstanding))))).toBe(dashboard.unpaid_amount);
    }
  });

  it("a client member sees only its creditor's cases", async () => {
    const body = await expectBody(await api.request('GET', `/api/orgs/${admin.org_id}/dashboard`, { token: client.token }), 200, dashboardResponseSchema);
    expect(body).toMatchObject({ cases_in_work: 2, unpaid_amount: '600.50', new_today: 0, overdue: 0, messages: 0 });
  });

  it('system health: ok with the reference rate, error when a job failed', async () => {
    await insertReferenceRate(api, '2026-07-01');
    const ok = await expectBody(await api.request('GET', `/api/orgs/${admin.org_id}/dashboard`, { token: admin.token }), 200, dashboardResponseSchema);
    expect(ok.system_health).toBe('ok');
    expect(ok.system_health_details).toBeUndefined();
    await insertFailedJob(api, admin.org_id);
    const failed = await expectBody(await api.request('GET', `/api/orgs/${admin.org_id}/dashboard`, { token: admin.token }), 200, dashboardResponseSchema);
    expect(failed).toMatchObject({
      system_health: 'error',
      system_health_details: '1 bakgrundsjobb har misslyckats',
      system_health_link: '/bank-reconciliation',
    });
  });

  it('a new organisation starts at zero', async () => {
    const fresh = await createUser(api);
    const body = await expectBody(await api.request('GET', `/api/orgs/${fresh.org_id}/dashboard`, { token: fresh.token }), 200, dashboardResponseSchema);
    expect(body).toMatchObject({ cases_in_work: 0, unpaid_amount: '0.00', new_today: 0, overdue: 0, messages: 0, unread_notifications: 0 });
  });
});
