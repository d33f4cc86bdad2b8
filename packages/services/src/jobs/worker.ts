import { hostname } from 'node:os';
import { findJobRowById, isBusyError, type JobRow } from '@fordran/store';
import type { AppContext } from '../context';
import type { JobHandlers } from './handlers';
import { claimNextJob, recoverLapsedJobs } from './job-queue';
import { describeJobError, runClaimedJob, SHUTDOWN_MESSAGE, type JobRunner, type JobRunState } from './job-run';

export interface JobWorkerOptions {
  /** The job types this worker runs (`createJobHandlers()` in the server). */
  handlers: JobHandlers;
  /** Written to locked_by; default `<host>:<pid>:<random>`. */
  workerId?: string;
  /** How long to wait before looking again when no job is due (default 1 s). */
  pollMs?: number;
  /**
   * How long a claim holds without renewal (default 30 s). The worker renews it every third of
   * that while the handler runs; a job whose lease lapsed (its worker died) is taken back by any
   * worker.
   */
  leaseMs?: number;
  /** Delay before the second attempt, doubling per attempt (default 5 s). */
  backoffBaseMs?: number;
  /** The longest delay between attempts (default 1 h). */
  backoffMaxMs?: number;
  /** At most one stored and published progress change per this many ms of the app clock (default 250). */
  progressThrottleMs?: number;
  /** stop() waits this long for the running job, then aborts its signal and waits as long again (default 10 s). */
  stopTimeoutMs?: number;
  /** Where failed attempts and worker errors are logged (default console.error). */
  log?: (line: string) => void;
}

export const DEFAULT_JOB_WORKER_SETTINGS = {
  pollMs: 1000,
  leaseMs: 30_000,
  backoffBaseMs: 5000,
  backoffMaxMs: 60 * 60 * 1000,
  progressThrottleMs: 250,
  stopTimeoutMs: 10_000,
} as const;

export interface JobWorker {
  readonly workerId: string;
  /** True between start() and the end of stop(). */
  readonly running: boolean;
  /**
   * One round: takes back jobs whose lease lapsed, claims the oldest due job of a known type and runs it.
   * Resolves with the job's row afterwards (completed, retry or failed), or null when nothing was
   * due. Tests drive the worker with this and a manual clock instead of start().
   */
  runOnce(): Promise<JobRow | null>;
  /** Polls and runs jobs one at a time until stop(). */
  start(): void;
  /** Stops polling and waits for the running job (aborting its signal after stopTimeoutMs). */
  stop(): Promise<void>;
}

function defaultWorkerId(): string {
  return `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
}

/** Resolves true when `promise` settles within `ms`, false otherwise (without rejecting). */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(true);
      },
    );
  });
}

/** A worker's polling loop: the runner, its timings, and what changes while it runs. */
interface WorkerLoop extends JobRunState {
  runner: JobRunner;
  pollMs: number;
  stopTimeoutMs: number;
  /** The running poll(), null when stopped. */
  loop: Promise<void> | null;
  /** Ends the current pause early (stop() calls it). */
  wake: (() => void) | null;
}

async function runOnce(worker: WorkerLoop): Promise<JobRow | null> {
  const { app, workerId, handlers, leaseMs } = worker.runner;
  await recoverLapsedJobs(app);
  const job = await claimNextJob(app, workerId, { jobTypes: [...handlers.keys()], leaseMs });
  if (!job) return null;
  // null: the job was lost while running; the row as it stands now belongs to another worker.
  return (await runClaimedJob(worker.runner, worker, job)) ?? (await findJobRowById(app.database.db, job.id)) ?? null;
}

function pause(worker: WorkerLoop, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      worker.wake = null;
      resolve();
    };
    const timer = setTimeout(done, ms);
    worker.wake = done;
  });
}

async function poll(worker: WorkerLoop): Promise<void> {
  while (!worker.stopping) {
    let ran = false;
    try {
      ran = (await runOnce(worker)) !== null;
    } catch (error) {
      // SQLITE_BUSY: another process is writing; look again at the next poll.
      if (!isBusyError(error)) worker.runner.log(`[jobs] arbetaren ${worker.runner.workerId}: ${describeJobError(error)}`);
    }
    if (worker.stopping) break;
    // After a job, let waiting requests in before the next; when idle, wait for the next poll.
    if (ran) await new Promise((resolve) => setImmediate(resolve));
    else await pause(worker, worker.pollMs);
  }
}

async function stopWorker(worker: WorkerLoop): Promise<void> {
  if (!worker.loop) return;
  worker.stopping = true;
  worker.wake?.();
  if (!(await settlesWithin(worker.loop, worker.stopTimeoutMs))) {
    worker.currentJob?.abort(new Error(SHUTDOWN_MESSAGE));
    if (!(await settlesWithin(worker.loop, worker.stopTimeoutMs))) {
      worker.runner.log(`[jobs] arbetaren ${worker.runner.workerId} stoppades medan ett jobb fortfarande körde; det tas upp igen när lånet gått ut`);
    }
  }
  worker.loop = null;
}

/**
 * The job worker of one process: claims due jobs of the types in `handlers`, runs one at a time,
 * reports progress, and completes, retries (exponential back-off) or fails them. Timestamps come
 * from `app.clock`; only the poll and stop timers are real time.
 * @example const worker = createJobWorker(app, { handlers: createJobHandlers() }); worker.start(); … await worker.stop();
 */
export function createJobWorker(app: AppContext, options: JobWorkerOptions): JobWorker {
  const settings = { ...DEFAULT_JOB_WORKER_SETTINGS, ...options };
  const runner: JobRunner = {
    app,
    handlers: options.handlers,
    workerId: options.workerId ?? defaultWorkerId(),
    leaseMs: settings.leaseMs,
    progressThrottleMs: settings.progressThrottleMs,
    retry: { backoffBaseMs: settings.backoffBaseMs, backoffMaxMs: settings.backoffMaxMs },
    log: options.log ?? ((line: string) => console.error(line)),
  };
  const worker: WorkerLoop = {
    runner,
    pollMs: settings.pollMs,
    stopTimeoutMs: settings.stopTimeoutMs,
    loop: null,
    stopping: false,
    currentJob: null,
    wake: null,
  };
  return {
    workerId: runner.workerId,
    get running() {
      return worker.loop !== null;
    },
    runOnce: () => runOnce(worker),
    start() {
      if (worker.loop) return;
      worker.stopping = false;
      worker.loop = poll(worker);
    },
    stop: () => stopWorker(worker),
  };
}
