import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobWorker, enqueueJob, jobEventSchema, jobListResponseSchema, jobResponseSchema, jobStatsResponseSchema, notify } from '@fordran/services';
import { allRowCounts, createMember, createTestApi, createUser, expectBody, expectError, readEvents, type TestApi, type TestUser } from './helpers';
import { insertCreditor, insertJob } from './fixtures';

let api: TestApi;
let admin: TestUser;
let finance: TestUser;
let handler: TestUser;
let client: TestUser;
let other: TestUser;

beforeAll(async () => {
  api = await createTestApi({ ssePingMs: 50 });
  admin = await createUser(api, { name: 'Jobbadmin' });
  finance = await createMember(api, admin, 'finance');
  handler = await createMember(api, admin, 'handler');
  client = await createMember(api, admin, 'client', await insertCreditor(api, admin.org_id));
  other = await createUser(api, { name: 'Annan' });
});
afterAll(() => api.close());

const at = (minute: number) => `2026-11-22T08:${String(minute).padStart(2, '0')}:00.000Z`;
const jobsUrl = (orgId: string, rest = '') => `/api/orgs/${orgId}/jobs${rest}`;

describe('job queue API', () => {
  it('counts the organisation’s jobs per status, every status present, other organisations left out', async () => {
    const empty = await expectBody(await api.request('GET', jobsUrl(admin.org_id, '/stats'), { token: handler.token }), 200, jobStatsResponseSchema);
    expect(empty).toEqual({ pending: 0, processing: 0, completed: 0, failed: 0, retry: 0 });
    const statuses = ['pending', 'pending', 'processing', 'completed', 'completed', 'completed', 'failed', 'retry'] as const;
    for (const status of statuses) await insertJob(api, admin.org_id, { status });
    await insertJob(api, other.org_id, { status: 'failed' });
    const stats = await expectBody(await api.request('GET', jobsUrl(admin.org_id, '/stats'), { token: finance.token }), 200, jobStatsResponseSchema);
    expect(stats).toEqual({ pending: 2, processing: 1, completed: 3, failed: 1, retry: 1 });
    await expectError(await api.request('GET', jobsUrl(admin.org_id, '/stats'), { token: client.token }), 403, 'FORBIDDEN');
  });

  it('lists the latest jobs, newest first, by status and limit', async () => {
    const older = await insertJob(api, admin.org_id, { status: 'failed', job_type: 'bank_import', last_error: 'Okänt filformat', created_at: at(1) });
    const newer = await insertJob(api, admin.org_id, { status: 'failed', job_type: 'bank_import', created_at: at(2) });
    const failed = await expectBody(await api.request('GET', jobsUrl(admin.org_id, '?status=failed'), { token: handler.token }), 200, jobListResponseSchema);
    expect(failed.items.every((job) => job.status === 'failed')).toBe(true);
    expect(failed.items.map((job) => job.id).filter((id) => id === older || id === newer)).toEqual([newer, older]);
    const limited = await expectBody(await api.request('GET', jobsUrl(admin.org_id, '?limit=2'), { token: handler.token }), 200, jobListResponseSchema);
    expect(limited.items).toHaveLength(2);
    expect(JSON.stringify(limited)).not.toContain('payload');
    await expectError(await api.request('GET', jobsUrl(admin.org_id, '?status=stuck'), { token: handler.token }), 400, 'VALIDATION_FAILED');
    await expectError(await api.request('GET', jobsUrl(admin.org_id, '?limit=0'), { token: handler.token }), 400, 'VALIDATION_FAILED');
  });

  it('shows one job; another organisation’s job is 404', async () => {
    const id = await insertJob(api, admin.org_id, { status: 'failed', attempts: 3, last_error: 'Okänt filformat' });
    const job = await expectBody(await api.request('GET', jobsUrl(admin.org_id, `/${id}`), { token: handler.token }), 200, jobResponseSchema);
    expect(job).toEqual({
      id,
      job_type: 'bank_import',
      status: 'failed',
      progress: 0,
      attempts: 3,
      max_attempts: 3,
      last_error: 'Okänt filformat',
      result: null,
      run_at: api.clock.now(),
      lease_expires_at: null,
      retryable: true,
      created_at: api.clock.now(),
      updated_at: api.clock.now(),
    });
    const theirs = await insertJob(api, other.org_id, { status: 'failed' });
    await expectError(await api.request('GET', jobsUrl(admin.org_id, `/${theirs}`), { token: admin.token }), 404, 'NOT_FOUND');
    await expectError(await api.request('POST', jobsUrl(admin.org_id, `/${theirs}/retry`), { token: admin.token }), 404, 'NOT_FOUND');
    await expectError(await api.request('GET', jobsUrl(admin.org_id, `/${crypto.randomUUID()}`), { token: admin.token }), 404, 'NOT_FOUND');
  });

  it('finance requeues a failed job; a job that has not failed is 422 and a handler may not', async () => {
    const id = await insertJob(api, admin.org_id, { status: 'failed', attempts: 3, last_error: 'Tidsgräns' });
    const before = await allRowCounts(api);
    await expectError(await api.request('POST', jobsUrl(admin.org_id, `/${id}/retry`), { token: handler.token }), 403, 'FORBIDDEN');
    expect(await allRowCounts(api)).toEqual(before);
    const retried = await expectBody(await api.request('POST', jobsUrl(admin.org_id, `/${id}/retry`), { token: finance.token }), 200, jobResponseSchema);
    expect(retried).toMatchObject({ id, status: 'retry', attempts: 0, run_at: api.clock.now(), last_error: 'Tidsgräns' });
    await expectError(await api.request('POST', jobsUrl(admin.org_id, `/${id}/retry`), { token: finance.token }), 422, 'INVALID_TRANSITION');
    const audit = await api.sql("SELECT actor_id FROM audit_logs WHERE event = 'job.retried' AND entity_id = ?", id);
    expect(audit).toEqual([{ actor_id: finance.user_id }]);
  });

  it('a stuck job (its worker’s lease lapsed) may be requeued; one whose worker is alive may not', async () => {
    const live = await insertJob(api, admin.org_id, { status: 'processing', attempts: 1, lease_expires_at: '2026-11-22T09:00:30.000Z' });
    const stuck = await insertJob(api, admin.org_id, { status: 'processing', attempts: 1, lease_expires_at: '2026-11-22T08:59:30.000Z' });
    const list = await expectBody(await api.request('GET', jobsUrl(admin.org_id, '?status=processing'), { token: finance.token }), 200, jobListResponseSchema);
    expect(Object.fromEntries(list.items.map((job) => [job.id, job.retryable]))).toMatchObject({ [live]: false, [stuck]: true });
    const needing = await expectBody(
      await api.request('GET', jobsUrl(admin.org_id, '?retryable=true&limit=200'), { token: finance.token }),
      200,
      jobListResponseSchema,
    );
    expect(needing.items.map((job) => job.id)).toContain(stuck);
    expect(needing.items.map((job) => job.id)).not.toContain(live);
    expect(needing.items.every((job) => job.retryable)).toBe(true);
    const others = await expectBody(
      await api.request('GET', jobsUrl(admin.org_id, '?retryable=false&limit=200'), { token: finance.token }),
      200,
      jobListResponseSchema,
    );
    expect(others.items.map((job) => job.id)).toContain(live);
    expect(others.items.some((job) => job.retryable)).toBe(false);
    const error = await expectError(await api.request('POST', jobsUrl(admin.org_id, `/${live}/retry`), { token: finance.token }), 422, 'INVALID_TRANSITION');
    expect(error.message).toBe('Jobbet körs och gör framsteg; det kan köras om när det misslyckats eller fastnat');
    const retried = await expectBody(await api.request('POST', jobsUrl(admin.org_id, `/${stuck}/retry`), { token: finance.token }), 200, jobResponseSchema);
    expect(retried).toMatchObject({ id: stuck, status: 'retry', attempts: 0, lease_expires_at: null, retryable: false });
  });
});

describe('job events over SSE', () => {
  it('streams status and progress to members who read jobs, not to a client', async () => {
    const openStream = async (user: TestUser) => {
      const response = await api.request('GET', `/api/orgs/${admin.org_id}/events`, { token: user.token });
      const reader = response.body!.getReader();
      await readEvents(reader, (e) => e.event === 'ready');
      return reader;
    };
    const financeStream = await openStream(finance);
    const clientStream = await openStream(client);

    const worker = createJobWorker(api.ctx, {
      workerId: 'api-test',
      handlers: new Map([
        [
          'sse_demo',
          async (_job, { report }) => {
            report(40, 'Hälften snart');
            return { rows: 2 };
          },
        ],
      ]),
    });
    const job = await api.ctx.database.transaction((tx) => enqueueJob(tx, api.ctx, { org_id: admin.org_id, job_type: 'sse_demo' }));
    await worker.runOnce();

    const completed = await readEvents(financeStream, (e) => e.event === 'job' && JSON.parse(e.data).status === 'completed');
    const jobEvents = completed.seen.filter((e) => e.event === 'job').map((e) => jobEventSchema.parse(JSON.parse(e.data)));
    expect(jobEvents).toEqual([
      { id: job.id, job_type: 'sse_demo', status: 'processing', progress: 0, attempts: 1 },
      { id: job.id, job_type: 'sse_demo', status: 'processing', progress: 40, attempts: 1, note: 'Hälften snart' },
      { id: job.id, job_type: 'sse_demo', status: 'completed', progress: 100, attempts: 1, result: { rows: 2 } },
    ]);

    // The client's stream is live (it gets the notification) but never got the job events before it.
    await notify(api.ctx, { org_id: admin.org_id, message: 'Till alla' });
    const clientSeen = await readEvents(clientStream, (e) => e.event === 'notification');
    expect(clientSeen.seen.map((e) => e.event)).not.toContain('job');

    await financeStream.cancel();
    await clientStream.cancel();
  });
});
