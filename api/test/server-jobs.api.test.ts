import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { enqueueJob, type JobHandler } from '@fordran/services';
import { serverOptionsFromEnv, startServer, type RunningServer } from '../src/server';
import { readEvents } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'fordran-server-jobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Signs a new admin up on the running server: their token and organisation. */
async function signedUpAdmin(server: RunningServer, email: string): Promise<{ token: string; orgId: string }> {
  await post(`${server.url}/api/auth/signup`, { email, password: 'hemligt123', full_name: 'Server Test' });
  const { access_token: token } = await post<{ access_token: string }>(`${server.url}/api/auth/signin`, { email, password: 'hemligt123' });
  const me = (await (await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { memberships: { org_id: string }[] };
  return { token, orgId: me.memberships[0]!.org_id };
}

function startWith(name: string, handlers: Record<string, JobHandler>): Promise<RunningServer> {
  return startServer({
    dbPath: join(dir, `${name}.db`),
    uiDist: join(dir, 'no-ui'),
    port: 0,
    log: () => undefined,
    jobs: { handlers: new Map(Object.entries(handlers)), pollMs: 20 },
  });
}

describe('the job worker in the server process', () => {
  it('starts with the server: an enqueued job runs and its progress reaches the SSE stream', async () => {
    const server = await startWith('runs', {
      greet: async (job, { report }) => {
        report(50, 'Halvvägs');
        return { greeting: `Hej ${String(job.payload_json.name)}` };
      },
    });
    try {
      expect(server.jobs.running).toBe(true);
      const { token, orgId } = await signedUpAdmin(server, 'server-jobs@example.se');
      const stream = await fetch(`${server.url}/api/orgs/${orgId}/events?access_token=${token}`);
      const reader = stream.body!.getReader();
      await readEvents(reader, (e) => e.event === 'ready');

      const job = enqueueJob(server.app.store.db, server.app, { org_id: orgId, job_type: 'greet', payload: { name: 'Anna' } });
      const done = await readEvents(reader, (e) => e.event === 'job' && JSON.parse(e.data).status === 'completed');
      expect(done.seen.filter((e) => e.event === 'job').map((e) => JSON.parse(e.data) as { progress: number; note?: string })).toEqual([
        expect.objectContaining({ status: 'processing', progress: 0 }),
        expect.objectContaining({ status: 'processing', progress: 50, note: 'Halvvägs' }),
        expect.objectContaining({ status: 'completed', progress: 100, result: { greeting: 'Hej Anna' } }),
      ]);
      await reader.cancel();

      const shown = (await (await fetch(`${server.url}/api/orgs/${orgId}/jobs/${job.id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as object;
      expect(shown).toMatchObject({ id: job.id, status: 'completed', result: { greeting: 'Hej Anna' } });
    } finally {
      await server.close();
    }
    expect(server.jobs.running).toBe(false);
  });

  it('close() stops the worker after the running job has finished', async () => {
    let release = () => {};
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const server = await startWith('stops', {
      slow: async () => {
        started();
        await new Promise<void>((resolve) => (release = resolve));
        return { finished: true };
      },
    });
    const { orgId } = await signedUpAdmin(server, 'server-stop@example.se');
    const job = enqueueJob(server.app.store.db, server.app, { org_id: orgId, job_type: 'slow' });
    await running;
    const closing = server.close();
    setTimeout(() => release(), 50);
    await closing;
    expect(server.jobs.running).toBe(false);

    // Reopened, the job is on record as completed: close() waited for it before closing the database.
    const reopened = await startWith('stops', {});
    try {
      const row = reopened.app.store.sqlite.prepare('SELECT status, result_json FROM job_queue WHERE id = ?').get(job.id);
      expect(row).toEqual({ status: 'completed', result_json: '{"finished":true}' });
    } finally {
      await reopened.close();
    }
  });

  it('reads the worker settings from the environment and refuses nonsense', () => {
    expect(serverOptionsFromEnv({ FORDRAN_JOB_POLL_MS: '500', FORDRAN_JOB_BACKOFF_MS: '2000', FORDRAN_JOB_STALE_LOCK_MS: '60000' }).jobs).toEqual({
      pollMs: 500,
      backoffBaseMs: 2000,
      staleLockMs: 60_000,
    });
    expect(serverOptionsFromEnv({}).jobs).toEqual({});
    expect(() => serverOptionsFromEnv({ FORDRAN_JOB_POLL_MS: 'snabbt' })).toThrow('FORDRAN_JOB_POLL_MS måste vara ett positivt heltal');
  });
});
