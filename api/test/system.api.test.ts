import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@fordran/core';
import { TEST_ENGINE } from '@fordran/services/testing';
import { allRowCounts, createTestApi, createUser, expectError, json, type TestApi } from './helpers';
import { statusTable } from '../src/http-errors';

const api = await createTestApi();
afterAll(() => api.close());

describe('health and OpenAPI', () => {
  it('GET /api/health answers ok with the version and the engine that answers', async () => {
    expect(await json(await api.request('GET', '/api/health'))).toEqual({ status: 'ok', version: '0.1.0', database: TEST_ENGINE });
  });

  it('serves an OpenAPI 3 document generated from the route schemas', async () => {
    const doc = await json<{
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown; security?: unknown }>>;
      components: { securitySchemes: object };
    }>(await api.request('GET', '/api/openapi.json'));
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/signup']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/orgs/{orgId}/dashboard']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.securitySchemes).toHaveProperty('bearerAuth');
  });
});

describe('errors', () => {
  it('an unknown API path is a JSON 404, and the miss is logged', async () => {
    await expectError(await api.request('GET', '/api/finns-inte'), 404, 'NOT_FOUND');
    await expectError(await api.request('POST', '/api/auth/nope', { body: {} }), 404, 'NOT_FOUND');
    expect(api.logs.some((line) => line.includes('404 GET /api/finns-inte'))).toBe(true);
  });

  it('malformed JSON is a 400 VALIDATION_FAILED, a wrong content type a 415, a missing body a 400', async () => {
    await expectError(
      await api.request('POST', '/api/auth/signin', { body: '{"email":', headers: { 'content-type': 'application/json' } }),
      400,
      'VALIDATION_FAILED',
    );
    await expectError(
      await api.request('POST', '/api/auth/signin', { body: 'email=a', headers: { 'content-type': 'text/plain' } }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    await expectError(await api.request('POST', '/api/auth/signin'), 400, 'VALIDATION_FAILED');
  });

  it('an oversized JSON body is refused with 413', async () => {
    const body = JSON.stringify({ email: 'a@example.se', password: 'x'.repeat(1024 * 1024 + 10) });
    await expectError(await api.request('POST', '/api/auth/signin', { body, headers: { 'content-type': 'application/json' } }), 413, 'REQUEST_TOO_LARGE');
  });

  it('bad input anywhere changes nothing', async () => {
    const user = await createUser(api);
    const before = await allRowCounts(api);
    const bad: [string, string, unknown][] = [
      ['POST', '/api/auth/signup', { email: 'x' }],
      ['POST', '/api/auth/signin', { email: 5 }],
      ['PATCH', '/api/me/profile', { full_name: 42 }],
      ['POST', '/api/auth/mfa/factors/x/verify', { challenge_id: 'x', code: 'abc' }],
      ['PATCH', `/api/orgs/${user.org_id}`, { address_json: 'Storgatan' }],
      ['POST', `/api/orgs/${user.org_id}/invitations`, { email: 'ny@example.se', role: 'chef' }],
      ['PUT', `/api/orgs/${user.org_id}/onboarding/setup_fees`, { completed: null }],
    ];
    for (const [method, path, body] of bad) {
      const response = await api.request(method, path, { token: user.token, body });
      expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
      const error = (await json<{ error: { code: string; message: string } }>(response)).error;
      expect(error.message.length).toBeGreaterThan(0);
    }
    expect(await allRowCounts(api)).toEqual(before);
  });

  it('an unexpected failure is a 500 with a generic Swedish message and a log line, never a stack trace', async () => {
    const broken = await createTestApi();
    const user = await createUser(broken);
    // A table the dashboard reads goes missing: the driver's error names it, and must not reach the client.
    await broken.sql('ALTER TABLE cases RENAME TO cases_borta');
    const response = await broken.request('GET', `/api/orgs/${user.org_id}/dashboard`, { token: user.token });
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ error: { code: 'INTERNAL_ERROR', message: ERROR_MESSAGES.INTERNAL_ERROR } });
    expect(text).not.toMatch(/\bat \S+:\d+|database|sqlite|postgres|Error:/i);
    expect(broken.logs.some((line) => line.includes('GET /api/orgs/') && line.includes('failed'))).toBe(true);
    await broken.close();
  });

  it('docs/api.md lists every status of the code table', () => {
    const doc = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    for (const [code, status] of Object.entries(statusTable())) {
      expect(doc, code).toMatch(new RegExp(`\\| ${code} \\| ${status} \\|`));
    }
  });
});

describe('serving the UI', () => {
  const dist = mkdtempSync(join(tmpdir(), 'fordran-ui-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Fordran</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("fordran")');
  let withUi: TestApi;
  beforeAll(async () => {
    withUi = await createTestApi({ uiDist: dist });
  });
  afterAll(async () => {
    await withUi.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves built files, falls back to index.html for client routes, and keeps /api JSON', async () => {
    const asset = await withUi.request('GET', '/assets/app.js');
    expect(asset.status).toBe(200);
    expect(await asset.text()).toContain('fordran');
    for (const path of ['/', '/dashboard', '/cases/123', '/settings/organisation']) {
      const page = await withUi.request('GET', path);
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toContain('<div id="root">');
    }
    await expectError(await withUi.request('GET', '/api/finns-inte'), 404, 'NOT_FOUND');
    expect((await withUi.request('GET', '/api/health')).status).toBe(200);
  });

  it('sends the security headers with the HTML, the assets and the API: self-only scripts, no framing, nosniff, a referrer policy', async () => {
    for (const path of ['/', '/cases/123', '/assets/app.js', '/api/health', '/api/finns-inte']) {
      const response = await withUi.request('GET', path);
      const csp = response.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        csp
          .split(';')
          .map((part) => part.trim().split(/\s+/) as [string, ...string[]])
          .map(([name, ...values]) => [name, values]),
      );
      expect(directives.get('script-src'), path).toEqual(["'self'"]);
      expect(directives.get('default-src'), path).toEqual(["'self'"]);
      expect(directives.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(directives.get('object-src'), path).toEqual(["'none'"]);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
  });

  it('without a built UI, non-API paths are a plain 404', async () => {
    expect((await api.request('GET', '/dashboard')).status).toBe(404);
  });
});
