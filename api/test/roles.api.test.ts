import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, roleCan, type Permission, type Role } from '@fordran/services';
import { allRowCounts, createMember, createTestApi, createUser, expectError, json, type TestUser } from './helpers';
import { insertCreditor } from './fixtures';

/**
 * Every organisation route with the permission it needs and a body that would succeed for a role
 * holding it. A test below checks this table covers every organisation route of the app.
 */
const ROUTE_PERMISSIONS: { method: string; path: string; permission: Permission; body?: unknown }[] = [
  { method: 'GET', path: '', permission: 'org.read' },
  { method: 'PATCH', path: '', permission: 'org.settings', body: { name: 'Nytt namn AB' } },
  { method: 'GET', path: '/members', permission: 'users.manage' },
  { method: 'POST', path: '/invitations', permission: 'users.manage', body: { email: 'ny@example.se', role: 'handler' } },
  { method: 'GET', path: '/audit-log', permission: 'audit.read' },
  { method: 'GET', path: '/onboarding', permission: 'org.read' },
  { method: 'PUT', path: '/onboarding/setup_fees', permission: 'onboarding.write', body: { completed: true } },
  { method: 'POST', path: '/onboarding/dismiss', permission: 'onboarding.write' },
  { method: 'GET', path: '/notifications', permission: 'notifications.read' },
  { method: 'POST', path: '/notifications/read-all', permission: 'notifications.read' },
  { method: 'GET', path: '/dashboard', permission: 'dashboard.read' },
];
/**
 * Routes checked elsewhere (they need an object id or keep the connection open); the member and
 * invitation routes' denials are in members.api.test.ts.
 */
const COVERED_ELSEWHERE = [
  'POST /api/orgs/{orgId}/notifications/{id}/read',
  'GET /api/orgs/{orgId}/events',
  'PATCH /api/orgs/{orgId}/members/{userId}',
  'DELETE /api/orgs/{orgId}/members/{userId}',
  'DELETE /api/orgs/{orgId}/invitations/{id}',
];

const api = createTestApi();
let admin: TestUser;
const members = new Map<Role, TestUser>();

beforeAll(async () => {
  admin = await createUser(api, { name: 'Admin' });
  const creditorId = insertCreditor(api, admin.org_id);
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
    const tabled = ROUTE_PERMISSIONS.map((r) => `${r.method} /api/orgs/{orgId}${r.path.replace('setup_fees', '{stepCode}')}`);
    expect([...tabled, ...COVERED_ELSEWHERE].sort()).toEqual(documented.sort());
  });

  const denials = ROUTE_PERMISSIONS.flatMap((route) =>
    ROLES.filter((role) => !roleCan(role, route.permission)).map((role) => [role, route.method, route.path, route.permission, route] as const),
  );

  it.each(denials)('%s gets 403 on %s %s (lacks %s) and nothing changes', async (role, method, path, _permission, route) => {
    const user = members.get(role);
    if (!user) throw new Error(`no ${role}`);
    const before = allRowCounts(api);
    const settings = api.store.sqlite.prepare('SELECT name, settings_json FROM organisations WHERE id = ?').get(admin.org_id);
    await expectError(
      await api.request(method, `/api/orgs/${admin.org_id}${path}`, { token: user.token, ...(route.body !== undefined ? { body: route.body } : {}) }),
      403,
      'FORBIDDEN',
    );
    expect(allRowCounts(api)).toEqual(before);
    expect(api.store.sqlite.prepare('SELECT name, settings_json FROM organisations WHERE id = ?').get(admin.org_id)).toEqual(settings);
  });

  const grants = ROUTE_PERMISSIONS.filter((route) => route.method === 'GET').flatMap((route) =>
    ROLES.filter((role) => roleCan(role, route.permission)).map((role) => [role, route.method, route.path] as const),
  );

  it.each(grants)('%s may %s %s', async (role, method, path) => {
    const user = members.get(role);
    if (!user) throw new Error(`no ${role}`);
    expect((await api.request(method, `/api/orgs/${admin.org_id}${path}`, { token: user.token })).status).toBe(200);
  });

  it('the roles the spec names each exist as members, with their role in /api/me', async () => {
    for (const role of ROLES) {
      const user = members.get(role);
      const me = await json<{ memberships: { org_id: string; role: string }[] }>(await api.request('GET', '/api/me', { token: user?.token }));
      expect(me.memberships.find((m) => m.org_id === admin.org_id)?.role).toBe(role);
    }
  });

  it('the admin may do every write of the table', async () => {
    for (const route of ROUTE_PERMISSIONS.filter((r) => r.method !== 'GET')) {
      const response = await api.request(route.method, `/api/orgs/${admin.org_id}${route.path}`, {
        token: admin.token,
        ...(route.body !== undefined ? { body: route.body } : {}),
      });
      expect([200, 201], `${route.method} ${route.path}: ${await response.clone().text()}`).toContain(response.status);
    }
  });
});
