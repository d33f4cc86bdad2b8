import { hostname } from 'node:os';
import { eq } from 'drizzle-orm';
import { isDomainError } from '@fordran/core';
import { isBusyError, jobQueue, retryWhileBusy, type JobRow } from '@fordran/store';
import type { AppContext } from '../context';
import { nowMs } from '../clock';
import type { JobHandlerContext, JobHandlers } from './handlers';
import {
  claimNextJob,
  completeJob,
  failJobAttempt,
  publishJob,
  recordJobProgress,
  recoverLapsedJobs,
  renewJobLease,
  requeueInterruptedJob,
  type JobRetrySettings,
} from './job-queue';

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

const SHUTDOWN_MESSAGE = 'Avbröts när servern stängdes; körs igen vid nästa start';
const BUSY_MESSAGE = 'Databasen var upptagen av en annan process; körs igen strax';
const LEASE_LOST_MESSAGE = 'Jobbet har tagits över (lånet gick ut eller jobbet startades om)';

function defaultWorkerId(): string {
  return `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
}

function describeError(error: unknown): string {
  if (isDomainError(error)) return `${error.code}: ${error.message}`;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
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

/**
 * The job worker of one process: claims due jobs of the types in `handlers`, runs one at a time,
 * reports progress, and completes, retries (exponential back-off) or fails them. Timestamps come
 * from `app.clock`; only the poll and stop timers are real time.
 * @example const worker = createJobWorker(app, { handlers: createJobHandlers() }); worker.start(); … await worker.stop();
 */
export function createJobWorker(app: AppContext, options: JobWorkerOptions): JobWorker {
  const settings = { ...DEFAULT_JOB_WORKER_SETTINGS, ...options };
  const { handlers } = options;
  const workerId = options.workerId ?? defaultWorkerId();
  const log = options.log ?? ((line: string) => console.error(line));
  const retry: JobRetrySettings = { backoffBaseMs: settings.backoffBaseMs, backoffMaxMs: settings.backoffMaxMs };

  let loop: Promise<void> | null = null;
  let stopping = false;
  let currentJob: AbortController | null = null;
  let wake: (() => void) | null = null;

  function progressReporter(job: JobRow, controller: AbortController): JobHandlerContext['report'] {
    let lastPercent = job.progress;
    let lastAt = Number.NEGATIVE_INFINITY;
    return (progress, note) => {
      if (controller.signal.aborted || !Number.isFinite(progress)) return;
      const percent = Math.min(100, Math.max(0, Math.floor(progress)));
      const at = nowMs(app.clock);
      if (percent === lastPercent || at - lastAt < settings.progressThrottleMs) return;
      let row: JobRow | null;
      try {
        row = recordJobProgress(app, job, workerId, percent, settings.leaseMs);
      } catch (error) {
        // Another process holds the write lock: progress is news, not state; the next report tries again.
        if (isBusyError(error)) return;
        throw error;
      }
      if (!row) {
        controller.abort(new Error(LEASE_LOST_MESSAGE));
        return;
      }
      lastPercent = percent;
      lastAt = at;
      publishJob(app, row, note);
    };
  }

  /** Renews the lease every third of its length while the handler runs; aborts when the job is lost. */
  function heartbeat(job: JobRow, controller: AbortController): () => void {
    const timer = setInterval(
      () => {
        try {
          if (!renewJobLease(app, job, workerId, settings.leaseMs)) controller.abort(new Error(LEASE_LOST_MESSAGE));
        } catch (error) {
          // Locked by another process for the moment: the lease lasts two more beats.
          if (!isBusyError(error)) log(`[jobs] ${job.job_type} ${job.id}: lånet kunde inte förnyas: ${describeError(error)}`);
        }
      },
      Math.max(1, Math.floor(settings.leaseMs / 3)),
    );
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Settles when the handler does or, whichever is first, when the signal aborts (a handler that ignores it is left behind). */
  function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      if (signal.aborted) onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  async function runJob(job: JobRow): Promise<JobRow | null> {
    const handler = handlers.get(job.job_type);
    const controller = new AbortController();
    currentJob = controller;
    const stopBeating = heartbeat(job, controller);
    // Finishing writes wait (asynchronously) for another process's write lock rather than leave
    // a done job to lapse and run again.
    const finish = (write: () => JobRow | null) => retryWhileBusy(write, { timeoutMs: settings.leaseMs });
    try {
      if (!handler) throw new Error(`Ingen hanterare för jobbtypen ${job.job_type}`);
      const result = await untilAborted(handler(job, { app, report: progressReporter(job, controller), signal: controller.signal }), controller.signal);
      return await finish(() => completeJob(app, job, workerId, result));
    } catch (error) {
      if (controller.signal.aborted && !stopping) return null; // the lease was lost: the job is someone else's now
      if (stopping && controller.signal.aborted) return await finish(() => requeueInterruptedJob(app, job, workerId, SHUTDOWN_MESSAGE));
      if (isBusyError(error)) return await finish(() => requeueInterruptedJob(app, job, workerId, BUSY_MESSAGE, settings.backoffBaseMs));
      log(`[jobs] ${job.job_type} ${job.id}, försök ${job.attempts} av ${job.max_attempts}: ${describeError(error)}`);
      return await finish(() => failJobAttempt(app, job, workerId, error, retry));
    } finally {
      stopBeating();
      currentJob = null;
    }
  }

  async function runOnce(): Promise<JobRow | null> {
    recoverLapsedJobs(app);
    const job = claimNextJob(app, workerId, { jobTypes: [...handlers.keys()], leaseMs: settings.leaseMs });
    if (!job) return null;
    // null: the job was lost while running; the row as it stands now belongs to another worker.
    return (await runJob(job)) ?? app.store.db.select().from(jobQueue).where(eq(jobQueue.id, job.id)).get() ?? null;
  }

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake = done;
    });
  }

  async function poll(): Promise<void> {
    while (!stopping) {
      let ran = false;
      try {
        ran = (await runOnce()) !== null;
      } catch (error) {
        // SQLITE_BUSY: another process is writing; look again at the next poll.
        if (!isBusyError(error)) log(`[jobs] arbetaren ${workerId}: ${describeError(error)}`);
      }
      if (stopping) break;
      // After a job, let waiting requests in before the next; when idle, wait for the next poll.
      if (ran) await new Promise((resolve) => setImmediate(resolve));
      else await pause(settings.pollMs);
    }
  }

  return {
    workerId,
    get running() {
      return loop !== null;
    },
    runOnce,
    start() {
      if (loop) return;
      stopping = false;
      loop = poll();
    },
    async stop() {
      if (!loop) return;
      stopping = true;
      wake?.();
      if (!(await settlesWithin(loop, settings.stopTimeoutMs))) {
        currentJob?.abort(new Error(SHUTDOWN_MESSAGE));
        if (!(await settlesWithin(loop, settings.stopTimeoutMs))) {
          log(`[jobs] arbetaren ${workerId} stoppades medan ett jobb fortfarande körde; det tas upp igen när lånet gått ut`);
        }
      }
      loop = null;
    },
  };
}
