import { expect } from 'vitest';
import type { z } from 'zod';
import { createManualClock, type AppContext, type ManualClock, type Providers, type SessionResponse } from '@fordran/services';
import { tableRowCounts, type RawSql } from '@fordran/store/testing';
import { openTestApp, type TestApp } from '@fordran/services/testing';
import { createApp } from '../src/app';
import type { ApiConfig } from '../src/env';

export const TEST_PASSWORD = 'hemligt123';
/** 2026-11-22 10:00 in Stockholm. */
export const TEST_START = '2026-11-22T09:00:00.000Z';

export interface TestApi {
  http: ReturnType<typeof createApp>;
  ctx: AppContext;
  /** Raw SQL on the test's database (fixtures, checks), `?` placeholders on both engines. */
  sql: RawSql;
  /** Where the database is: what a CLI or a second instance opens. */
  location: TestApp['location'];
  clock: ManualClock;
  /** Lines the app logged (unexpected errors, API 404s). */
  logs: string[];
  request(method: string, path: string, options?: RequestOptions): Promise<Response>;
  close(): Promise<void>;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface TestApiOptions {
  /** Add the shipped Riksbank reference rates (default false: tests insert the ones they need). */
  seedReferenceRates?: boolean;
  /** Replace providers, e.g. a failing `companyRegister`. */
  providers?: Providers;
}

/**
 * A real app over a fresh database — a SQLite file in a temp folder, or a new PostgreSQL database
 * when FORDRAN_TEST_ENGINE=postgres (@fordran/services/testing) — with a clock the test moves.
 * Look-ups use the fixture register (never FORDRAN_REGISTER_URL of the environment) and e-mail the
 * local outbox (never FORDRAN_SMTP_URL) unless `providers` says.
 */
export async function createTestApi(config: ApiConfig = {}, options: TestApiOptions = {}): Promise<TestApi> {
  const clock = createManualClock(TEST_START);
  const test = await openTestApp({
    clock,
    seedReferenceRates: options.seedReferenceRates ?? false,
    registerUrl: null,
    smtpUrl: null,
    ...(options.providers ? { providers: options.providers } : {}),
  });
  const ctx = test.app;
  const logs: string[] = [];
  const http = createApp(ctx, { log: (line) => logs.push(line), ...config });
  return {
    http,
    ctx,
    sql: test.sql,
    location: test.location,
    clock,
    logs,
    request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | FormData | undefined;
      if (options.body instanceof FormData || typeof options.body === 'string') body = options.body;
      else if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      return Promise.resolve(http.request(path, { method, headers, ...(body !== undefined ? { body } : {}) }));
    },
    close: () => test.close(),
  };
}

export interface TestUser {
  email: string;
  password: string;
  user_id: string;
  /** The organisation the user got at sign-up (or joined by invitation). */
  org_id: string;
  session: SessionResponse;
  token: string;
}

let counter = 0;

/** Signs up (own organisation, admin) and signs in. */
export async function createUser(api: TestApi, options: { name?: string; email?: string; invitation_token?: string } = {}): Promise<TestUser> {
  counter += 1;
  const email = options.email ?? `user${counter}-${Date.now()}@example.se`;
  const signup = await api.request('POST', '/api/auth/signup', {
    body: {
      email,
      password: TEST_PASSWORD,
      full_name: options.name ?? `Testare ${counter}`,
      ...(options.invitation_token ? { invitation_token: options.invitation_token } : {}),
    },
  });
  expect(signup.status, await signup.clone().text()).toBe(201);
  const session = await signIn(api, email);
  const me = await json<{ memberships: { org_id: string }[] }>(await api.request('GET', '/api/me', { token: session.access_token }));
  const orgId = me.memberships[0]?.org_id;
  if (!orgId) throw new Error('the new user has no organisation');
  return { email, password: TEST_PASSWORD, user_id: session.user.id, org_id: orgId, session, token: session.access_token };
}

export async function signIn(api: TestApi, email: string, password = TEST_PASSWORD): Promise<SessionResponse> {
  const response = await api.request('POST', '/api/auth/signin', { body: { email, password } });
  expect(response.status, await response.clone().text()).toBe(200);
  return json<SessionResponse>(response);
}

/** Invites `email` into `admin`'s organisation with `role` and signs the new user up through the link. */
export async function createMember(
  api: TestApi,
  admin: TestUser,
  role: 'admin' | 'handler' | 'finance' | 'legal' | 'client',
  creditorId?: string,
): Promise<TestUser> {
  counter += 1;
  const email = `${role}${counter}-${Date.now()}@example.se`;
  const invite = await api.request('POST', `/api/orgs/${admin.org_id}/invitations`, {
    token: admin.token,
    body: { email, role, ...(creditorId ? { creditor_id: creditorId } : {}) },
  });
  expect(invite.status, await invite.clone().text()).toBe(201);
  const { token } = await json<{ token: string }>(invite);
  const user = await createUser(api, { email, invitation_token: token, name: `${role} ${counter}` });
  expect(user.org_id).toBe(admin.org_id);
  return user;
}

export async function json<T = unknown>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** Reads the body and checks it against the response schema of the contract. */
export async function expectBody<S extends z.ZodType>(response: Response, status: number, schema: S): Promise<z.output<S>> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  const parsed = schema.safeParse(JSON.parse(text));
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
  return (parsed as { data: z.output<S> }).data;
}

/** Expects `{error:{code,message}}` with the status and code; returns the error. */
export async function expectError(response: Response, status: number, code: string): Promise<{ code: string; message: string; details?: unknown }> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  const body = JSON.parse(text) as { error: { code: string; message: string; details?: unknown } };
  expect(body.error.code, text).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error;
}

/** Row count of a table (to prove bad input changed nothing). */
export async function rowCount(api: TestApi, table: string): Promise<number> {
  return Number((await api.sql<{ n: number }>(`SELECT count(*) AS n FROM ${JSON.stringify(table)}`))[0]!.n);
}

/** A snapshot of every table's row count. */
export function allRowCounts(api: TestApi): Promise<Record<string, number>> {
  return tableRowCounts(api.ctx.database);
}

export interface AuditRow {
  actor_id: string | null;
  event: string;
  entity: string | null;
  entity_id: string | null;
  payload: Record<string, unknown>;
}

/** The organisation's audit rows with `event`, oldest first (who did what, to which row). */
export async function auditRows(api: TestApi, orgId: string, event: string): Promise<AuditRow[]> {
  const rows = await api.sql<Omit<AuditRow, 'payload'> & { payload_json: string | null }>(
    'SELECT actor_id, event, entity, entity_id, payload_json FROM audit_logs WHERE org_id = ? AND event = ? ORDER BY created_at, id',
    orgId,
    event,
  );
  return rows.map(({ payload_json, ...row }) => ({ ...row, payload: payload_json ? (JSON.parse(payload_json) as Record<string, unknown>) : {} }));
}

/** Reads SSE events until `predicate` matches one (or times out). */
export async function readEvents(reader: ReadableStreamDefaultReader<Uint8Array>, predicate: (event: { event: string; data: string }) => boolean) {
  const decoder = new TextDecoder();
  let buffer = '';
  const seen: { event: string; data: string }[] = [];
  for (;;) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no matching event; saw ${JSON.stringify(seen)}`)), 3000)),
    ]);
    if (chunk.done) throw new Error('stream ended');
    buffer += decoder.decode(chunk.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      seen.push({ event, data });
      if (predicate({ event, data })) return { event, data, seen };
    }
  }
}
