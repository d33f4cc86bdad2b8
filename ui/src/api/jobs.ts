// Background jobs of the current organisation (job_queue): a large bank-file import runs as one.
// `GET /api/orgs/:orgId/jobs/:id` reads a job; the organisation's event stream sends `job` events
// with the same fields while it runs (ui/src/api/events.ts puts them in this cache).
import useSWR from 'swr';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { useOrgWrites, type OrgWrites } from './org-writes';
import type { JobEvent, JobResponse, JobStatsResponse } from '@fordran/services';

export type JobStatus = JobResponse['status'];

/**
 * A job as read (`JobResponse`) or as the event stream last told it (`JobEvent`, put in this
 * cache by ui/src/api/events.ts), with what it produced typed by the caller.
 */
export type Job<Result = unknown> = Pick<JobResponse, 'id' | 'job_type' | 'status' | 'progress'> &
  Partial<Omit<JobResponse, 'id' | 'job_type' | 'status' | 'progress' | 'result'>> &
  Pick<JobEvent, 'note'> & { result?: Result | null };

/** How often a running job is read again in case an event was missed (the stream is the fast path). */
const JOB_POLL_INTERVAL_MS = 3000;

export function jobKey(orgId: string, jobId: string): string {
  return `/orgs/${orgId}/jobs/${encodeURIComponent(jobId)}`;
}

/** True once a job will not change any more. */
export function isJobFinished(status: JobStatus): boolean {
  return status === 'completed' || status === 'failed';
}

/** Why a job failed: the refused input's message, else the last attempt's error. */
export function jobFailureMessage(job: Job, fallback: string): string {
  const refused = job.result as { error?: { message?: unknown } } | null | undefined;
  const message = refused?.error?.message;
  return typeof message === 'string' ? message : (job.last_error ?? fallback);
}

/** A job followed until it finishes; null follows nothing. */
export function useJob<Result>(jobId: string | null) {
  const orgId = useCurrentOrgId();
  return useSWR<Job<Result>, ApiError>(orgId && jobId ? jobKey(orgId, jobId) : null, (path: string) => fetchJson<Job<Result>>(path), {
    refreshInterval: (latest) => (latest && isJobFinished(latest.status) ? 0 : JOB_POLL_INTERVAL_MS),
  });
}

/** `GET /orgs/:orgId/jobs/stats`: the organisation's jobs per status (the job queue cards on /bank-reconciliation). */
export type JobStats = JobStatsResponse;

export function jobStatsKey(orgId: string): string {
  return `/orgs/${orgId}/jobs/stats`;
}

/** Job counts by status, refreshed every 10 s while the page is open. */
export function useJobStats() {
  const orgId = useCurrentOrgId();
  return useSWR<JobStats, ApiError>(orgId ? jobStatsKey(orgId) : null, (path: string) => fetchJson<JobStats>(path), {
    refreshInterval: 10_000,
    shouldRetryOnError: false,
  });
}

/** `GET /orgs/:orgId/jobs?retryable=true`: the failed and stuck jobs, newest first (the jobs needing someone). */
export function retryableJobsKey(orgId: string): string {
  return `/orgs/${orgId}/jobs?retryable=true&limit=20`;
}

export function useRetryableJobs() {
  const orgId = useCurrentOrgId();
  return useSWR<{ items: Job[] }, ApiError>(orgId ? retryableJobsKey(orgId) : null, (path: string) => fetchJson<{ items: Job[] }>(path), {
    refreshInterval: 10_000,
  });
}

function jobWrites({ orgId, mutate }: OrgWrites) {
  return {
    /** `POST …/jobs/:id/retry` (admin, finance): queued again with a fresh round of attempts. */
    async retryJob(jobId: string): Promise<Job> {
      const id = orgId();
      const job = await api.post<Job>(`${jobKey(id, jobId)}/retry`);
      await Promise.all([mutate(retryableJobsKey(id)), mutate(jobStatsKey(id)), mutate(jobKey(id, jobId), job, { revalidate: false })]);
      return job;
    },
  };
}

export function useJobMutations() {
  return useOrgWrites(jobWrites);
}
