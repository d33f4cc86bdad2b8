import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markAllReadResponseSchema, notificationListResponseSchema, notificationResponseSchema, notify } from '@fordran/services';
import {
  auditRows,
  createMember,
  createTestApi,
  createUser,
  expectBody,
  expectError,
  json,
  readEvents,
  rowCount,
  type TestApi,
  type TestUser,
} from './helpers';
import { insertNotification } from './fixtures';

let api: TestApi;
let admin: TestUser;
let handler: TestUser;

beforeAll(async () => {
  api = await createTestApi({ ssePingMs: 50 });
  admin = await createUser(api);
  handler = await createMember(api, admin, 'handler');
  // The handler's joining told the admin (notification-triggers.api.test.ts); these tests start from none.
  await api.sql('DELETE FROM notifications');
});
afterAll(() => api.close());

const at = (minute: number) => `2026-11-22T09:${String(minute).padStart(2, '0')}:00.000Z`;

describe('notifications', () => {
  it('lists what is addressed to the user or to everyone, newest first, with the unread count', async () => {
    const forEveryone = await insertNotification(api, admin.org_id, { user_id: null, message: 'Till alla', created_at: at(1) });
    const forAdmin = await insertNotification(api, admin.org_id, { user_id: admin.user_id, message: 'Till admin', created_at: at(3), type: 'success' });
    const forHandler = await insertNotification(api, admin.org_id, { user_id: handler.user_id, message: 'Till handläggaren', created_at: at(2) });

    const list = await expectBody(
      await api.request('GET', `/api/orgs/${admin.org_id}/notifications`, { token: admin.token }),
      200,
      notificationListResponseSchema,
    );
    expect(list.notifications.map((n) => n.id)).toEqual([forAdmin, forEveryone]);
    expect(list.unread_count).toBe(2);
    expect(list.notifications[0]).toMatchObject({ type: 'success', message: 'Till admin', link: null, read_at: null, created_at: at(3) });

    const theirs = await json<{ notifications: { id: string }[]; unread_count: number }>(
      await api.request('GET', `/api/orgs/${admin.org_id}/notifications`, { token: handler.token }),
    );
    expect(theirs.notifications.map((n) => n.id)).toEqual([forHandler, forEveryone]);
  });

  it('marks one read (and only one the user may see)', async () => {
    const mine = await insertNotification(api, admin.org_id, { user_id: admin.user_id, message: 'Läs mig', created_at: at(10) });
    const theirs = await insertNotification(api, admin.org_id, { user_id: handler.user_id, message: 'Inte din', created_at: at(10) });
    const read = await expectBody(
      await api.request('POST', `/api/orgs/${admin.org_id}/notifications/${mine}/read`, { token: admin.token }),
      200,
      notificationResponseSchema,
    );
    expect(read.read_at).toBe(api.ctx.clock.now());
    expect(await auditRows(api, admin.org_id, 'notification.read')).toEqual([
      { actor_id: admin.user_id, event: 'notification.read', entity: 'notifications', entity_id: mine, payload: {} },
    ]);
    await expectError(await api.request('POST', `/api/orgs/${admin.org_id}/notifications/${theirs}/read`, { token: admin.token }), 404, 'NOT_FOUND');
    await expectError(
      await api.request('POST', `/api/orgs/${admin.org_id}/notifications/${crypto.randomUUID()}/read`, { token: admin.token }),
      404,
      'NOT_FOUND',
    );
    expect(await api.sql('SELECT read_at FROM notifications WHERE id = ?', theirs)).toEqual([{ read_at: null }]);
  });

  it("'Markera alla som lästa' marks every unread notification of the user and leaves others' alone", async () => {
    await insertNotification(api, admin.org_id, { user_id: admin.user_id, created_at: at(20) });
    const handlerOwn = await insertNotification(api, admin.org_id, { user_id: handler.user_id, created_at: at(20) });
    const before = await json<{ unread_count: number }>(await api.request('GET', `/api/orgs/${admin.org_id}/notifications`, { token: admin.token }));
    expect(before.unread_count).toBeGreaterThan(0);
    const result = await expectBody(
      await api.request('POST', `/api/orgs/${admin.org_id}/notifications/read-all`, { token: admin.token }),
      200,
      markAllReadResponseSchema,
    );
    expect(result.updated).toBe(before.unread_count);
    expect(await auditRows(api, admin.org_id, 'notification.read_all')).toEqual([
      { actor_id: admin.user_id, event: 'notification.read_all', entity: 'notifications', entity_id: null, payload: { updated: before.unread_count } },
    ]);
    const after = await json<{ unread_count: number }>(await api.request('GET', `/api/orgs/${admin.org_id}/notifications`, { token: admin.token }));
    expect(after.unread_count).toBe(0);
    expect(await api.sql('SELECT read_at FROM notifications WHERE id = ?', handlerOwn)).toEqual([{ read_at: null }]);
    const again = await json<{ updated: number }>(await api.request('POST', `/api/orgs/${admin.org_id}/notifications/read-all`, { token: admin.token }));
    expect(again.updated).toBe(0);
    // Nothing was marked, so nothing is logged.
    expect(await auditRows(api, admin.org_id, 'notification.read_all')).toHaveLength(1);
  });

  it('refuses a bad limit with 400', async () => {
    await expectError(await api.request('GET', `/api/orgs/${admin.org_id}/notifications?limit=0`, { token: admin.token }), 400, 'VALIDATION_FAILED');
    await expectError(await api.request('GET', `/api/orgs/${admin.org_id}/notifications?limit=abc`, { token: admin.token }), 400, 'VALIDATION_FAILED');
    const limited = await json<{ notifications: unknown[] }>(
      await api.request('GET', `/api/orgs/${admin.org_id}/notifications?limit=1`, { token: admin.token }),
    );
    expect(limited.notifications).toHaveLength(1);
  });

  it('notify() stores the notification with an audit row', async () => {
    const before = await rowCount(api, 'audit_logs');
    const created = await notify(api.ctx, { org_id: admin.org_id, user_id: admin.user_id, type: 'warning', message: 'Betalning saknas', link: '/payments' });
    expect(created).toMatchObject({ type: 'warning', message: 'Betalning saknas', link: '/payments', read_at: null });
    expect(await rowCount(api, 'audit_logs')).toBe(before + 1);
  });
});

describe('server-sent events', () => {
  it('delivers a notification published after connecting, to the addressee and not to others', async () => {
    const adminStream = await api.request('GET', `/api/orgs/${admin.org_id}/events`, { token: admin.token });
    expect(adminStream.status).toBe(200);
    expect(adminStream.headers.get('content-type')).toContain('text/event-stream');
    const adminReader = adminStream.body!.getReader();
    await readEvents(adminReader, (e) => e.event === 'ready');

    // EventSource cannot send headers: the token may come as ?access_token=
    const handlerStream = await api.request('GET', `/api/orgs/${admin.org_id}/events?access_token=${handler.token}`);
    expect(handlerStream.status).toBe(200);
    const handlerReader = handlerStream.body!.getReader();
    await readEvents(handlerReader, (e) => e.event === 'ready');

    const other = await createUser(api);
    await notify(api.ctx, { org_id: other.org_id, message: 'Annan organisation' });
    await notify(api.ctx, { org_id: admin.org_id, user_id: handler.user_id, message: 'Bara handläggaren' });
    const created = await notify(api.ctx, {
      org_id: admin.org_id,
      user_id: admin.user_id,
      type: 'success',
      message: 'Betalning registrerad',
      link: '/payments',
    });

    const received = await readEvents(adminReader, (e) => e.event === 'notification');
    expect(JSON.parse(received.data)).toEqual(created);
    expect(received.seen.map((e) => e.data).join()).not.toContain('Annan organisation');
    expect(received.seen.map((e) => e.data).join()).not.toContain('Bara handläggaren');

    const handlerReceived = await readEvents(handlerReader, (e) => e.event === 'notification');
    expect(JSON.parse(handlerReceived.data).message).toBe('Bara handläggaren');

    await notify(api.ctx, { org_id: admin.org_id, user_id: null, message: 'Till alla' });
    expect(JSON.parse((await readEvents(adminReader, (e) => e.event === 'notification')).data).message).toBe('Till alla');
    expect(JSON.parse((await readEvents(handlerReader, (e) => e.event === 'notification')).data).message).toBe('Till alla');

    await adminReader.cancel();
    await handlerReader.cancel();
  });

  it('sends keep-alive pings', async () => {
    const stream = await api.request('GET', `/api/orgs/${admin.org_id}/events`, { token: admin.token });
    const reader = stream.body!.getReader();
    await readEvents(reader, (e) => e.event === 'ping');
    await reader.cancel();
  });

  it('unsubscribes when the client goes away', async () => {
    const bus = api.ctx.events;
    const original = bus.subscribe;
    let active = 0;
    bus.subscribe = (orgId, listener) => {
      active += 1;
      const unsubscribe = original(orgId, listener);
      return () => {
        active -= 1;
        unsubscribe();
      };
    };
    try {
      const stream = await api.request('GET', `/api/orgs/${admin.org_id}/events`, { token: admin.token });
      const reader = stream.body!.getReader();
      await readEvents(reader, (e) => e.event === 'ready');
      expect(active).toBe(1);
      await reader.cancel();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(active).toBe(0);
    } finally {
      bus.subscribe = original;
    }
  });

  it('refuses without a token (401) and for a non-member (404)', async () => {
    await expectError(await api.request('GET', `/api/orgs/${admin.org_id}/events`), 401, 'UNAUTHORIZED');
    const other = await createUser(api);
    await expectError(await api.request('GET', `/api/orgs/${admin.org_id}/events?access_token=${other.token}`), 404, 'NOT_FOUND');
  });
});
