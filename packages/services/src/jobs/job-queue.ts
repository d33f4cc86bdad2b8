import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { assertStateMachineTransition, canStateMachineTransition, isDomainError, JOB_STATUS_MACHINE, JOB_STATUSES, type JobStatus } from '@fordran/core';
import { jobQueue, type DbOrTx, type JobRow, type NewJobRow, type PayloadJson } from '@fordran/store';
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
 * Announces a committed job change to the organisation's live listeners (SSE event `job`).
 * Call it only after the transaction that wrote `row` has committed.
 */
export function publishJob(app: AppContext, row: JobRow, note?: string): void {
  const data: JobEvent = { id: row.id, job_type: row.job_type, status: row.status, progress: row.progress, attempts: row.attempts };
  if (row.result_json && (row.status === 'completed' || row.status === 'failed')) data.result = row.result_json;
  if (row.last_error) data.last_error = row.last_error;
  if (note !== undefined) data.note = note;
  app.events.publish({ type: 'job', org_id: row.org_id, data });
}

function isoAfter(app: AppContext, ms: number): string {
  return new Date(nowMs(app.clock) + ms).toISOString();
}

/**
 * Puts a job on the queue and returns its row. Pass the caller's transaction when the job belongs
 * to something the caller writes (the job then exists exactly when that write commits), or
 * `app.store.db` on its own. It is not published: announce it with `publishJob(app, row)` after
 * the commit if listeners should see it waiting.
 * @example const job = ctx.app.store.transaction((tx) => enqueueJob(tx, ctx.app, { org_id, job_type: 'bank_import', payload: { file_key } }));
 */
export function enqueueJob(db: DbOrTx, app: AppContext, input: EnqueueJobInput): JobRow {
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
  return db.insert(jobQueue).values(row).returning().get();
}

/**
 * Marks job `id` processing for `workerId`, leased until `leaseUntil`, if it is still claimable;
 * null when another worker got there first. The status guard in the WHERE (checked again by the
 * database at write time) is what makes a race safe on any database, not only SQLite's single
 * writer.
 */
export function tryClaimJob(db: DbOrTx, id: string, workerId: string, now: string, leaseUntil: string): JobRow | null {
  const claimed = db
    .update(jobQueue)
    .set({ status: 'processing', locked_at: now, locked_by: workerId, lease_expires_at: leaseUntil, attempts: sql`${jobQueue.attempts} + 1`, updated_at: now })
    .where(and(eq(jobQueue.id, id), inArray(jobQueue.status, CLAIMABLE)))
    .returning()
    .all();
  return claimed[0] ?? null;
}

/**
 * Claims the oldest due job (pending or retry, run_at ≤ now) of the given types (all types when
 * omitted) for `workerId` with a lease of `leaseMs`, and publishes it as processing; null when
 * nothing is due. The candidates are found by a plain read, so an idle worker writes nothing
 * (another process's long write is not held up, nor is this process by it); each claim is one
 * conditional UPDATE.
 */
export function claimNextJob(app: AppContext, workerId: string, options: { jobTypes?: readonly string[]; leaseMs: number }): JobRow | null {
  const types = options.jobTypes;
  if (types !== undefined && types.length === 0) return null;
  const now = app.clock.now();
  const due = and(inArray(jobQueue.status, CLAIMABLE), lte(jobQueue.run_at, now), types === undefined ? undefined : inArray(jobQueue.job_type, [...types]));
  // A few candidates, in case others win the first ones between our read and our write.
  const candidates = app.store.db
    .select({ id: jobQueue.id })
    .from(jobQueue)
    .where(due)
    .orderBy(asc(jobQueue.run_at), asc(jobQueue.created_at), asc(jobQueue.id))
    .limit(5)
    .all();
  for (const candidate of candidates) {
    const row = tryClaimJob(app.store.db, candidate.id, workerId, now, isoAfter(app, options.leaseMs));
    if (row) {
      publishJob(app, row);
      return row;
    }
  }
  return null;
}

/** The WHERE of every write by the job's holder: still processing and still locked by it. */
function heldBy(job: JobRow, workerId: string) {
  return and(eq(jobQueue.id, job.id), eq(jobQueue.status, 'processing'), eq(jobQueue.locked_by, workerId));
}

/**
 * Moves a job this worker holds (processing, locked_by = workerId) to `to` and publishes it;
 * null when the lock was lost meanwhile (stale-lock recovery handed the job on). A job that is
 * completed or failed for good tells whoever started it, in the same transaction.
 */
function finishClaimedJob(app: AppContext, job: JobRow, workerId: string, to: JobStatus, changes: Partial<NewJobRow>): JobRow | null {
  assertStateMachineTransition(JOB_STATUS_MACHINE, 'processing', to);
  const now = app.clock.now();
  const { row, notice } = app.store.transaction((tx) => {
    const rows = tx
      .update(jobQueue)
      .set({ ...changes, status: to, locked_at: null, locked_by: null, lease_expires_at: null, updated_at: now })
      .where(heldBy(job, workerId))
      .returning()
      .all();
    const finished = rows[0] ?? null;
    return { row: finished, notice: finished ? noticeOfJobOutcome(tx, app, finished) : null };
  });
  if (row) publishJob(app, row);
  if (notice) publishNotification(app, notice);
  return row;
}

/** The handler's result: completed, progress 100. */
export function completeJob(app: AppContext, job: JobRow, workerId: string, result: PayloadJson): JobRow | null {
  return finishClaimedJob(app, job, workerId, 'completed', { result_json: result, progress: 100, last_error: null });
}

/** The wait before the next attempt after `attempts` tries: base × 2^(attempts−1), at most max. */
export function retryDelayMs(attempts: number, settings: JobRetrySettings): number {
  const exponent = Math.max(0, attempts - 1);
  // 2^exponent grows past any cap quickly; stop doubling once the cap is reached.
  return exponent >= 31 ? settings.backoffMaxMs : Math.min(settings.backoffBaseMs * 2 ** exponent, settings.backoffMaxMs);
}

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message || 'Okänt fel').slice(0, MAX_ERROR_LENGTH);
}

/**
 * A failed attempt. A DomainError is input that will never succeed: failed at once, with the
 * error (code, message, details such as a bank file's line errors) as the result. Anything else
 * is transient: retry after the back-off while attempts remain, then failed.
 */
export function failJobAttempt(app: AppContext, job: JobRow, workerId: string, error: unknown, settings: JobRetrySettings): JobRow | null {
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
export function requeueInterruptedJob(app: AppContext, job: JobRow, workerId: string, reason: string, delayMs = 0): JobRow | null {
  return finishClaimedJob(app, job, workerId, 'retry', { last_error: reason, run_at: isoAfter(app, delayMs), attempts: Math.max(0, job.attempts - 1) });
}

/**
 * Stores progress 0–100 of a job this worker holds, renewing its lease, and returns the row; null
 * when the job is no longer held (the handler should stop). Publishing is the caller's: the
 * worker throttles it. updated_at moves with progress only, so a job whose heartbeat goes on
 * while its handler makes no headway shows as stuck.
 */
export function recordJobProgress(app: AppContext, job: JobRow, workerId: string, progress: number, leaseMs: number): JobRow | null {
  const now = app.clock.now();
  const rows = app.store.db
    .update(jobQueue)
    .set({ progress, lease_expires_at: isoAfter(app, leaseMs), updated_at: now })
    .where(heldBy(job, workerId))
    .returning()
    .all();
  return rows[0] ?? null;
}

/**
 * The heartbeat: extends the lease of a job this worker holds; false when it is no longer held.
 * updated_at is kept as it was (the column would otherwise take the time of any update): it tells
 * when the job last made progress.
 */
export function renewJobLease(app: AppContext, job: JobRow, workerId: string, leaseMs: number): boolean {
  return (
    app.store.db
      .update(jobQueue)
      .set({ lease_expires_at: isoAfter(app, leaseMs), updated_at: sql`${jobQueue.updated_at}` })
      .where(heldBy(job, workerId))
      .run().changes > 0
  );
}

/**
 * Jobs whose lease lapsed (processing, no heartbeat: the worker's process died or hung) go back
 * to retry at once while attempts remain, else failed — a job that kills its worker every time
 * must not loop forever. The attempt that died counts. Found by a plain read; nothing is written
 * when there are none. Returns the recovered rows (published); whoever started a job that failed
 * for good is told (notifications/job-notices.ts).
 */
export function recoverLapsedJobs(app: AppContext): JobRow[] {
  const now = app.clock.now();
  const lapsed = app.store.db
    .select()
    .from(jobQueue)
    .where(and(eq(jobQueue.status, 'processing'), lt(jobQueue.lease_expires_at, now)))
    .all();
  if (lapsed.length === 0) return [];
  const recovered = app.store.transaction((tx) => {
    const rows = lapsed.flatMap((job) => {
      const to: JobStatus = job.attempts < job.max_attempts ? 'retry' : 'failed';
      assertStateMachineTransition(JOB_STATUS_MACHINE, job.status, to);
      return (
        tx
          .update(jobQueue)
          .set({
            status: to,
            locked_at: null,
            locked_by: null,
            lease_expires_at: null,
            run_at: to === 'retry' ? now : job.run_at,
            last_error: `Jobbet avbröts: arbetaren ${job.locked_by ?? '?'} slutade svara (lånet gick ut ${job.lease_expires_at ?? '?'})`,
            updated_at: now,
          })
          // Unchanged since the read: not renewed or taken meanwhile.
          .where(and(eq(jobQueue.id, job.id), eq(jobQueue.status, 'processing'), eq(jobQueue.lease_expires_at, job.lease_expires_at ?? '')))
          .returning()
          .all()
      );
    });
    return { rows, notices: rows.flatMap((row) => noticeOfJobOutcome(tx, app, row) ?? []) };
  });
  for (const row of recovered.rows) publishJob(app, row);
  for (const notice of recovered.notices) publishNotification(app, notice);
  return recovered.rows;
}
