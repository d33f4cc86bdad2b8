import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '@fordran/core';
import { findJobRowById, type JobRow, type SqliteDatabase } from '@fordran/store';
import { createManualClock, openAppContext, operatorContext, signUp, type AppContext, type ManualClock, type RealtimeEvent } from '..';
import { openTestApp, TEST_ENGINE, type TestApp } from '../testing/test-app';
import { enqueueJob, recoverLapsedJobs } from './job-queue';
import { retryJob } from './jobs';
import { createJobWorker, type JobWorker, type JobWorkerOptions } from './worker';
import type { JobHandler } from './handlers';

const SECRET = 'a-test-secret-of-reasonable-length';

let testApp: TestApp;
let clock: ManualClock;
let app: AppContext;
let orgId: string;
let jobEvents: Record<string, unknown>[];
let logs: string[];
const workers: JobWorker[] = [];

beforeEach(async () => {
  clock = createManualClock('2026-11-22T09:00:00.000Z');
  testApp = await openTestApp({ clock, secret: SECRET, seedReferenceRates: false });
  app = testApp.app;
  await signUp(app, { email: 'olle@example.se', password: 'hemligt', full_name: 'Olle Berg' });
  orgId = (await operatorContext(app, 'Olle Bergs organisation')).membership.org_id;
  jobEvents = [];
  logs = [];
  app.events.subscribe(orgId, (event: RealtimeEvent) => {
    if (event.type === 'job') jobEvents.push(event.data as Record<string, unknown>);
  });
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  await testApp.close();
});

/** A second app instance on the test's database: another process, as far as the store can tell. */
function openSecondApp(): Promise<AppContext> {
  return openAppContext({ ...testApp.location, dataDir: testApp.dir, clock, secret: SECRET, seedReferenceRates: false });
}

function sqliteOf(of: AppContext): SqliteDatabase['sqlite'] {
  return (of.database as SqliteDatabase).sqlite;
}

function worker(handlers: Record<string, JobHandler>, options: Partial<JobWorkerOptions> = {}): JobWorker {
  const created = createJobWorker(app, { handlers: new Map(Object.entries(handlers)), workerId: 'test-worker', log: (line) => logs.push(line), ...options });
  workers.push(created);
  return created;
}

function enqueue(jobType: string, payload: Record<string, unknown> = {}): Promise<JobRow> {
  return app.database.transaction((tx) => enqueueJob(tx, app, { org_id: orgId, job_type: jobType, payload }));
}

function stored(id: string): Promise<JobRow | undefined> {
  return findJobRowById(app.database.db, id);
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('job worker (runOnce, manual clock)', () => {
  it('runs the handler of the job’s type with its payload and completes it with the result', async () => {
    const job = await enqueue('sum', { numbers: [1, 2, 3] });
    const seen: JobRow[] = [];
    const w = worker({
      sum: async (claimed) => {
        seen.push(claimed);
        return { total: (claimed.payload_json.numbers as number[]).reduce((a, b) => a + b, 0) };
      },
    });
    expect(await w.runOnce()).toMatchObject({ id: job.id, status: 'completed', progress: 100, result_json: { total: 6 } });
    expect(seen[0]).toMatchObject({ id: job.id, status: 'processing', attempts: 1, locked_by: 'test-worker' });
    expect(await w.runOnce()).toBeNull();
    expect(jobEvents.map((e) => e.status)).toEqual(['processing', 'completed']);
  });

  it('stores and publishes progress at most once per whole percent and throttle interval, renewing the lease', async () => {
    const job = await enqueue('count');
    let leaseUntil: string | null | undefined;
    const w = worker({
      count: async (_job, { report }) => {
        report(10.4, 'Rad 104 av 1 000');
        report(10.9); // same whole percent
        clock.advanceSeconds(0.1);
        report(20); // within 250 ms
        clock.advanceSeconds(0.3);
        report(30, 'Rad 300 av 1 000');
        report(-5);
        clock.advanceSeconds(1);
        report(150);
        // Progress is stored in the background, in order: wait for the last report.
        await until(async () => (await stored(job.id))?.progress === 100);
        leaseUntil = (await stored(job.id))?.lease_expires_at;
        return {};
      },
    });
    await w.runOnce();
    expect(leaseUntil).toBe('2026-11-22T09:00:31.400Z'); // progress renews the 30-second lease
    // What was published was stored first; what was not, never was.
    expect(jobEvents.map((e) => [e.status, e.progress, e.note])).toEqual([
      ['processing', 0, undefined],
      ['processing', 10, 'Rad 104 av 1 000'],
      ['processing', 30, 'Rad 300 av 1 000'],
      ['processing', 100, undefined],
      ['completed', 100, undefined],
    ]);
  });

  it('finishes a job only after the progress it reported is stored', async () => {
    const job = await enqueue('quick');
    const w = worker({
      quick: async (_job, { report }) => {
        report(50, 'Halvvägs');
        return { done: true };
      },
    });
    expect(await w.runOnce()).toMatchObject({ id: job.id, status: 'completed', progress: 100 });
    expect(jobEvents.map((e) => [e.status, e.progress, e.note])).toEqual([
      ['processing', 0, undefined],
      ['processing', 50, 'Halvvägs'],
      ['completed', 100, undefined],
    ]);
  });

  it('a throwing handler is retried after the back-off and failed after max_attempts, each failure logged', async () => {
    const job = await enqueue('flaky');
    let calls = 0;
    const w = worker(
      {
        flaky: async () => {
          calls += 1;
          throw new Error(`timeout ${calls}`);
        },
      },
      { backoffBaseMs: 2000 },
    );
    expect(await w.runOnce()).toMatchObject({ status: 'retry', attempts: 1, run_at: '2026-11-22T09:00:02.000Z', last_error: 'timeout 1' });
    expect(await w.runOnce()).toBeNull();
    clock.advanceSeconds(2);
    expect(await w.runOnce()).toMatchObject({ status: 'retry', attempts: 2, run_at: '2026-11-22T09:00:06.000Z' });
    clock.advanceSeconds(4);
    expect(await w.runOnce()).toMatchObject({ id: job.id, status: 'failed', attempts: 3, last_error: 'timeout 3' });
    clock.advanceSeconds(3600);
    expect(await w.runOnce()).toBeNull();
    expect(calls).toBe(3);
    expect(logs).toHaveLength(3);
    expect(logs[2]).toContain('försök 3 av 3');
  });

  it('a DomainError from the handler fails the job at once', async () => {
    await enqueue('import');
    let calls = 0;
    const w = worker({
      import: async () => {
        calls += 1;
        throw new DomainError('BANK_FILE_UNKNOWN_FORMAT');
      },
    });
    expect(await w.runOnce()).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'Okänt filformat',
      result_json: { error: { code: 'BANK_FILE_UNKNOWN_FORMAT' } },
    });
    clock.advanceSeconds(3600);
    expect(await w.runOnce()).toBeNull();
    expect(calls).toBe(1);
  });

  it('leaves jobs of types it has no handler for', async () => {
    const other = await enqueue('someone_else');
    expect(await worker({ mine: async () => ({}) }).runOnce()).toBeNull();
    expect((await stored(other.id))?.status).toBe('pending');
  });

  it('takes back a job whose lease lapsed before claiming, and a handler that lost its job is told through its signal', async () => {
    const job = await enqueue('slow');
    let signal: AbortSignal | undefined;
    const w = worker({
      slow: async (_job, ctx) => {
        signal = ctx.signal;
        clock.advanceSeconds(31);
        await recoverLapsedJobs(app); // another worker finds the lease lapsed
        clock.advanceSeconds(1);
        ctx.report(50);
        return { late: true };
      },
    });
    expect(await w.runOnce()).toMatchObject({ id: job.id, status: 'retry', attempts: 1, result_json: null });
    expect(signal?.aborted).toBe(true);
    // The next round claims it again.
    const again = worker({ slow: async () => ({ ok: true }) }, { workerId: 'second' });
    expect(await again.runOnce()).toMatchObject({ id: job.id, status: 'completed', attempts: 2 });
  });

  it('renews the lease while the handler runs (a heartbeat, every third of the lease)', async () => {
    const job = await enqueue('quiet');
    const gate = deferred();
    const w = worker({ quiet: async () => (await gate.promise, {}) }, { leaseMs: 90 });
    const running = w.runOnce();
    await until(async () => (await stored(job.id))?.status === 'processing');
    await testApp.sql("UPDATE job_queue SET lease_expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ?", job.id);
    await until(async () => (await stored(job.id))?.lease_expires_at === '2026-11-22T09:00:00.090Z');
    gate.resolve();
    expect(await running).toMatchObject({ status: 'completed' });
  });

  it('stops waiting for a hung handler once staff retry its job: the heartbeat finds the job gone', async () => {
    const job = await enqueue('hung');
    const w = worker({ hung: () => new Promise(() => {}) }, { leaseMs: 60 });
    const running = w.runOnce();
    await until(async () => (await stored(job.id))?.status === 'processing');
    clock.advanceSeconds(11 * 60); // no progress for eleven minutes: stuck
    await retryJob(await operatorContext(app, orgId), job.id);
    expect(await running).toMatchObject({ id: job.id, status: 'retry', attempts: 0, locked_by: null });
  });

  // SQLite only, like the next: about SQLite's one write lock, held by another connection. PostgreSQL has no
  // database-wide write lock; its writers meet only on the rows they both write (SERIALIZABLE, run again).
  it.skipIf(TEST_ENGINE === 'postgres')('an idle worker takes no write lock: it answers at once while another process writes', async () => {
    const other = await openSecondApp();
    try {
      sqliteOf(other).exec('BEGIN IMMEDIATE');
      // A write would wait for the lock (and this test time out); the idle round only reads.
      expect(await worker({ echo: async () => ({}) }).runOnce()).toBeNull();
      sqliteOf(other).exec('ROLLBACK');
    } finally {
      await other.database.close();
    }
  });

  it.skipIf(TEST_ENGINE === 'postgres')(
    'waits asynchronously for another process’s lock to finish a job, and requeues without an attempt a handler that met the lock',
    async () => {
      const other = await openSecondApp();
      try {
        const done = await enqueue('locks');
        const w = worker({ locks: async () => (sqliteOf(other).exec('BEGIN IMMEDIATE'), setTimeout(() => sqliteOf(other).exec('COMMIT'), 100), {}) });
        let ticks = 0;
        const ticker = setInterval(() => (ticks += 1), 5);
        expect(await w.runOnce()).toMatchObject({ id: done.id, status: 'completed' });
        clearInterval(ticker);
        expect(ticks).toBeGreaterThan(5); // the event loop ran while the worker waited

        const blocked = await enqueue('writes');
        const writer = worker(
          {
            writes: async () => {
              sqliteOf(other).exec('BEGIN IMMEDIATE');
              try {
                // The writing connection itself never waits (the store waits for it, up to 10 s):
                // here the handler meets the lock at once.
                sqliteOf(app).exec('BEGIN IMMEDIATE');
                return {};
              } finally {
                sqliteOf(other).exec('ROLLBACK');
              }
            },
          },
          { backoffBaseMs: 2000 },
        );
        expect(await writer.runOnce()).toMatchObject({ id: blocked.id, status: 'retry', attempts: 0, run_at: '2026-11-22T09:00:02.000Z' });
        expect((await stored(blocked.id))?.last_error).toContain('upptagen');
        expect(logs).toEqual([]);
      } finally {
        await other.database.close();
      }
    },
  );
});

describe('job worker (start / stop)', () => {
  it('polls, runs due jobs and stops', async () => {
    const w = worker({ echo: async (job) => ({ echo: job.payload_json.text }) }, { pollMs: 10 });
    w.start();
    expect(w.running).toBe(true);
    const job = await enqueue('echo', { text: 'hej' });
    await until(async () => (await stored(job.id))?.status === 'completed');
    expect((await stored(job.id))?.result_json).toEqual({ echo: 'hej' });
    await w.stop();
    expect(w.running).toBe(false);
    const after = await enqueue('echo', { text: 'efter' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await stored(after.id))?.status).toBe('pending');
  });

  it('stop waits for the running job to finish', async () => {
    const gate = deferred();
    const job = await enqueue('gated');
    const w = worker({ gated: async () => (await gate.promise, { done: true }) }, { pollMs: 10 });
    w.start();
    await until(async () => (await stored(job.id))?.status === 'processing');
    let stopped = false;
    const stopping = w.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect((await stored(job.id))?.status).toBe('completed');
  });

  it('a job still running after the stop timeout is aborted and requeued without using up an attempt', async () => {
    const job = await enqueue('endless');
    const w = worker(
      {
        endless: (_job, { signal }) =>
          new Promise((_resolve, reject) => {
            signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          }),
      },
      { pollMs: 10, stopTimeoutMs: 30 },
    );
    w.start();
    await until(async () => (await stored(job.id))?.status === 'processing');
    await w.stop();
    expect(await stored(job.id)).toMatchObject({ status: 'retry', attempts: 0, locked_by: null, run_at: clock.now() });
    expect((await stored(job.id))?.last_error).toContain('servern stängdes');
  });

  it('keeps polling after an unexpected error of the queue itself', async () => {
    const w = worker({ echo: async () => ({}) }, { pollMs: 10 });
    await testApp.sql('ALTER TABLE job_queue RENAME TO job_queue_away');
    w.start();
    const missingTable = TEST_ENGINE === 'postgres' ? 'relation "job_queue" does not exist' : 'no such table: job_queue';
    await until(() => logs.some((line) => line.includes(missingTable)));
    await testApp.sql('ALTER TABLE job_queue_away RENAME TO job_queue');
    const job = await enqueue('echo');
    await until(async () => (await stored(job.id))?.status === 'completed');
  });
});
