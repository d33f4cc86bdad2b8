import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createJobHandlers, enqueueJob, type EnqueueJobInput, type JobHandler } from '@fordran/services';
import { rawSql } from '@fordran/store/testing';
import { serverOptionsFromEnv, startServer, type RunningServer } from '../src/server';
import { sampleBankFile } from './fixtures';
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

function startWith(name: string, handlers: Record<string, JobHandler>, options: { importJobThresholdBytes?: number } = {}): Promise<RunningServer> {
  return startServer({
    dbPath: join(dir, `${name}.db`),
    uiDist: join(dir, 'no-ui'),
    port: 0,
    log: () => undefined,
    jobs: { handlers: new Map(Object.entries(handlers)), pollMs: 20 },
    // The daily dunning run would add its own job to the queues these tests count.
    dunningTime: 'off',
    ...options,
  });
}

/** Puts a job on the running server's queue, as a use case does. */
function enqueueOn(server: RunningServer, input: EnqueueJobInput) {
  return server.app.database.transaction((tx) => enqueueJob(tx, server.app, input));
}

/** Uploads a bank file to the running server's import route; the answer's status and body. */
async function importFile(server: RunningServer, admin: { token: string; orgId: string }, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.set('file', new File([bytes], name));
  const response = await fetch(`${server.url}/api/orgs/${admin.orgId}/payments/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
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

      const job = await enqueueOn(server, { org_id: orgId, job_type: 'greet', payload: { name: 'Anna' } });
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
    const job = await enqueueOn(server, { org_id: orgId, job_type: 'slow' });
    await running;
    const closing = server.close();
    setTimeout(() => release(), 50);
    await closing;
    expect(server.jobs.running).toBe(false);

    // Reopened, the job is on record as completed: close() waited for it before closing the database.
    const reopened = await startWith('stops', {});
    try {
      const rows = await rawSql(reopened.app.database)('SELECT status, result_json FROM job_queue WHERE id = ?', job.id);
      expect(rows).toEqual([{ status: 'completed', result_json: '{"finished":true}' }]);
    } finally {
      await reopened.close();
    }
  });

  it('passes its import threshold to the API: a larger bank file is queued and the worker imports it', async () => {
    const bgmax = sampleBankFile('bgmax/all-record-types.txt');
    const server = await startWith('import', Object.fromEntries(createJobHandlers()), { importJobThresholdBytes: bgmax.length - 1 });
    try {
      const admin = await signedUpAdmin(server, 'server-import@example.se');
      const queued = await importFile(server, admin, bgmax, 'bgmax.txt');
      expect(queued).toEqual({ status: 202, body: { job_id: expect.any(String), status: 'pending' } });
      await expect
        .poll(
          async () => {
            const job = await fetch(`${server.url}/api/orgs/${admin.orgId}/jobs/${String(queued.body.job_id)}`, {
              headers: { authorization: `Bearer ${admin.token}` },
            });
            return ((await job.json()) as { status: string }).status;
          },
          { timeout: 10_000 },
        )
        .toBe('completed');

      // A file at the threshold or below is still imported in the request.
      const csv = new TextEncoder().encode('Datum;Belopp;OCR;Meddelande;Namn;Transaktions-id\n2026-11-20;100,00;;;Anna;TX-1\n');
      expect(csv.length).toBeLessThanOrEqual(bgmax.length - 1);
      expect((await importFile(server, admin, csv, 'liten.csv')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('reads the import threshold from FORDRAN_IMPORT_JOB_BYTES (unset: the API default of 1 MiB)', () => {
    expect(serverOptionsFromEnv({ FORDRAN_IMPORT_JOB_BYTES: '2048' }).importJobThresholdBytes).toBe(2048);
    expect(serverOptionsFromEnv({}).importJobThresholdBytes).toBeUndefined();
    expect(serverOptionsFromEnv({ FORDRAN_IMPORT_JOB_BYTES: '' }).importJobThresholdBytes).toBeUndefined();
    for (const nonsense of ['1MB', '0', '-5', '1.5']) {
      expect(() => serverOptionsFromEnv({ FORDRAN_IMPORT_JOB_BYTES: nonsense })).toThrow(
        `FORDRAN_IMPORT_JOB_BYTES måste vara ett positivt heltal (byte), inte "${nonsense}"`,
      );
    }
  });

  it('reads the worker settings from the environment and refuses nonsense', () => {
    expect(serverOptionsFromEnv({ FORDRAN_JOB_POLL_MS: '500', FORDRAN_JOB_BACKOFF_MS: '2000', FORDRAN_JOB_LEASE_MS: '15000' }).jobs).toEqual({
      pollMs: 500,
      backoffBaseMs: 2000,
      leaseMs: 15_000,
    });
    expect(serverOptionsFromEnv({}).jobs).toEqual({});
    expect(() => serverOptionsFromEnv({ FORDRAN_JOB_POLL_MS: 'snabbt' })).toThrow('FORDRAN_JOB_POLL_MS måste vara ett positivt heltal');
  });
});
