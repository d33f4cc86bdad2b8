// What the API tests of the two directories, creditors and parties, share: the requests of one
// directory as a user, refusals that must change nothing, and core's reason for an identifier.
import { expect } from 'vitest';
import type { z } from 'zod';
import { allRowCounts, createMember, expectBody, expectError, type TestApi, type TestUser } from './helpers';

/** Core's reason for a refused identifier, so the API is seen to pass it on unchanged. */
export function coreReason(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the identifier is valid');
}

/**
 * The requests of one directory to `testApi()` (made in beforeAll); `owner()` is the user they are
 * made as unless another is given.
 */
export function directoryRequests<R extends z.ZodType, L extends z.ZodType>(
  testApi: () => TestApi,
  collection: 'creditors' | 'parties',
  schemas: { record: R; list: L },
  owner: () => TestUser,
) {
  const base = (user: TestUser) => `/api/orgs/${user.org_id}/${collection}`;
  const row = async (id: string) => (await testApi().sql(`SELECT * FROM ${collection} WHERE id = ?`, id))[0];
  return {
    base,
    create: async (body: unknown, user = owner()) => expectBody(await testApi().request('POST', base(user), { token: user.token, body }), 201, schemas.record),
    list: async (query: string, user = owner()) =>
      expectBody(await testApi().request('GET', `${base(user)}${query}`, { token: user.token }), 200, schemas.list),
    read: (id: string, user = owner()) => testApi().request('GET', `${base(user)}/${id}`, { token: user.token }),
    patch: (id: string, body: unknown, user = owner()) => testApi().request('PATCH', `${base(user)}/${id}`, { token: user.token, body }),
    /** `send` is refused with `status` and `code`; no table changes, nor the record `id` when given. */
    async refused(send: () => Promise<Response>, status: number, code: string, id?: string) {
      const before = await allRowCounts(testApi());
      const record = id ? await row(id) : undefined;
      const error = await expectError(await send(), status, code);
      expect(await allRowCounts(testApi())).toEqual(before);
      if (id) expect(await row(id)).toEqual(record);
      return error;
    },
    /** An unknown id is 404, and so is the record `id` to a user of another organisation, read or edited. */
    async hiddenFromOthers(id: string, owner: TestUser, other: TestUser) {
      await expectError(await testApi().request('GET', `${base(owner)}/${crypto.randomUUID()}`, { token: owner.token }), 404, 'NOT_FOUND');
      await expectError(await testApi().request('GET', `${base(other)}/${id}`, { token: other.token }), 404, 'NOT_FOUND');
      await expectError(await testApi().request('PATCH', `${base(other)}/${id}`, { token: other.token, body: { name: 'Kapad' } }), 404, 'NOT_FOUND');
    },
  };
}

/** A member of `admin`'s organisation in each other role, by role; the client reads `creditorId`'s cases. */
export async function roleMembers(api: TestApi, admin: TestUser, creditorId: string): Promise<(role: string) => TestUser> {
  const members = new Map<string, TestUser>();
  for (const role of ['handler', 'finance', 'legal'] as const) members.set(role, await createMember(api, admin, role));
  members.set('client', await createMember(api, admin, 'client', creditorId));
  return (role) => {
    const user = members.get(role);
    if (!user) throw new Error(`no ${role}`);
    return user;
  };
}

/** The requests a directory refuses with 403 (docs/roles.md): role, method and path below the directory ('/id': one record). */
export const FORBIDDEN_DIRECTORY_REQUESTS: [role: string, method: string, suffix: string][] = [
  ['finance', 'POST', ''],
  ['finance', 'PATCH', '/id'],
  ['legal', 'POST', ''],
  ['legal', 'PATCH', '/id'],
  ['client', 'GET', ''],
  ['client', 'GET', '/id'],
  ['client', 'POST', ''],
  ['client', 'PATCH', '/id'],
];
