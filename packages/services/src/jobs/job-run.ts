import { isDomainError } from '@fordran/core';
import { driverError, isBusyError, type JobRow } from '@fordran/store';
import type { AppContext } from '../context';
import { nowMs } from '../clock';
import type { JobHandlerContext, JobHandlers } from './handlers';
import { completeJob, failJobAttempt, publishJob, recordJobProgress, renewJobLease, requeueInterruptedJob, type JobRetrySettings } from './job-queue';

export const SHUTDOWN_MESSAGE = 'Avbröts när servern stängdes; körs igen vid nästa start';
const BUSY_MESSAGE = 'Databasen var upptagen av en annan process; körs igen strax';
const LEASE_LOST_MESSAGE = 'Jobbet har tagits över (lånet gick ut eller jobbet startades om)';

/** What a worker runs a claimed job with (see JobWorkerOptions for the timings). */
export interface JobRunner {
  app: AppContext;
  handlers: JobHandlers;
  workerId: string;
  leaseMs: number;
  progressThrottleMs: number;
  retry: JobRetrySettings;
  log: (line: string) => void;
}

/** What the worker's loop and a running job share. */
export interface JobRunState {
  /** stop() was called: an aborted job is requeued rather than left to its new owner. */
  stopping: boolean;
  /** The running job's controller, for stop() to abort. */
  currentJob: AbortController | null;
}

export function describeJobError(error: unknown): string {
  if (isDomainError(error)) return `${error.code}: ${error.message}`;
  if (!(error instanceof Error)) return String(error);
  // drizzle wraps the driver's error as "Failed query: …": the reason is its cause.
  const driver = driverError(error);
  const cause = driver !== error && driver instanceof Error ? `\nOrsak: ${driver.message}` : '';
  return `${error.stack ?? error.message}${cause}`;
}

/** A job's progress reports: `report` for the handler, `settled` for what it stored before the job ends. */
interface ProgressReporter {
  report: JobHandlerContext['report'];
  /** Resolves when every report so far is stored and published (or dropped). */
  settled(): Promise<void>;
}

/**
 * Progress is written in the background, one report after the other in the order given, so the
 * handler's loop never waits for the database; the job is finished only after they have settled.
 */
function progressReporter(runner: JobRunner, job: JobRow, controller: AbortController): ProgressReporter {
  const { app, workerId } = runner;
  let lastPercent = job.progress;
  let lastAt = Number.NEGATIVE_INFINITY;
  let writes: Promise<void> = Promise.resolve();
  const store = async (percent: number, note: string | undefined) => {
    if (controller.signal.aborted) return;
    try {
      const row = await recordJobProgress(app, job, workerId, percent, runner.leaseMs);
      if (row) publishJob(app, row, note);
      else controller.abort(new Error(LEASE_LOST_MESSAGE));
    } catch (error) {
      // Another process holds the write lock: progress is news, not state; the next report tries again.
      if (!isBusyError(error)) runner.log(`[jobs] ${job.job_type} ${job.id}: förloppet kunde inte sparas: ${describeJobError(error)}`);
    }
  };
  return {
    report(progress, note) {
      if (controller.signal.aborted || !Number.isFinite(progress)) return;
      const percent = Math.min(100, Math.max(0, Math.floor(progress)));
      const at = nowMs(app.clock);
      if (percent === lastPercent || at - lastAt < runner.progressThrottleMs) return;
      lastPercent = percent;
      lastAt = at;
      writes = writes.then(() => store(percent, note));
    },
    settled: () => writes,
  };
}

/** Renews the lease every third of its length while the handler runs; aborts when the job is lost. */
function heartbeat(runner: JobRunner, job: JobRow, controller: AbortController): () => void {
  let beating = false;
  const beat = async () => {
    beating = true;
    try {
      if (!(await renewJobLease(runner.app, job, runner.workerId, runner.leaseMs))) controller.abort(new Error(LEASE_LOST_MESSAGE));
    } catch (error) {
      // Locked by another process for the moment: the lease lasts two more beats.
      if (!isBusyError(error)) runner.log(`[jobs] ${job.job_type} ${job.id}: lånet kunde inte förnyas: ${describeJobError(error)}`);
    } finally {
      beating = false;
    }
  };
  const timer = setInterval(
    () => {
      // A beat still waiting for the database is enough.
      if (!beating) void beat();
    },
    Math.max(1, Math.floor(runner.leaseMs / 3)),
  );
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Runs a job's finishing write and, while another process holds the database's write lock for
 * longer than the store waits, runs it again (until `timeoutMs`), rather than leave a done job to
 * lapse and run again. A transaction that met the lock did nothing (it rolled back whole).
 */
async function finishWhenNotBusy<T>(write: () => Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await write();
    } catch (error) {
      if (!isBusyError(error) || Date.now() >= deadline) throw error;
    }
  }
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

/**
 * Runs a claimed job's handler with progress reports and a lease heartbeat, then completes,
 * requeues (shutdown, database busy) or fails it (retry with back-off). Resolves with the job's
 * row afterwards, or null when the lease was lost while it ran.
 */
export async function runClaimedJob(runner: JobRunner, state: JobRunState, job: JobRow): Promise<JobRow | null> {
  const { app, workerId } = runner;
  const handler = runner.handlers.get(job.job_type);
  const controller = new AbortController();
  state.currentJob = controller;
  const stopBeating = heartbeat(runner, job, controller);
  const progress = progressReporter(runner, job, controller);
  const finish = async (write: () => Promise<JobRow | null>) => {
    await progress.settled();
    return finishWhenNotBusy(write, runner.leaseMs);
  };
  try {
    if (!handler) throw new Error(`Ingen hanterare för jobbtypen ${job.job_type}`);
    const result = await untilAborted(handler(job, { app, report: progress.report, signal: controller.signal }), controller.signal);
    return await finish(() => completeJob(app, job, workerId, result));
  } catch (error) {
    if (controller.signal.aborted && !state.stopping) return null; // the lease was lost: the job is someone else's now
    if (state.stopping && controller.signal.aborted) return await finish(() => requeueInterruptedJob(app, job, workerId, SHUTDOWN_MESSAGE));
    if (isBusyError(error)) return await finish(() => requeueInterruptedJob(app, job, workerId, BUSY_MESSAGE, runner.retry.backoffBaseMs));
    runner.log(`[jobs] ${job.job_type} ${job.id}, försök ${job.attempts} av ${job.max_attempts}: ${describeJobError(error)}`);
    return await finish(() => failJobAttempt(app, job, workerId, error, runner.retry));
  } finally {
    stopBeating();
    // No progress write of this run outlives it (a lost job returns without finishing).
    await progress.settled();
    state.currentJob = null;
  }
}
