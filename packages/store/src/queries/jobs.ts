import { and, asc, count, desc, eq, inArray, isNull, lt, lte, not, or, sql, type SQL } from 'drizzle-orm';
import { engineOf, type Db } from '../database';
import { jobQueue } from '../schema';
import type { JobRow, NewJobRow } from '../types';

/*
 * The job queue's rows (services' jobs/job-queue.ts tells the life of a job). Every state write
 * is guarded by its WHERE (status, holder, or the row unchanged since it was read), checked again
 * by the database at write time, so two workers — in one process or several on the same database
 * — never both win a job or finish one they no longer hold.
 */

type JobStatus = JobRow['status'];

export async function insertJobRow(tx: Db, row: NewJobRow): Promise<JobRow> {
  return (await tx.insert(jobQueue).values(row).returning())[0]!;
}

/** One job of the organisation; undefined for another organisation's id. */
export async function findJobRow(db: Db, orgId: string, id: string): Promise<JobRow | undefined> {
  return (
    await db
      .select()
      .from(jobQueue)
      .where(and(eq(jobQueue.org_id, orgId), eq(jobQueue.id, id)))
      .limit(1)
  )[0];
}

/** A job by id alone (the worker's own job, whichever organisation it is for). */
export async function findJobRowById(db: Db, id: string): Promise<JobRow | undefined> {
  return (await db.select().from(jobQueue).where(eq(jobQueue.id, id)).limit(1))[0];
}

/**
 * The ids of the oldest due jobs (status among `statuses`, run_at ≤ now) of the given types (all
 * types when omitted), at most `limit`: a plain read, so an idle worker writes nothing.
 */
export async function listDueJobIds(
  db: Db,
  due: { statuses: readonly JobStatus[]; now: string; jobTypes?: readonly string[] },
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: jobQueue.id })
    .from(jobQueue)
    .where(
      and(
        inArray(jobQueue.status, [...due.statuses]),
        lte(jobQueue.run_at, due.now),
        due.jobTypes === undefined ? undefined : inArray(jobQueue.job_type, [...due.jobTypes]),
      ),
    )
    .orderBy(asc(jobQueue.run_at), asc(jobQueue.created_at), asc(jobQueue.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Marks job `id` processing for `workerId`, leased until `leaseUntil`, attempts + 1, if its status
 * is still one of `claimable`; undefined when another worker got there first.
 *
 * On PostgreSQL a job whose row another worker has locked (it is claiming it right now, on this
 * instance or another) is passed over at once (FOR UPDATE SKIP LOCKED): waiting for that claim
 * would only end in a serialization failure and a run again of this transaction, for every worker
 * but one racing to the same oldest job. The status guard stays what makes the claim safe.
 */
export async function claimJobRow(
  tx: Db,
  claim: { id: string; claimable: readonly JobStatus[]; workerId: string; now: string; leaseUntil: string },
): Promise<JobRow | undefined> {
  const rows = await tx
    .update(jobQueue)
    .set({
      status: 'processing',
      locked_at: claim.now,
      locked_by: claim.workerId,
      lease_expires_at: claim.leaseUntil,
      attempts: sql`${jobQueue.attempts} + 1`,
      updated_at: claim.now,
    })
    .where(and(eq(jobQueue.id, claim.id), inArray(jobQueue.status, [...claim.claimable]), notLockedOnPostgres(tx, claim.id)))
    .returning();
  return rows[0];
}

function notLockedOnPostgres(tx: Db, id: string): SQL | undefined {
  if (engineOf(tx) !== 'postgres') return undefined;
  return sql`${jobQueue.id} IN (SELECT "id" FROM ${jobQueue} WHERE "id" = ${id} FOR UPDATE SKIP LOCKED)`;
}

/** The WHERE of every write by the job's holder: still processing and still locked by it. */
function heldBy(jobId: string, workerId: string): SQL | undefined {
  return and(eq(jobQueue.id, jobId), eq(jobQueue.status, 'processing'), eq(jobQueue.locked_by, workerId));
}

/** Changes a job `workerId` still holds; undefined when it no longer does. */
export async function updateHeldJobRow(tx: Db, jobId: string, workerId: string, change: Partial<NewJobRow>): Promise<JobRow | undefined> {
  return (await tx.update(jobQueue).set(change).where(heldBy(jobId, workerId)).returning())[0];
}

/**
 * Extends the lease of a job `workerId` still holds; false when it no longer does. updated_at is
 * kept as it was (the column would otherwise take the time of any update): it tells when the job
 * last made progress.
 */
export async function renewHeldJobLease(tx: Db, jobId: string, workerId: string, leaseUntil: string): Promise<boolean> {
  const rows = await tx
    .update(jobQueue)
    .set({ lease_expires_at: leaseUntil, updated_at: sql`${jobQueue.updated_at}` })
    .where(heldBy(jobId, workerId))
    .returning({ id: jobQueue.id });
  return rows.length > 0;
}

/** Processing jobs whose lease ended before `now` (their worker died or hung). */
export function listLapsedJobRows(db: Db, now: string): Promise<JobRow[]> {
  return db
    .select()
    .from(jobQueue)
    .where(and(eq(jobQueue.status, 'processing'), lt(jobQueue.lease_expires_at, now)));
}

/**
 * Changes `job` if it is unchanged since it was read: same status and same `column` value (a
 * lapsed job's lease, a job's updated_at). Undefined when a worker renewed, took or finished it
 * meanwhile.
 */
export async function updateUnchangedJobRow(
  tx: Db,
  job: JobRow,
  column: 'lease_expires_at' | 'updated_at',
  change: Partial<NewJobRow>,
): Promise<JobRow | undefined> {
  const rows = await tx
    .update(jobQueue)
    .set(change)
    .where(and(eq(jobQueue.id, job.id), eq(jobQueue.status, job.status), eq(jobQueue[column], job[column] ?? '')))
    .returning();
  return rows[0];
}

/** How many of the organisation's jobs are in each status (statuses without jobs are missing). */
export function countJobRowsByStatus(db: Db, orgId: string): Promise<{ status: JobStatus; n: number }[]> {
  return db
    .select({ status: jobQueue.status, n: count().mapWith(Number) })
    .from(jobQueue)
    .where(eq(jobQueue.org_id, orgId))
    .groupBy(jobQueue.status);
}

/**
 * What staff may requeue, as of `now`: failed, or processing with a lapsed (or no) lease or no
 * progress since `stuckBefore` (services' isJobRetryable).
 */
export interface JobRetryableFilter {
  retryable: boolean;
  now: string;
  stuckBefore: string;
}

function retryableCondition({ now, stuckBefore }: JobRetryableFilter): SQL {
  return or(
    eq(jobQueue.status, 'failed'),
    and(eq(jobQueue.status, 'processing'), or(isNull(jobQueue.lease_expires_at), lt(jobQueue.lease_expires_at, now), lt(jobQueue.updated_at, stuckBefore))),
  )!;
}

/** The organisation's latest jobs, newest first, optionally of one status and/or (not) retryable. */
export function listJobRows(db: Db, orgId: string, filter: { status?: JobStatus; retryable?: JobRetryableFilter }, limit: number): Promise<JobRow[]> {
  const { status, retryable } = filter;
  return db
    .select()
    .from(jobQueue)
    .where(
      and(
        eq(jobQueue.org_id, orgId),
        status ? eq(jobQueue.status, status) : undefined,
        retryable === undefined ? undefined : retryable.retryable ? retryableCondition(retryable) : not(retryableCondition(retryable)),
      ),
    )
    .orderBy(desc(jobQueue.created_at), desc(jobQueue.id))
    .limit(limit);
}
