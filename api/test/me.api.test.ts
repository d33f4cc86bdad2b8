import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meResponseSchema, PERMISSION_NAMES, profileResponseSchema } from '@fordran/services';
import { allRowCounts, auditRows, createTestApi, createUser, expectBody, expectError, type TestUser } from './helpers';

const api = await createTestApi();
let user: TestUser;

beforeAll(async () => {
  user = await createUser(api, { name: 'Anna Andersson' });
});
afterAll(() => api.close());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3]);

function form(bytes: Uint8Array, name: string, type: string): FormData {
  const data = new FormData();
  data.append('file', new File([bytes], name, { type }));
  return data;
}

describe('/api/me', () => {
  it('returns the user, the profile, aal and memberships', async () => {
    const me = await expectBody(await api.request('GET', '/api/me', { token: user.token }), 200, meResponseSchema);
    expect(me.user).toEqual({ id: user.user_id, email: user.email });
    expect(me.profile).toMatchObject({ full_name: 'Anna Andersson', email: user.email, avatar_url: null });
    expect(me.aal).toBe('aal1');
    expect(me.memberships).toEqual([
      { org_id: user.org_id, org_name: 'Anna Anderssons organisation', role: 'admin', creditor_id: null, require_mfa: false, permissions: PERMISSION_NAMES },
    ]);
  });

  it('updates the name; an empty name is refused with "Namn krävs"', async () => {
    const profile = await expectBody(
      await api.request('PATCH', '/api/me/profile', { token: user.token, body: { full_name: '  Anna Berg ' } }),
      200,
      profileResponseSchema,
    );
    expect(profile.full_name).toBe('Anna Berg');
    expect(await auditRows(api, user.org_id, 'profile.updated')).toEqual([
      { actor_id: user.user_id, event: 'profile.updated', entity: 'profiles', entity_id: user.user_id, payload: { full_name: 'Anna Berg' } },
    ]);
    const before = await allRowCounts(api);
    const error = await expectError(await api.request('PATCH', '/api/me/profile', { token: user.token, body: { full_name: '' } }), 400, 'VALIDATION_FAILED');
    expect(error.message).toBe('Namn krävs');
    expect(await allRowCounts(api)).toEqual(before);
    // The e-mail is not editable: an extra field is ignored.
    await api.request('PATCH', '/api/me/profile', { token: user.token, body: { full_name: 'Anna Berg', email: 'ny@example.se' } });
    expect((await expectBody(await api.request('GET', '/api/me', { token: user.token }), 200, meResponseSchema)).profile.email).toBe(user.email);
  });

  it('stores an avatar judged by its bytes and serves it back', async () => {
    const profile = await expectBody(
      await api.request('POST', '/api/me/avatar', { token: user.token, body: form(PNG, 'bild.bin', 'application/octet-stream') }),
      200,
      profileResponseSchema,
    );
    expect(profile.avatar_url).toMatch(new RegExp(`^/api/files/avatars/${user.user_id}/[0-9a-f]{32}\\.png$`));
    expect(await auditRows(api, user.org_id, 'profile.avatar_updated')).toEqual([
      expect.objectContaining({ actor_id: user.user_id, entity: 'profiles', entity_id: user.user_id }),
    ]);
    const served = await api.request('GET', profile.avatar_url!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it('refuses a non-image, even named .png (415 INVALID_FILE_TYPE, spec text)', async () => {
    const before = await allRowCounts(api);
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const error = await expectError(
      await api.request('POST', '/api/me/avatar', { token: user.token, body: form(html, 'bild.png', 'image/png') }),
      415,
      'INVALID_FILE_TYPE',
    );
    expect(error.message).toBe('Endast bilder är tillåtna');
    expect(await allRowCounts(api)).toEqual(before);
  });

  it('refuses more than 2 MB (413 FILE_TOO_LARGE, spec text)', async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG);
    const error = await expectError(
      await api.request('POST', '/api/me/avatar', { token: user.token, body: form(big, 'stor.png', 'image/png') }),
      413,
      'FILE_TOO_LARGE',
    );
    expect(error.message).toBe('Maximal filstorlek är 2MB');
    const huge = new Uint8Array(3 * 1024 * 1024);
    huge.set(PNG);
    await expectError(await api.request('POST', '/api/me/avatar', { token: user.token, body: form(huge, 'stor.png', 'image/png') }), 413, 'FILE_TOO_LARGE');
  });

  it('accepts exactly 2 MB', async () => {
    const limit = new Uint8Array(2 * 1024 * 1024);
    limit.set(PNG);
    expect((await api.request('POST', '/api/me/avatar', { token: user.token, body: form(limit, 'max.png', 'image/png') })).status).toBe(200);
  });

  it('refuses an upload without a file (400)', async () => {
    const data = new FormData();
    data.append('annat', 'x');
    await expectError(await api.request('POST', '/api/me/avatar', { token: user.token, body: data }), 400, 'VALIDATION_FAILED');
  });

  it('serves only well-formed avatar names', async () => {
    await expectError(await api.request('GET', `/api/files/avatars/${user.user_id}/..%2F..%2Fsecret`), 404, 'NOT_FOUND');
    await expectError(await api.request('GET', `/api/files/avatars/${user.user_id}/${'0'.repeat(32)}.png`), 404, 'NOT_FOUND');
  });
});
