import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { claimJobRow, findJobRowById, type JobRow } from '@fordran/store';
import { createTestDatabase, describePostgres, rawSql, type TestDatabase } from '@fordran/store/testing';
import { createManualClock, openAppContext, operatorContext, signUp, type AppContext, type ManualClock } from '..';
import { claimNextJob, enqueueJob } from './job-queue';
import { createJobWorker, type JobWorker } from './worker';
import type { JobHandler } from './handlers';

/*
 * Issue 17, several instances on one PostgreSQL database: the job queue hands each job to exactly
 * one worker across instances (the claim is a conditional UPDATE in a SERIALIZABLE transaction,
 * run again on a serialization failure; a job another worker is claiming is skipped, not waited
 * for), and a job whose instance died is taken over once its lease has lapsed.
 */

const SECRET = 'a-test-secret-of-reasonable-length';
const LEASE_MS = 30_000;

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await sleep(20);
  }
}

describePostgres('the job queue with two instances on one PostgreSQL database', () => {
  let server: TestDatabase;
  let dir: string;
  let clock: ManualClock;
  let first: AppContext;
  let second: AppContext;
  let orgId: string;
  let workers: JobWorker[];
  let logs: string[];

  const open = () =>
    openAppContext({ dbPath: join(dir, 'unused.db'), databaseUrl: server.url, dataDir: dir, clock, secret: SECRET, seedReferenceRates: false });

  beforeEach(async () => {
    server = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'fordran-instances-'));
    clock = createManualClock('2026-11-22T09:00:00.000Z');
    [first, second] = [await open(), await open()];
    await signUp(first, { email: 'eva@example.se', password: 'hemligt', full_name: 'Eva Ek' });
    orgId = (await operatorContext(second, 'Eva Eks organisation')).membership.org_id;
    workers = [];
    logs = [];
  });
  afterEach(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await Promise.all([first.database.close(), second.database.close()]);
    await server.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  function worker(app: AppContext, workerId: string, handler: JobHandler): JobWorker {
    const created = createJobWorker(app, {
      handlers: new Map([['count', handler]]),
      workerId,
      pollMs: 10,
      leaseMs: LEASE_MS,
      stopTimeoutMs: 200,
      log: (line) => logs.push(line),
    });
    workers.push(created);
    return created;
  }

  function enqueue(app: AppContext, n: number): Promise<JobRow> {
    return app.database.transaction((tx) => enqueueJob(tx, app, { org_id: orgId, job_type: 'count', payload: { n } }));
  }

  it('runs every job exactly once while workers on both instances claim at the same time', async () => {
    const jobs = await Promise.all(Array.from({ length: 60 }, (_, n) => enqueue(n % 2 === 0 ? first : second, n)));
    const runs = new Map<string, string[]>();
    const handler =
      (workerId: string): JobHandler =>
      async (job) => {
        runs.set(job.id, [...(runs.get(job.id) ?? []), workerId]);
        await sleep(Math.random() * 4);
        return { n: job.payload_json.n as number, by: workerId };
      };
    worker(first, 'instans-1', handler('instans-1')).start();
    worker(second, 'instans-2', handler('instans-2')).start();
    const sql = rawSql(first.database);
    await until(async () => (await sql<{ n: number }>("SELECT count(*) AS n FROM job_queue WHERE status = 'completed'"))[0]!.n === jobs.length);
    await Promise.all(workers.map((w) => w.stop()));

    expect([...runs.keys()].sort()).toEqual(jobs.map((job) => job.id).sort());
    expect([...runs.values()].filter((by) => by.length !== 1)).toEqual([]);
    // Both instances took part: the test really raced two workers.
    const byWorker = [...runs.values()].flat();
    expect(byWorker.filter((by) => by === 'instans-1').length).toBeGreaterThan(0);
    expect(byWorker.filter((by) => by === 'instans-2').length).toBeGreaterThan(0);
    for (const job of jobs) {
      const row = await findJobRowById(second.database.db, job.id);
      expect(row).toMatchObject({ status: 'completed', attempts: 1, result_json: { n: job.payload_json.n, by: runs.get(job.id)![0] } });
    }
    expect(logs).toEqual([]);
  });

  it('passes over a job another instance is claiming right now and claims the next one, without waiting', async () => {
    const [oldest, next] = [await enqueue(first, 1), await enqueue(first, 2)];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let claimedByFirst!: () => void;
    const locked = new Promise<void>((resolve) => (claimedByFirst = resolve));
    // The first instance's claim of the oldest job, not yet committed: its row is locked.
    const firstClaim = first.database.transaction(async (tx) => {
      const row = await claimJobRow(tx, { id: oldest.id, claimable: ['pending', 'retry'], workerId: 'instans-1', now: clock.now(), leaseUntil: clock.now() });
      claimedByFirst();
      await held;
      return row;
    });
    await locked;
    // Waiting for that lock would hang here until release (and then fail to serialize).
    expect(await claimNextJob(second, 'instans-2', { leaseMs: LEASE_MS })).toMatchObject({ id: next.id, locked_by: 'instans-2' });
    release();
    expect(await firstClaim).toMatchObject({ id: oldest.id, locked_by: 'instans-1' });
    expect(await claimNextJob(second, 'instans-2', { leaseMs: LEASE_MS })).toBeNull();
  });

  it('hands the job of an instance that died to the other once its lease has lapsed, and finishes it once', async () => {
    const job = await enqueue(first, 1);
    let startedOnFirst!: () => void;
    const started = new Promise<void>((resolve) => (startedOnFirst = resolve));
    const finished: string[] = [];
    // The first instance claims the job and dies mid-way: its handler never returns, its
    // connections are gone (so is its heartbeat).
    const dying = worker(first, 'instans-1', async () => {
      startedOnFirst();
      await new Promise(() => {});
      return {};
    });
    void dying.runOnce().catch(() => undefined);
    await started;
    expect(await findJobRowById(second.database.db, job.id)).toMatchObject({ status: 'processing', locked_by: 'instans-1', attempts: 1 });
    await first.database.close();

    const survivor = worker(second, 'instans-2', async (claimed) => {
      finished.push(claimed.id);
      return { done: true };
    });
    // Within the lease the job still belongs to the dead instance.
    clock.advanceSeconds(LEASE_MS / 1000 - 1);
    expect(await survivor.runOnce()).toBeNull();
    clock.advanceSeconds(2);
    expect(await survivor.runOnce()).toMatchObject({ id: job.id, status: 'completed', locked_by: null, attempts: 2, result_json: { done: true } });
    expect(finished).toEqual([job.id]);
    expect(await survivor.runOnce()).toBeNull();

    first = await open(); // afterEach closes it again
  });
});
