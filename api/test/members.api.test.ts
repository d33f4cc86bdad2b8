import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogResponseSchema, invitationPreviewResponseSchema, memberResponseSchema, membersResponseSchema, ROLES, type Role } from '@fordran/services';
import { allRowCounts, createMember, createTestApi, createUser, expectBody, expectError, json, signIn, type TestUser } from './helpers';
import { insertCreditor } from './fixtures';

const api = await createTestApi();
let admin: TestUser;
let creditorId: string;

beforeAll(async () => {
  admin = await createUser(api, { name: 'Karin Lindqvist' });
  creditorId = await insertCreditor(api, admin.org_id, 'Acme AB');
});
afterAll(() => api.close());

const orgUrl = (path: string) => `/api/orgs/${admin.org_id}${path}`;

async function invite(email: string, role: Role = 'handler', by: TestUser = admin) {
  const response = await api.request('POST', `/api/orgs/${by.org_id}/invitations`, { token: by.token, body: { email, role } });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<{ invitation: { id: string }; token: string }>(response);
}

/** The newest row of the organisation's system log with `event` (about `entityId`, when given). */
async function auditEntry(event: string, entityId?: string) {
  const log = await expectBody(await api.request('GET', orgUrl('/audit-log?limit=200'), { token: admin.token }), 200, auditLogResponseSchema);
  const entry = log.entries.find((e) => e.event === event && (entityId === undefined || e.entity_id === entityId));
  expect(entry, `no ${event} row`).toBeDefined();
  return entry!;
}

describe('invitation link preview (public)', () => {
  it('tells the organisation, the role and the address, and whether the address has an account', async () => {
    const { token } = await invite('ny-handlaggare@example.se');
    const preview = await expectBody(await api.request('GET', `/api/auth/invitations/${token}`), 200, invitationPreviewResponseSchema);
    expect(preview).toEqual({ org_name: 'Karin Lindqvists organisation', role: 'handler', email: 'ny-handlaggare@example.se', has_account: false });

    const existing = await createUser(api);
    const second = await invite(existing.email, 'legal');
    const known = await expectBody(await api.request('GET', `/api/auth/invitations/${second.token}`), 200, invitationPreviewResponseSchema);
    expect(known).toMatchObject({ role: 'legal', has_account: true });
  });

  it('is 404 "Inbjudan är ogiltig eller har gått ut" for an unknown, used or expired token', async () => {
    const unknown = await expectError(await api.request('GET', '/api/auth/invitations/finns-inte'), 404, 'NOT_FOUND');
    expect(unknown.message).toBe('Inbjudan är ogiltig eller har gått ut');

    const used = await invite('anvand@example.se');
    await createUser(api, { email: 'anvand@example.se', invitation_token: used.token });
    await expectError(await api.request('GET', `/api/auth/invitations/${used.token}`), 404, 'NOT_FOUND');

    const old = await invite('gammal@example.se');
    api.clock.advanceSeconds(7 * 24 * 60 * 60 + 1);
    const expired = await expectError(await api.request('GET', `/api/auth/invitations/${old.token}`), 404, 'NOT_FOUND');
    expect(expired.message).toBe('Inbjudan är ogiltig eller har gått ut');
    // A week later the admin's access token has long expired: sign in again for the tests below.
    admin.token = (await signIn(api, admin.email)).access_token;
  });
});

describe('accepting an invitation', () => {
  it('sign-up through the link joins the organisation in the invited role; the audit says who joined', async () => {
    const { invitation, token } = await invite('via-lanken@example.se', 'finance');
    expect(await auditEntry('invitation.created', invitation.id)).toMatchObject({ actor_id: admin.user_id, entity: 'invitations' });
    const joined = await createUser(api, { email: 'via-lanken@example.se', name: 'Via Länken', invitation_token: token });
    expect(joined.org_id).toBe(admin.org_id);
    const row = await auditEntry('member.joined', joined.user_id);
    expect(row).toMatchObject({ actor_id: joined.user_id, actor_name: 'Via Länken', entity: 'user_org_roles' });
    expect(row?.payload).toMatchObject({ role: 'finance' });
  });

  it('a signed-in user with another organisation accepts with POST /api/me/invitations/accept (same address only)', async () => {
    const other = await createUser(api, { name: 'Annan Admin' });
    const { token } = await invite(other.email, 'legal');
    const stranger = await createUser(api);
    const before = await allRowCounts(api);
    await expectError(
      await api.request('POST', '/api/me/invitations/accept', { token: stranger.token, body: { invitation_token: token } }),
      400,
      'INVALID_INVITATION',
    );
    expect(await allRowCounts(api)).toEqual(before);

    const accepted = await json<{ org_id: string; role: string }>(
      await api.request('POST', '/api/me/invitations/accept', { token: other.token, body: { invitation_token: token } }),
    );
    expect(accepted).toEqual({ org_id: admin.org_id, role: 'legal' });
    const me = await json<{ memberships: { org_id: string; role: string; permissions: string[] }[] }>(
      await api.request('GET', '/api/me', { token: other.token }),
    );
    expect(me.memberships.map((m) => m.role).sort()).toEqual(['admin', 'legal']);
    // Permissions are per organisation: legal here, admin in their own.
    const here = me.memberships.find((m) => m.org_id === admin.org_id)!;
    const own = me.memberships.find((m) => m.org_id !== admin.org_id)!;
    expect(here.permissions).toContain('kfm.write');
    expect(here.permissions).not.toContain('users.manage');
    expect(own.permissions).toContain('users.manage');
    expect(await auditEntry('member.joined', other.user_id)).toMatchObject({ actor_id: other.user_id, actor_name: 'Annan Admin' });
    await expectError(
      await api.request('POST', '/api/me/invitations/accept', { token: other.token, body: { invitation_token: token } }),
      400,
      'INVALID_INVITATION',
    );
  });
});

describe('revoking an invitation', () => {
  it('closes the link, drops it from the list and writes an audit row', async () => {
    const { invitation, token } = await invite('aterkallas@example.se', 'legal');
    expect((await api.request('DELETE', orgUrl(`/invitations/${invitation.id}`), { token: admin.token })).status).toBe(204);
    expect(await auditEntry('invitation.revoked', invitation.id)).toMatchObject({ actor_id: admin.user_id, entity: 'invitations' });
    const list = await expectBody(await api.request('GET', orgUrl('/members'), { token: admin.token }), 200, membersResponseSchema);
    expect(list.invitations.map((i) => i.id)).not.toContain(invitation.id);
    await expectError(await api.request('GET', `/api/auth/invitations/${token}`), 404, 'NOT_FOUND');
    await expectError(
      await api.request('POST', '/api/auth/signup', { body: { email: 'aterkallas@example.se', password: 'hemligt', full_name: 'X', invitation_token: token } }),
      400,
      'INVALID_INVITATION',
    );
    await expectError(await api.request('DELETE', orgUrl(`/invitations/${invitation.id}`), { token: admin.token }), 404, 'NOT_FOUND');
  });
});

describe('changing roles and removing members', () => {
  it('changes a role with an audit row saying from and to', async () => {
    const handler = await createMember(api, admin, 'handler');
    const member = await expectBody(
      await api.request('PATCH', orgUrl(`/members/${handler.user_id}`), { token: admin.token, body: { role: 'finance' } }),
      200,
      memberResponseSchema,
    );
    expect(member).toMatchObject({ user_id: handler.user_id, email: handler.email, role: 'finance', creditor_id: null });
    const row = await auditEntry('member.role_changed', handler.user_id);
    expect(row).toMatchObject({ actor_id: admin.user_id, entity: 'user_org_roles' });
    expect(row?.payload).toMatchObject({ from: 'handler', to: 'finance' });
    const me = await json<{ memberships: { org_id: string; role: string }[] }>(await api.request('GET', '/api/me', { token: handler.token }));
    expect(me.memberships.find((m) => m.org_id === admin.org_id)?.role).toBe('finance');
  });

  it('a client names a creditor of this organisation; a staff role drops it', async () => {
    const legal = await createMember(api, admin, 'legal');
    const url = orgUrl(`/members/${legal.user_id}`);
    const before = await allRowCounts(api);
    const missing = await expectError(await api.request('PATCH', url, { token: admin.token, body: { role: 'client' } }), 400, 'VALIDATION_FAILED');
    expect(missing.message).toBe('Välj vilken borgenär kunden ska se');
    await expectError(await api.request('PATCH', url, { token: admin.token, body: { role: 'handler', creditor_id: creditorId } }), 400, 'VALIDATION_FAILED');
    await expectError(await api.request('PATCH', url, { token: admin.token, body: { role: 'owner' } }), 400, 'VALIDATION_FAILED');
    const foreign = await createUser(api);
    const foreignCreditor = await insertCreditor(api, foreign.org_id, 'Främmande AB');
    const afterInsert = await allRowCounts(api);
    await expectError(await api.request('PATCH', url, { token: admin.token, body: { role: 'client', creditor_id: foreignCreditor } }), 404, 'NOT_FOUND');
    expect(await allRowCounts(api)).toEqual(afterInsert);
    expect(before.creditors! + 1).toBe(afterInsert.creditors);

    const client = await expectBody(
      await api.request('PATCH', url, { token: admin.token, body: { role: 'client', creditor_id: creditorId } }),
      200,
      memberResponseSchema,
    );
    expect(client).toMatchObject({ role: 'client', creditor_id: creditorId });
    const staff = await expectBody(await api.request('PATCH', url, { token: admin.token, body: { role: 'handler' } }), 200, memberResponseSchema);
    expect(staff).toMatchObject({ role: 'handler', creditor_id: null });
  });

  it('removes a member: their session loses the organisation at once; an audit row is written', async () => {
    const finance = await createMember(api, admin, 'finance');
    expect((await api.request('GET', orgUrl('/dashboard'), { token: finance.token })).status).toBe(200);
    expect((await api.request('DELETE', orgUrl(`/members/${finance.user_id}`), { token: admin.token })).status).toBe(204);
    expect(await auditEntry('member.removed', finance.user_id)).toMatchObject({ actor_id: admin.user_id, entity: 'user_org_roles' });
    await expectError(await api.request('GET', orgUrl('/dashboard'), { token: finance.token }), 404, 'NOT_FOUND');
    const list = await expectBody(await api.request('GET', orgUrl('/members'), { token: admin.token }), 200, membersResponseSchema);
    expect(list.members.map((m) => m.user_id)).not.toContain(finance.user_id);
    await expectError(await api.request('DELETE', orgUrl(`/members/${finance.user_id}`), { token: admin.token }), 404, 'NOT_FOUND');
    await expectError(await api.request('PATCH', orgUrl(`/members/${crypto.randomUUID()}`), { token: admin.token, body: { role: 'legal' } }), 404, 'NOT_FOUND');
  });

  it('never takes away the last admin, by role change or removal', async () => {
    const solo = await createUser(api, { name: 'Ensam Admin' });
    const before = await allRowCounts(api);
    const demote = await expectError(
      await api.request('PATCH', `/api/orgs/${solo.org_id}/members/${solo.user_id}`, { token: solo.token, body: { role: 'handler' } }),
      409,
      'CONFLICT',
    );
    expect(demote.message).toBe('Organisationen måste ha minst en administratör');
    await expectError(await api.request('DELETE', `/api/orgs/${solo.org_id}/members/${solo.user_id}`, { token: solo.token }), 409, 'CONFLICT');
    expect(await allRowCounts(api)).toEqual(before);

    // With a second admin, the first may step down.
    const second = await createMember(api, solo, 'admin');
    await expectBody(
      await api.request('PATCH', `/api/orgs/${solo.org_id}/members/${solo.user_id}`, { token: solo.token, body: { role: 'handler' } }),
      200,
      memberResponseSchema,
    );
    await expectError(await api.request('DELETE', `/api/orgs/${solo.org_id}/members/${second.user_id}`, { token: second.token }), 409, 'CONFLICT');
  });
});

describe('only admins manage members', () => {
  const members = new Map<Role, TestUser>();
  let target: TestUser;
  let invitationId: string;

  beforeAll(async () => {
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      const user = await createMember(api, admin, role, role === 'client' ? creditorId : undefined);
      members.set(role, user);
    }
    target = await createMember(api, admin, 'handler');
    invitationId = (await invite('bara-admin@example.se')).invitation.id;
  });

  it.each(ROLES.filter((r) => r !== 'admin'))('%s gets 403 on every member and invitation write, and nothing changes', async (role) => {
    const user = members.get(role)!;
    const before = await allRowCounts(api);
    const roles = await api.sql('SELECT user_id, role FROM user_org_roles WHERE org_id = ? ORDER BY user_id', admin.org_id);
    const invitations = await api.sql('SELECT id, revoked_at FROM invitations WHERE org_id = ? ORDER BY id', admin.org_id);
    await expectError(await api.request('GET', orgUrl('/members'), { token: user.token }), 403, 'FORBIDDEN');
    await expectError(await api.request('PATCH', orgUrl(`/members/${target.user_id}`), { token: user.token, body: { role: 'admin' } }), 403, 'FORBIDDEN');
    await expectError(await api.request('DELETE', orgUrl(`/members/${target.user_id}`), { token: user.token }), 403, 'FORBIDDEN');
    await expectError(await api.request('DELETE', orgUrl(`/invitations/${invitationId}`), { token: user.token }), 403, 'FORBIDDEN');
    expect(await allRowCounts(api)).toEqual(before);
    expect(await api.sql('SELECT user_id, role FROM user_org_roles WHERE org_id = ? ORDER BY user_id', admin.org_id)).toEqual(roles);
    expect(await api.sql('SELECT id, revoked_at FROM invitations WHERE org_id = ? ORDER BY id', admin.org_id)).toEqual(invitations);
  });
});
