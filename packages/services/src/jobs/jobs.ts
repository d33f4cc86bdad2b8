import { and, count, desc, eq, isNull, lt, not, or } from 'drizzle-orm';
import { assertStateMachineTransition, DomainError, JOB_STATUS_MACHINE, JOB_STATUSES } from '@fordran/core';
import { jobQueue, type DbOrTx, type JobRow } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { parseInput } from '../schemas/zod-setup';
import { idSchema } from '../schemas/common';
import { jobListQuerySchema, type JobListResponse, type JobResponse, type JobStatsResponse } from '../schemas/jobs';
import { isJobRetryable, JOB_STUCK_AFTER_MS, publishJob, toJobResponse } from './job-queue';

function readJob(db: DbOrTx, orgId: string, id: string): JobRow {
  const row = db
    .select()
    .from(jobQueue)
    .where(and(eq(jobQueue.org_id, orgId), eq(jobQueue.id, id)))
    .get();
  if (!row) throw new DomainError('NOT_FOUND', 'Jobbet hittades inte');
  return row;
}

/** The organisation's jobs per status ('Jobbkö' on /bank-reconciliation); every status is present. */
export function getJobStats(ctx: OrgScope): JobStatsResponse {
  requireScopePermission(ctx, 'jobs.read');
  const rows = ctx.app.store.db
    .select({ status: jobQueue.status, n: count() })
    .from(jobQueue)
    .where(eq(jobQueue.org_id, ctx.membership.org_id))
    .groupBy(jobQueue.status)
    .all();
  const stats = Object.fromEntries(JOB_STATUSES.map((status) => [status, 0])) as JobStatsResponse;
  for (const row of rows) stats[row.status] = row.n;
  return stats;
}

/** isJobRetryable as SQL: failed, or processing with a lapsed lease or no progress for JOB_STUCK_AFTER_MS. */
function retryableAt(now: string) {
  const stuckBefore = new Date(Date.parse(now) - JOB_STUCK_AFTER_MS).toISOString();
  return or(
    eq(jobQueue.status, 'failed'),
    and(eq(jobQueue.status, 'processing'), or(isNull(jobQueue.lease_expires_at), lt(jobQueue.lease_expires_at, now), lt(jobQueue.updated_at, stuckBefore))),
  );
}

/** The latest jobs, newest first, optionally of one status or only those staff may run again. */
export function listJobs(ctx: OrgScope, query: unknown = {}): JobListResponse {
  requireScopePermission(ctx, 'jobs.read');
  const q = parseInput(jobListQuerySchema, query);
  const now = ctx.app.clock.now();
  const rows = ctx.app.store.db
    .select()
    .from(jobQueue)
    .where(
      and(
        eq(jobQueue.org_id, ctx.membership.org_id),
        q.status ? eq(jobQueue.status, q.status) : undefined,
        q.retryable === undefined ? undefined : q.retryable ? retryableAt(now) : not(retryableAt(now)!),
      ),
    )
    .orderBy(desc(jobQueue.created_at), desc(jobQueue.id))
    .limit(q.limit)
    .all();
  return { items: rows.map((row) => toJobResponse(row, now)) };
}

/** One job of the organisation (NOT_FOUND for another organisation's id). */
export function getJob(ctx: OrgScope, id: string): JobResponse {
  requireScopePermission(ctx, 'jobs.read');
  return toJobResponse(readJob(ctx.app.store.db, ctx.membership.org_id, parseInput(idSchema, id)), ctx.app.clock.now());
}

/**
 * Requeues a failed or stuck job (`retryable`: processing with a lapsed lease or no progress for
 * JOB_STUCK_AFTER_MS): status retry, due now, with a fresh round of max_attempts; last_error
 * stays until the next attempt ends. A stuck job's worker, if it still lives, finds the job gone
 * at its next heartbeat and stops. Anything else is refused (422 INVALID_TRANSITION).
 */
export function retryJob(ctx: OrgScope, id: string): JobResponse {
  // A member who may see jobs learns first whether the id is one of the organisation's (404),
  // then whether they may requeue it (403), as on every object route.
  requireScopePermission(ctx, 'jobs.read');
  const jobId = parseInput(idSchema, id);
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  const row = ctx.app.store.transaction((tx) => {
    const job = readJob(tx, orgId, jobId);
    requireScopePermission(ctx, 'jobs.write');
    assertStateMachineTransition(JOB_STATUS_MACHINE, job.status, 'retry');
    if (!isJobRetryable(job, now))
      throw new DomainError('INVALID_TRANSITION', 'Jobbet körs och gör framsteg; det kan köras om när det misslyckats eller fastnat');
    const updated = tx
      .update(jobQueue)
      .set({
        status: 'retry',
        attempts: 0,
        progress: 0,
        result_json: null,
        run_at: now,
        locked_at: null,
        locked_by: null,
        lease_expires_at: null,
        updated_at: now,
      })
      // Unchanged since the read (a worker may have finished or renewed it meanwhile).
      .where(and(eq(jobQueue.id, job.id), eq(jobQueue.status, job.status), eq(jobQueue.updated_at, job.updated_at)))
      .returning()
      .get();
    if (!updated) throw new DomainError('CONFLICT', 'Jobbet ändrades samtidigt, försök igen');
    appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'job.retried',
      entity: 'job_queue',
      entity_id: job.id,
      payload: { job_type: job.job_type, status: job.status, attempts: job.attempts, last_error: job.last_error },
      created_at: now,
    });
    return updated;
  });
  publishJob(ctx.app, row);
  return toJobResponse(row, now);
}
