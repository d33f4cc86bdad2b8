import {
  assertStateMachineTransition,
  canStateMachineTransition,
  exponentialBackoffMs,
  isDomainError,
  JOB_STATUS_MACHINE,
  JOB_STATUSES,
  type JobStatus,
} from '@fordran/core';
import {
  afterCommit,
  claimJobRow,
  driverError,
  insertJobRow,
  listDueJobIds,
  listLapsedJobRows,
  renewHeldJobLease,
  updateHeldJobRow,
  updateUnchangedJobRow,
  type Db,
  type JobRow,
  type NewJobRow,
  type NotificationRow,
  type PayloadJson,
} from '@fordran/store';
import type { AppContext } from '../context';
import { nowMs } from '../clock';
import { parseInput } from '../schemas/zod-setup';
import { enqueueJobSchema, type EnqueueJobInput, type JobEvent, type JobResponse } from '../schemas/jobs';
import { noticeOfJobOutcome } from '../notifications/job-notices';
import { publishNotification } from '../notifications/notifications';

/*
 * The table-backed job queue (job_queue). A job is pending until a worker claims it (processing,
 * locked_at/locked_by, attempts + 1, and a lease of some seconds in lease_expires_at that the
 * worker renews while it works), then completed, retry (a transient failure, run again after a
 * back-off) or failed. A processing job whose lease lapsed has lost its worker (killed, hung) and
 * is taken back by any worker. Every change goes through the core status machine, and every
 * state write is guarded by `WHERE status = … [AND locked_by = …]`, so two workers — in one
 * process or several on the same database — never both win a job or finish one they no longer
 * hold. Looking for work is a plain read: an idle worker never takes the write lock.
 */

/** Statuses a worker may claim: those the machine lets go to processing (pending, retry). */
const CLAIMABLE: JobStatus[] = JOB_STATUSES.filter((status) => canStateMachineTransition(JOB_STATUS_MACHINE, status, 'processing'));
/** last_error is for people; a stack-sized message is cut. */
const MAX_ERROR_LENGTH = 2000;
/**
 * A processing job without progress for this long is shown as stuck and may be retried by staff
 * (its worker, if alive, loses it at its next heartbeat). Progress comes every batch, so ten
 * minutes without it is no long import but a hung one.
 */
export const JOB_STUCK_AFTER_MS = 10 * 60 * 1000;

/** Timing of retries and lock recovery; the worker's options fill them (docs/operations.md). */
export interface JobRetrySettings {
  /** Delay before the 2nd attempt; each further attempt waits twice as long. */
  backoffBaseMs: number;
  /** The longest wait between attempts. */
  backoffMaxMs: number;
}

/** True when staff may requeue the job: failed, or processing without a live lease or progress (stuck). */
export function isJobRetryable(row: JobRow, now: string): boolean {
  if (row.status === 'failed') return true;
  if (row.status !== 'processing') return false;
  const lapsed = row.lease_expires_at === null || row.lease_expires_at < now;
  return lapsed || Date.parse(row.updated_at) + JOB_STUCK_AFTER_MS < Date.parse(now);
}

/** The API's view of a job as of `now` (retryable depends on the time). */
export function toJobResponse(row: JobRow, now: string): JobResponse {
  return {
    id: row.id,
    job_type: row.job_type,
    status: row.status,
    progress: row.progress,
    attempts: row.attempts,
    max_attempts: row.max_attempts,
    last_error: row.last_error ?? null,
    result: row.result_json ?? null,
    run_at: row.run_at,
    lease_expires_at: row.lease_expires_at ?? null,
    retryable: isJobRetryable(row, now),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * Announces a job change to the organisation's live listeners (SSE event `job`): inside a
 * transaction once it has committed (never announce what might roll back), outside one at once.
 */
export function publishJob(app: AppContext, row: JobRow, note?: string): void {
  const data: JobEvent = { id: row.id, job_type: row.job_type, status: row.status, progress: row.progress, attempts: row.attempts };
  if (row.result_json && (row.status === 'completed' || row.status === 'failed')) data.result = row.result_json;
  if (row.last_error) data.last_error = row.last_error;
  if (note !== undefined) data.note = note;
  afterCommit(() => app.events.publish({ type: 'job', org_id: row.org_id, data }));
}

function isoAfter(app: AppContext, ms: number): string {
  return new Date(nowMs(app.clock) + ms).toISOString();
}

/**
 * Puts a job on the queue inside the caller's transaction and returns its row: the job exists
 * exactly when the caller's write commits (a job of its own: `app.database.transaction((tx) =>
 * enqueueJob(tx, …))`). It is not published: announce it with `publishJob(app, row)` in the same
 * transaction (sent after the commit) if listeners should see it waiting.
 * @example const job = await ctx.app.database.transaction((tx) => enqueueJob(tx, ctx.app, { org_id, job_type: 'bank_import', payload: { file_key } }));
 */
export async function enqueueJob(tx: Db, app: AppContext, input: EnqueueJobInput): Promise<JobRow> {
  const value = parseInput(enqueueJobSchema, input);
  const now = app.clock.now();
  const row: NewJobRow = {
    org_id: value.org_id,
    job_type: value.job_type,
    status: JOB_STATUS_MACHINE.initial,
    payload_json: value.payload,
    max_attempts: value.max_attempts,
    // Normalised to toISOString() form: due jobs are found by comparing these strings.
    run_at: value.run_at ? new Date(value.run_at).toISOString() : now,
    created_at: now,
    updated_at: now,
  };
  return insertJobRow(tx, row);
}

/**
 * Claims the oldest due job (pending or retry, run_at ≤ now) of the given types (all types when
 * omitted) for `workerId` with a lease of `leaseMs`, and publishes it as processing; null when
 * nothing is due. The candidates are found by a plain read, so an idle worker writes nothing
 * (another process's long write is not held up, nor is this process by it); each claim is one
 * conditional UPDATE.
 */
export async function claimNextJob(app: AppContext, workerId: string, options: { jobTypes?: readonly string[]; leaseMs: number }): Promise<JobRow | null> {
  const types = options.jobTypes;
  if (types !== undefined && types.length === 0) return null;
  const now = app.clock.now();
  // A few candidates, in case others win the first ones between our read and our write.
  const candidates = await listDueJobIds(app.database.db, { statuses: CLAIMABLE, now, ...(types === undefined ? {} : { jobTypes: types }) }, 5);
  for (const id of candidates) {
    // The status guard in the claim's WHERE (checked again by the database at write time) is
    // what makes a race safe on any database, not only SQLite's single writer.
    const row = await app.database.transaction(async (tx) => {
      const claimed = await claimJobRow(tx, { id, claimable: CLAIMABLE, workerId, now, leaseUntil: isoAfter(app, options.leaseMs) });
      if (claimed) publishJob(app, claimed);
      return claimed;
    });
    if (row) return row;
  }
  return null;
}

/**
 * Moves a job this worker holds (processing, locked_by = workerId) to `to` and publishes it;
 * null when the lock was lost meanwhile (stale-lock recovery handed the job on). A job that is
 * completed or failed for good tells whoever started it, in the same transaction.
 */
async function finishClaimedJob(app: AppContext, job: JobRow, workerId: string, to: JobStatus, changes: Partial<NewJobRow>): Promise<JobRow | null> {
  assertStateMachineTransition(JOB_STATUS_MACHINE, 'processing', to);
  const now = app.clock.now();
  return app.database.transaction(async (tx) => {
    const row = await updateHeldJobRow(tx, job.id, workerId, {
      ...changes,
      status: to,
      locked_at: null,
      locked_by: null,
      lease_expires_at: null,
      updated_at: now,
    });
    if (!row) return null;
    publishJob(app, row);
    const notice = await noticeOfJobOutcome(tx, app, row);
    if (notice) publishNotification(app, notice);
    return row;
  });
}

/** The handler's result: completed, progress 100. */
export function completeJob(app: AppContext, job: JobRow, workerId: string, result: PayloadJson): Promise<JobRow | null> {
  return finishClaimedJob(app, job, workerId, 'completed', { result_json: result, progress: 100, last_error: null });
}

/** The wait before the next attempt after `attempts` tries: base × 2^(attempts−1), at most max (core's back-off). */
export function retryDelayMs(attempts: number, settings: JobRetrySettings): number {
  return exponentialBackoffMs(attempts, { baseMs: settings.backoffBaseMs, maxMs: settings.backoffMaxMs });
}

function errorMessage(error: unknown): string {
  const cause = driverError(error);
  const message = cause instanceof Error ? cause.message : String(cause);
  return (message || 'Okänt fel').slice(0, MAX_ERROR_LENGTH);
}

/**
 * A failed attempt. A DomainError is input that will never succeed: failed at once, with the
 * error (code, message, details such as a bank file's line errors) as the result. Anything else
 * is transient: retry after the back-off while attempts remain, then failed.
 */
export function failJobAttempt(app: AppContext, job: JobRow, workerId: string, error: unknown, settings: JobRetrySettings): Promise<JobRow | null> {
  const lastError = errorMessage(error);
  if (isDomainError(error)) {
    const refused = { code: error.code, message: error.message, ...(error.details === undefined ? {} : { details: error.details }) };
    return finishClaimedJob(app, job, workerId, 'failed', { last_error: lastError, result_json: { error: refused } });
  }
  if (job.attempts < job.max_attempts) {
    return finishClaimedJob(app, job, workerId, 'retry', { last_error: lastError, run_at: isoAfter(app, retryDelayMs(job.attempts, settings)) });
  }
  return finishClaimedJob(app, job, workerId, 'failed', { last_error: lastError });
}

/**
 * A job the worker had to stop through no fault of its own (the server is shutting down, the
 * database was locked by another process): back to retry after `delayMs`, and the interrupted
 * attempt does not count against max_attempts.
 */
export function requeueInterruptedJob(app: AppContext, job: JobRow, workerId: string, reason: string, delayMs = 0): Promise<JobRow | null> {
  return finishClaimedJob(app, job, workerId, 'retry', { last_error: reason, run_at: isoAfter(app, delayMs), attempts: Math.max(0, job.attempts - 1) });
}

/**
 * Stores progress 0–100 of a job this worker holds, renewing its lease, and returns the row; null
 * when the job is no longer held (the handler should stop). Publishing is the caller's: the
 * worker throttles it. updated_at moves with progress only, so a job whose heartbeat goes on
 * while its handler makes no headway shows as stuck.
 */
export async function recordJobProgress(app: AppContext, job: JobRow, workerId: string, progress: number, leaseMs: number): Promise<JobRow | null> {
  const now = app.clock.now();
  const row = await app.database.transaction((tx) =>
    updateHeldJobRow(tx, job.id, workerId, { progress, lease_expires_at: isoAfter(app, leaseMs), updated_at: now }),
  );
  return row ?? null;
}

/**
 * The heartbeat: extends the lease of a job this worker holds (updated_at stays: it tells when
 * the job last made progress); false when it is no longer held.
 */
export function renewJobLease(app: AppContext, job: JobRow, workerId: string, leaseMs: number): Promise<boolean> {
  return app.database.transaction((tx) => renewHeldJobLease(tx, job.id, workerId, isoAfter(app, leaseMs)));
}

/**
 * Jobs whose lease lapsed (processing, no heartbeat: the worker's process died or hung) go back
 * to retry at once while attempts remain, else failed — a job that kills its worker every time
 * must not loop forever. The attempt that died counts. Found by a plain read; nothing is written
 * when there are none. Returns the recovered rows (published); whoever started a job that failed
 * for good is told (notifications/job-notices.ts).
 */
export async function recoverLapsedJobs(app: AppContext): Promise<JobRow[]> {
  const now = app.clock.now();
  const lapsed = await listLapsedJobRows(app.database.db, now);
  if (lapsed.length === 0) return [];
  return app.database.transaction(async (tx) => {
    const recovered: JobRow[] = [];
    const notices: NotificationRow[] = [];
    for (const job of lapsed) {
      const to: JobStatus = job.attempts < job.max_attempts ? 'retry' : 'failed';
      assertStateMachineTransition(JOB_STATUS_MACHINE, job.status, to);
      // Unchanged since the read: not renewed or taken meanwhile.
      const row = await updateUnchangedJobRow(tx, job, 'lease_expires_at', {
        status: to,
        locked_at: null,
        locked_by: null,
        lease_expires_at: null,
        run_at: to === 'retry' ? now : job.run_at,
        last_error: `Jobbet avbröts: arbetaren ${job.locked_by ?? '?'} slutade svara (lånet gick ut ${job.lease_expires_at ?? '?'})`,
        updated_at: now,
      });
      if (!row) continue;
      recovered.push(row);
      publishJob(app, row);
      const notice = await noticeOfJobOutcome(tx, app, row);
      if (notice) notices.push(notice);
    }
    // As listeners always heard it: the jobs, then who is told of them.
    for (const notice of notices) publishNotification(app, notice);
    return recovered;
  });
}
