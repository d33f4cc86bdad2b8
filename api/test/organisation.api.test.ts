import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogResponseSchema, membersResponseSchema, organisationResponseSchema } from '@fordran/services';
import { allRowCounts, createMember, createTestApi, createUser, expectBody, expectError, type TestUser } from './helpers';

const api = await createTestApi();
let admin: TestUser;

beforeAll(async () => {
  admin = await createUser(api, { name: 'Org Admin' });
});
afterAll(() => api.close());

describe('organisation settings', () => {
  it('reads the organisation', async () => {
    const org = await expectBody(await api.request('GET', `/api/orgs/${admin.org_id}`, { token: admin.token }), 200, organisationResponseSchema);
    expect(org).toMatchObject({
      id: admin.org_id,
      name: 'Org Admins organisation',
      org_no: null,
      address_json: null,
      allocation_order: 'costs_first',
      require_mfa: false,
    });
  });

  it('updates name, org number (checked, stored NNNNNN-NNNN), address and allocation order, with an audit row', async () => {
    api.clock.advanceSeconds(1);
    const org = await expectBody(
      await api.request('PATCH', `/api/orgs/${admin.org_id}`, {
        token: admin.token,
        body: {
          name: 'Inkasso AB',
          org_no: '5560360793',
          address_json: { street: 'Storgatan 1', city: 'Stockholm', zip: '111 22', country: '' },
          allocation_order: 'principal_first',
        },
      }),
      200,
      organisationResponseSchema,
    );
    expect(org).toMatchObject({
      name: 'Inkasso AB',
      org_no: '556036-0793',
      address_json: { street: 'Storgatan 1', city: 'Stockholm', zip: '111 22' },
      allocation_order: 'principal_first',
    });
    const audit = await expectBody(await api.request('GET', `/api/orgs/${admin.org_id}/audit-log`, { token: admin.token }), 200, auditLogResponseSchema);
    expect(audit.entries[0]).toMatchObject({ event: 'organisation.updated', actor_id: admin.user_id, actor_name: 'Org Admin', entity: 'organisations' });
    expect(audit.entries[0]?.payload).toMatchObject({ changed: { name: 'Inkasso AB', org_no: '556036-0793' } });
  });

  it.each([
    [{ org_no: '556036-0794' }, 'INVALID_ORGANISATIONSNUMMER'],
    [{ org_no: '12345' }, 'INVALID_ORGANISATIONSNUMMER'],
    [{ name: '' }, 'VALIDATION_FAILED'],
    [{ allocation_order: 'random' }, 'VALIDATION_FAILED'],
    [{ require_mfa: 'yes' }, 'VALIDATION_FAILED'],
  ])('refuses %j with 400 %s and changes nothing', async (body, code) => {
    const before = await allRowCounts(api);
    const row = await api.sql('SELECT * FROM organisations WHERE id = ?', admin.org_id);
    await expectError(await api.request('PATCH', `/api/orgs/${admin.org_id}`, { token: admin.token, body }), 400, code);
    expect(await allRowCounts(api)).toEqual(before);
    expect(await api.sql('SELECT * FROM organisations WHERE id = ?', admin.org_id)).toEqual(row);
  });

  it('a refused org number names its field, so the form shows the refusal under it', async () => {
    const error = await expectError(
      await api.request('PATCH', `/api/orgs/${admin.org_id}`, { token: admin.token, body: { org_no: '556036-0794' } }),
      400,
      'INVALID_ORGANISATIONSNUMMER',
    );
    expect(error.details).toMatchObject({ field: 'org_no' });
  });

  it('lists members with name and e-mail, and open invitations', async () => {
    api.clock.advanceSeconds(1);
    const handler = await createMember(api, admin, 'handler');
    await api.request('POST', `/api/orgs/${admin.org_id}/invitations`, { token: admin.token, body: { email: 'vantar@example.se', role: 'legal' } });
    const members = await expectBody(await api.request('GET', `/api/orgs/${admin.org_id}/members`, { token: admin.token }), 200, membersResponseSchema);
    expect(members.members.map((m) => [m.email, m.role])).toEqual([
      [admin.email, 'admin'],
      [handler.email, 'handler'],
    ]);
    expect(members.invitations.map((i) => [i.email, i.role])).toEqual([['vantar@example.se', 'legal']]);
    await expectError(
      await api.request('POST', `/api/orgs/${admin.org_id}/invitations`, { token: admin.token, body: { email: handler.email, role: 'finance' } }),
      409,
      'CONFLICT',
    );
  });

  it('the audit log is newest first and limited', async () => {
    api.clock.advanceSeconds(60);
    await api.request('PATCH', `/api/orgs/${admin.org_id}`, { token: admin.token, body: { name: 'Senast AB' } });
    const audit = await expectBody(
      await api.request('GET', `/api/orgs/${admin.org_id}/audit-log?limit=2`, { token: admin.token }),
      200,
      auditLogResponseSchema,
    );
    expect(audit.entries).toHaveLength(2);
    expect(audit.entries[0]?.payload).toMatchObject({ changed: { name: 'Senast AB' } });
    expect(audit.entries[0]!.created_at >= audit.entries[1]!.created_at).toBe(true);
  });
});
