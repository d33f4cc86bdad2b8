import { isDomainError } from '@fordran/core';
import { isBusyError, retryWhileBusy, type JobRow } from '@fordran/store';
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
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

function progressReporter(runner: JobRunner, job: JobRow, controller: AbortController): JobHandlerContext['report'] {
  const { app, workerId } = runner;
  let lastPercent = job.progress;
  let lastAt = Number.NEGATIVE_INFINITY;
  return (progress, note) => {
    if (controller.signal.aborted || !Number.isFinite(progress)) return;
    const percent = Math.min(100, Math.max(0, Math.floor(progress)));
    const at = nowMs(app.clock);
    if (percent === lastPercent || at - lastAt < runner.progressThrottleMs) return;
    let row: JobRow | null;
    try {
      row = recordJobProgress(app, job, workerId, percent, runner.leaseMs);
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
function heartbeat(runner: JobRunner, job: JobRow, controller: AbortController): () => void {
  const timer = setInterval(
    () => {
      try {
        if (!renewJobLease(runner.app, job, runner.workerId, runner.leaseMs)) controller.abort(new Error(LEASE_LOST_MESSAGE));
      } catch (error) {
        // Locked by another process for the moment: the lease lasts two more beats.
        if (!isBusyError(error)) runner.log(`[jobs] ${job.job_type} ${job.id}: lånet kunde inte förnyas: ${describeJobError(error)}`);
      }
    },
    Math.max(1, Math.floor(runner.leaseMs / 3)),
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
  // Finishing writes wait (asynchronously) for another process's write lock rather than leave
  // a done job to lapse and run again.
  const finish = (write: () => JobRow | null) => retryWhileBusy(write, { timeoutMs: runner.leaseMs });
  try {
    if (!handler) throw new Error(`Ingen hanterare för jobbtypen ${job.job_type}`);
    const result = await untilAborted(handler(job, { app, report: progressReporter(runner, job, controller), signal: controller.signal }), controller.signal);
    return await finish(() => completeJob(app, job, workerId, result));
  } catch (error) {
    if (controller.signal.aborted && !state.stopping) return null; // the lease was lost: the job is someone else's now
    if (state.stopping && controller.signal.aborted) return await finish(() => requeueInterruptedJob(app, job, workerId, SHUTDOWN_MESSAGE));
    if (isBusyError(error)) return await finish(() => requeueInterruptedJob(app, job, workerId, BUSY_MESSAGE, runner.retry.backoffBaseMs));
    runner.log(`[jobs] ${job.job_type} ${job.id}, försök ${job.attempts} av ${job.max_attempts}: ${describeJobError(error)}`);
    return await finish(() => failJobAttempt(app, job, workerId, error, runner.retry));
  } finally {
    stopBeating();
    state.currentJob = null;
  }
}
