import { assertStateMachineTransition, DomainError, JOB_STATUS_MACHINE, JOB_STATUSES } from '@fordran/core';
import { countJobRowsByStatus, findJobRow, listJobRows, updateUnchangedJobRow, type Db, type JobRow } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { parseInput } from '../schemas/zod-setup';
import { idSchema } from '../schemas/common';
import { jobListQuerySchema, type JobListResponse, type JobResponse, type JobStatsResponse } from '../schemas/jobs';
import { isJobRetryable, JOB_STUCK_AFTER_MS, publishJob, toJobResponse } from './job-queue';

async function readJob(db: Db, orgId: string, id: string): Promise<JobRow> {
  const row = await findJobRow(db, orgId, id);
  if (!row) throw new DomainError('NOT_FOUND', 'Jobbet hittades inte');
  return row;
}

/** The organisation's jobs per status ('Jobbkö' on /bank-reconciliation); every status is present. */
export async function getJobStats(ctx: OrgScope): Promise<JobStatsResponse> {
  requireScopePermission(ctx, 'jobs.read');
  const rows = await countJobRowsByStatus(ctx.app.database.db, ctx.membership.org_id);
  const stats = Object.fromEntries(JOB_STATUSES.map((status) => [status, 0])) as JobStatsResponse;
  for (const row of rows) stats[row.status] = row.n;
  return stats;
}

/** The latest jobs, newest first, optionally of one status or only those staff may run again. */
export async function listJobs(ctx: OrgScope, query: unknown = {}): Promise<JobListResponse> {
  requireScopePermission(ctx, 'jobs.read');
  const q = parseInput(jobListQuerySchema, query);
  const now = ctx.app.clock.now();
  // isJobRetryable in the query: failed, or processing with a lapsed lease or no progress for JOB_STUCK_AFTER_MS.
  const stuckBefore = new Date(Date.parse(now) - JOB_STUCK_AFTER_MS).toISOString();
  const rows = await listJobRows(
    ctx.app.database.db,
    ctx.membership.org_id,
    {
      ...(q.status ? { status: q.status } : {}),
      ...(q.retryable === undefined ? {} : { retryable: { retryable: q.retryable, now, stuckBefore } }),
    },
    q.limit,
  );
  return { items: rows.map((row) => toJobResponse(row, now)) };
}

/** One job of the organisation (NOT_FOUND for another organisation's id). */
export async function getJob(ctx: OrgScope, id: string): Promise<JobResponse> {
  requireScopePermission(ctx, 'jobs.read');
  return toJobResponse(await readJob(ctx.app.database.db, ctx.membership.org_id, parseInput(idSchema, id)), ctx.app.clock.now());
}

/**
 * Requeues a failed or stuck job (`retryable`: processing with a lapsed lease or no progress for
 * JOB_STUCK_AFTER_MS): status retry, due now, with a fresh round of max_attempts; last_error
 * stays until the next attempt ends. A stuck job's worker, if it still lives, finds the job gone
 * at its next heartbeat and stops. Anything else is refused (422 INVALID_TRANSITION).
 */
export async function retryJob(ctx: OrgScope, id: string): Promise<JobResponse> {
  // A member who may see jobs learns first whether the id is one of the organisation's (404),
  // then whether they may requeue it (403), as on every object route.
  requireScopePermission(ctx, 'jobs.read');
  const jobId = parseInput(idSchema, id);
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  const row = await ctx.app.database.transaction(async (tx) => {
    const job = await readJob(tx, orgId, jobId);
    requireScopePermission(ctx, 'jobs.write');
    assertStateMachineTransition(JOB_STATUS_MACHINE, job.status, 'retry');
    if (!isJobRetryable(job, now))
      throw new DomainError('INVALID_TRANSITION', 'Jobbet körs och gör framsteg; det kan köras om när det misslyckats eller fastnat');
    // Unchanged since the read (a worker may have finished or renewed it meanwhile).
    const updated = await updateUnchangedJobRow(tx, job, 'updated_at', {
      status: 'retry',
      attempts: 0,
      progress: 0,
      result_json: null,
      run_at: now,
      locked_at: null,
      locked_by: null,
      lease_expires_at: null,
      updated_at: now,
    });
    if (!updated) throw new DomainError('CONFLICT', 'Jobbet ändrades samtidigt, försök igen');
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'job.retried',
      entity: 'job_queue',
      entity_id: job.id,
      payload: { job_type: job.job_type, status: job.status, attempts: job.attempts, last_error: job.last_error },
      created_at: now,
    });
    publishJob(ctx.app, updated);
    return updated;
  });
  return toJobResponse(row, now);
}
