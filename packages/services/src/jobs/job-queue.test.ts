import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '@fordran/core';
import { claimJobRow, findJobRowById, insertJobRow, listJobRows, type JobRow, type SqliteDatabase } from '@fordran/store';
import { createManualClock, openAppContext, operatorContext, signUp, type AppContext, type ManualClock, type RealtimeEvent } from '..';
import { openTestApp, TEST_ENGINE, type TestApp } from '../testing/test-app';
import { claimNextJob, completeJob, enqueueJob, failJobAttempt, recordJobProgress, recoverLapsedJobs, renewJobLease, retryDelayMs } from './job-queue';
import { getJob, getJobStats, retryJob } from './jobs';

const START = '2026-11-22T09:00:00.000Z';
const SECRET = 'a-test-secret-of-reasonable-length';
const RETRY = { backoffBaseMs: 5000, backoffMaxMs: 60_000 };
const LEASE_MS = 30_000;

let testApp: TestApp;
let clock: ManualClock;
let app: AppContext;
let orgId: string;
let events: RealtimeEvent[];

/** A second app instance on the test's database (another process, as far as the queue can tell). */
function openSecondApp(): Promise<AppContext> {
  return openAppContext({ ...testApp.location, dataDir: testApp.dir, clock, secret: SECRET, seedReferenceRates: false });
}

beforeEach(async () => {
  clock = createManualClock(START);
  testApp = await openTestApp({ clock, secret: SECRET, seedReferenceRates: false });
  app = testApp.app;
  await signUp(app, { email: 'eva@example.se', password: 'hemligt', full_name: 'Eva Ek' });
  orgId = (await operatorContext(app, 'Eva Eks organisation')).membership.org_id;
  events = [];
  app.events.subscribe(orgId, (event) => events.push(event));
});
afterEach(() => testApp.close());

function sqliteOf(of: AppContext): SqliteDatabase['sqlite'] {
  return (of.database as SqliteDatabase).sqlite;
}

function enqueue(jobType = 'test', extra: { run_at?: string; max_attempts?: number } = {}): Promise<JobRow> {
  return app.database.transaction((tx) => enqueueJob(tx, app, { org_id: orgId, job_type: jobType, payload: { n: 1 }, ...extra }));
}

async function stored(id: string): Promise<JobRow> {
  const row = await findJobRowById(app.database.db, id);
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

async function claim(workerId = 'w1'): Promise<JobRow> {
  const job = await claimNextJob(app, workerId, { leaseMs: LEASE_MS });
  if (!job) throw new Error('nothing claimed');
  return job;
}

describe('enqueueJob', () => {
  it('stores a pending job due now with the defaults, inside the caller’s transaction', async () => {
    const job = await app.database.transaction((tx) => enqueueJob(tx, app, { org_id: orgId, job_type: 'bank_import', payload: { file: 'x' } }));
    expect(await stored(job.id)).toMatchObject({
      status: 'pending',
      attempts: 0,
      max_attempts: 3,
      progress: 0,
      run_at: START,
      payload_json: { file: 'x' },
      locked_by: null,
    });
    await expect(
      app.database.transaction(async (tx) => {
        await enqueueJob(tx, app, { org_id: orgId, job_type: 'rolled_back' });
        throw new Error('avbryt');
      }),
    ).rejects.toThrow('avbryt');
    expect((await listJobRows(app.database.db, orgId, {}, 10)).map((row) => row.job_type)).toEqual(['bank_import']);
  });

  it('normalises run_at and refuses a job without a type', async () => {
    expect((await enqueue('test', { run_at: '2026-11-22T11:00:00+01:00' })).run_at).toBe('2026-11-22T10:00:00.000Z');
    await expect(app.database.transaction((tx) => enqueueJob(tx, app, { org_id: orgId, job_type: ' ' }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Jobbtyp krävs',
    });
  });
});

describe('claimNextJob', () => {
  it('claims the oldest due job: processing, locked by the worker, one attempt more, published', async () => {
    const later = await enqueue('test', { run_at: '2026-11-22T08:59:00.000Z' });
    const earliest = await enqueue('test', { run_at: '2026-11-22T08:00:00.000Z' });
    await enqueue('test', { run_at: '2026-11-22T10:00:00.000Z' });
    const first = await claim('w1');
    expect(first).toMatchObject({
      id: earliest.id,
      status: 'processing',
      locked_by: 'w1',
      locked_at: START,
      lease_expires_at: '2026-11-22T09:00:30.000Z',
      attempts: 1,
    });
    expect((await claim('w2')).id).toBe(later.id);
    expect(await claimNextJob(app, 'w3', { leaseMs: LEASE_MS })).toBeNull(); // the third is not due yet
    clock.advanceSeconds(3600);
    expect(await claimNextJob(app, 'w3', { leaseMs: LEASE_MS })).not.toBeNull();
    expect(events[0]).toEqual({ type: 'job', org_id: orgId, data: { id: earliest.id, job_type: 'test', status: 'processing', progress: 0, attempts: 1 } });
  });

  it('claims only the job types it is given', async () => {
    await enqueue('other');
    expect(await claimNextJob(app, 'w1', { jobTypes: ['test'], leaseMs: LEASE_MS })).toBeNull();
    expect(await claimNextJob(app, 'w1', { jobTypes: [], leaseMs: LEASE_MS })).toBeNull();
    expect((await claimNextJob(app, 'w1', { jobTypes: ['other'], leaseMs: LEASE_MS }))?.job_type).toBe('other');
  });

  it('a race for one job has one winner: the loser’s conditional update changes nothing', async () => {
    const job = await enqueue();
    // Both workers read the job as pending; only the first write may take it.
    const claimAs = (workerId: string) =>
      app.database.transaction((tx) => claimJobRow(tx, { id: job.id, claimable: ['pending', 'retry'], workerId, now: clock.now(), leaseUntil: clock.now() }));
    expect((await claimAs('w1'))?.locked_by).toBe('w1');
    expect(await claimAs('w2')).toBeUndefined();
    expect(await stored(job.id)).toMatchObject({ status: 'processing', locked_by: 'w1', attempts: 1 });
  });

  it('two processes on one database never get the same job', async () => {
    const second = await openSecondApp();
    try {
      const jobs = [await enqueue(), await enqueue()];
      const a = await claimNextJob(app, 'process-a', { leaseMs: LEASE_MS });
      const b = await claimNextJob(second, 'process-b', { leaseMs: LEASE_MS });
      expect(await claimNextJob(second, 'process-b', { leaseMs: LEASE_MS })).toBeNull();
      expect(new Set([a?.id, b?.id])).toEqual(new Set(jobs.map((job) => job.id)));
    } finally {
      await second.database.close();
    }
  });

  // SQLite only: about SQLite's one write lock (a second connection holding it) and its total_changes() counter.
  // PostgreSQL has no database-wide write lock for an idle look to wait on.
  it.skipIf(TEST_ENGINE === 'postgres')('an idle look for work writes nothing: it answers while another connection holds the write lock', async () => {
    const other = await openSecondApp();
    const totalChanges = () => (sqliteOf(app).prepare('SELECT total_changes() AS n').get() as { n: number }).n;
    try {
      const changes = totalChanges();
      sqliteOf(other).exec('BEGIN IMMEDIATE');
      // A write would wait for the lock (and this test time out); a read answers at once.
      expect(await claimNextJob(app, 'w1', { leaseMs: LEASE_MS })).toBeNull();
      expect(await recoverLapsedJobs(app)).toEqual([]);
      expect(totalChanges()).toBe(changes);
      sqliteOf(other).exec('ROLLBACK');
    } finally {
      await other.database.close();
    }
  });
});

describe('finishing a job', () => {
  it('completed: the result, progress 100, lock released, published with the result', async () => {
    await enqueue();
    const job = await claim();
    const done = await completeJob(app, job, 'w1', { imported: 12 });
    expect(done).toMatchObject({ status: 'completed', progress: 100, result_json: { imported: 12 }, locked_at: null, locked_by: null, lease_expires_at: null });
    expect(events.at(-1)?.data).toEqual({ id: job.id, job_type: 'test', status: 'completed', progress: 100, attempts: 1, result: { imported: 12 } });
  });

  it('a transient error retries with exponential back-off, then fails after max_attempts', async () => {
    const job = await enqueue();
    const first = await failJobAttempt(app, await claim(), 'w1', new Error('disk full'), RETRY);
    expect(first).toMatchObject({ status: 'retry', attempts: 1, last_error: 'disk full', run_at: '2026-11-22T09:00:05.000Z' });
    expect(await claimNextJob(app, 'w1', { leaseMs: LEASE_MS })).toBeNull(); // not before run_at
    clock.advanceSeconds(5);
    const second = await failJobAttempt(app, await claim(), 'w1', new Error('disk full'), RETRY);
    expect(second).toMatchObject({ status: 'retry', attempts: 2, run_at: '2026-11-22T09:00:15.000Z' }); // 5 s later + 10 s
    clock.advanceSeconds(10);
    const third = await failJobAttempt(app, await claim(), 'w1', new Error('disk still full'), RETRY);
    expect(third).toMatchObject({ id: job.id, status: 'failed', attempts: 3, last_error: 'disk still full', result_json: null });
    expect(events.filter((e) => e.type === 'job').map((e) => (e.data as { status: string }).status)).toEqual([
      'processing',
      'retry',
      'processing',
      'retry',
      'processing',
      'failed',
    ]);
    expect(events.at(-1)?.data).toMatchObject({ status: 'failed', last_error: 'disk still full' });
  });

  it("a database error is stored as the driver's reason, never drizzle's wrapper with the SQL and its parameters", async () => {
    await enqueue();
    const job = await claim();
    // The same job row once more: the database refuses its id (on PostgreSQL drizzle wraps the
    // driver's error as "Failed query: insert into …").
    const failure = await app.database.transaction((tx) => insertJobRow(tx, job)).catch((error: unknown) => error);
    const failed = await failJobAttempt(app, job, 'w1', failure, RETRY);
    expect(failed?.last_error).toMatch(/unique|duplicate/i);
    expect(failed?.last_error).not.toMatch(/Failed query|insert into/i);
  });

  it('the back-off doubles per attempt and stops at the cap', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, RETRY))).toEqual([5000, 10_000, 20_000, 40_000, 60_000]);
    expect(retryDelayMs(200, RETRY)).toBe(60_000);
  });

  it('a DomainError fails at once, without retries, and keeps the error as the result', async () => {
    await enqueue();
    const refused = new DomainError('BANK_FILE_LINE_FORMAT', 'Rad 7 har fel längd', { line: 7 });
    const failed = await failJobAttempt(app, await claim(), 'w1', refused, RETRY);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'Rad 7 har fel längd',
      result_json: { error: { code: 'BANK_FILE_LINE_FORMAT', message: 'Rad 7 har fel längd', details: { line: 7 } } },
    });
  });
});

describe('leases', () => {
  it('a job whose lease lapsed goes back to retry at once; a renewed one stays; the old worker can no longer finish it', async () => {
    await enqueue();
    const lapsed = await claim('dead-worker');
    await enqueue();
    const renewed = await claim('live-worker');
    clock.advanceSeconds(20);
    expect(await renewJobLease(app, renewed, 'live-worker', LEASE_MS)).toBe(true);
    expect(await renewJobLease(app, renewed, 'someone-else', LEASE_MS)).toBe(false);
    clock.advanceSeconds(11); // the first lease ran out at 30 s; the second now runs to 50 s
    const recovered = await recoverLapsedJobs(app);
    expect(recovered.map((row) => row.id)).toEqual([lapsed.id]);
    expect(await stored(lapsed.id)).toMatchObject({ status: 'retry', locked_by: null, lease_expires_at: null, attempts: 1, run_at: clock.now() });
    expect((await stored(lapsed.id)).last_error).toContain('dead-worker');
    expect(await stored(renewed.id)).toMatchObject({ status: 'processing', locked_by: 'live-worker', lease_expires_at: '2026-11-22T09:00:50.000Z' });
    expect(await completeJob(app, lapsed, 'dead-worker', {})).toBeNull();
    expect(await renewJobLease(app, lapsed, 'dead-worker', LEASE_MS)).toBe(false);
    expect((await stored(lapsed.id)).status).toBe('retry');
    expect(events.at(-1)?.data).toMatchObject({ id: lapsed.id, status: 'retry' });
    // Taken again, by any worker, and the dead attempt counts.
    expect(await claim('another')).toMatchObject({ id: lapsed.id, attempts: 2, locked_by: 'another' });
  });

  it('progress renews the lease', async () => {
    await enqueue();
    const job = await claim();
    clock.advanceSeconds(25);
    expect(await recordJobProgress(app, job, 'w1', 40, LEASE_MS)).toMatchObject({
      progress: 40,
      lease_expires_at: '2026-11-22T09:00:55.000Z',
      updated_at: clock.now(),
    });
    clock.advanceSeconds(25);
    expect(await recoverLapsedJobs(app)).toEqual([]);
  });

  it('a lapsed job on its last attempt is failed, not looped', async () => {
    const job = await enqueue('test', { max_attempts: 1 });
    await claim();
    clock.advanceSeconds(31);
    await recoverLapsedJobs(app);
    expect(await stored(job.id)).toMatchObject({ status: 'failed', attempts: 1 });
  });
});

describe('job use cases', () => {
  it('counts every status of the organisation', async () => {
    await enqueue();
    await enqueue();
    await completeJob(app, await claim(), 'w1', {});
    expect(await getJobStats(await operatorContext(app, orgId))).toEqual({ pending: 1, processing: 0, completed: 1, failed: 0, retry: 0 });
  });

  it('retry requeues a failed job with a fresh round of attempts, audited and published; other statuses are refused', async () => {
    const ctx = await operatorContext(app, orgId);
    const job = await enqueue('test', { max_attempts: 1 });
    await failJobAttempt(app, await claim(), 'w1', new Error('nätverksfel'), RETRY);
    clock.advanceSeconds(60);
    expect(await getJob(ctx, job.id)).toMatchObject({ status: 'failed', retryable: true });
    expect(await retryJob(ctx, job.id)).toMatchObject({ status: 'retry', attempts: 0, run_at: clock.now(), last_error: 'nätverksfel', retryable: false });
    expect(events.at(-1)?.data).toMatchObject({ id: job.id, status: 'retry' });
    expect(await testApp.sql("SELECT count(*) AS n FROM audit_logs WHERE event = 'job.retried' AND entity_id = ?", job.id)).toEqual([{ n: 1 }]);
    await expect(retryJob(ctx, job.id)).rejects.toMatchObject({ code: 'INVALID_TRANSITION' });
    await completeJob(app, await claim(), 'w1', {});
    await expect(retryJob(ctx, job.id)).rejects.toMatchObject({ code: 'INVALID_TRANSITION' });
    expect((await getJob(ctx, job.id)).status).toBe('completed');
  });

  it('a stuck job may be retried: processing with a lapsed lease, or without progress for 10 minutes; a live one may not', async () => {
    const ctx = await operatorContext(app, orgId);
    const job = await enqueue();
    const claimed = await claim('hung-worker');
    expect(await getJob(ctx, job.id)).toMatchObject({ status: 'processing', retryable: false, lease_expires_at: '2026-11-22T09:00:30.000Z' });
    await expect(retryJob(ctx, job.id)).rejects.toMatchObject({ code: 'INVALID_TRANSITION' });

    // Its heartbeat goes on, but no progress for ten minutes: stuck.
    for (let minute = 1; minute <= 10; minute += 1) {
      clock.advanceSeconds(60);
      await renewJobLease(app, claimed, 'hung-worker', LEASE_MS);
    }
    clock.advanceSeconds(1);
    expect((await getJob(ctx, job.id)).retryable).toBe(true);
    expect(await retryJob(ctx, job.id)).toMatchObject({ status: 'retry', attempts: 0, progress: 0, lease_expires_at: null });
    // Its worker loses it at the next beat.
    expect(await renewJobLease(app, claimed, 'hung-worker', LEASE_MS)).toBe(false);
    const audited = await testApp.sql<{ payload_json: string }>("SELECT payload_json FROM audit_logs WHERE event = 'job.retried'");
    expect(audited.map((row) => JSON.parse(row.payload_json) as unknown)).toEqual([expect.objectContaining({ status: 'processing' })]);

    // A lapsed lease is retryable at once.
    const second = await claim('dead-worker');
    clock.advanceSeconds(31);
    expect((await getJob(ctx, second.id)).retryable).toBe(true);
    expect((await retryJob(ctx, second.id)).status).toBe('retry');
  });
});
