// Background jobs of the current organisation (job_queue): a large bank-file import runs as one.
// `GET /api/orgs/:orgId/jobs/:id` reads a job; the organisation's event stream sends `job` events
// with the same fields while it runs (ui/src/api/events.ts puts them in this cache).
import useSWR from 'swr';
import { fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';

export type JobStatus = 'pending' | 'processing' | 'completed' | 'failed' | 'retry';

export interface Job<Result = unknown> {
  id: string;
  job_type: string;
  status: JobStatus;
  /** 0–100. */
  progress: number;
  /** What a completed job produced (an import: its summary). */
  result?: Result | null;
  last_error?: string | null;
}

/** How often a running job is read again in case an event was missed (the stream is the fast path). */
const JOB_POLL_INTERVAL_MS = 3000;

export function jobKey(orgId: string, jobId: string): string {
  return `/orgs/${orgId}/jobs/${encodeURIComponent(jobId)}`;
}

/** True once a job will not change any more. */
export function isJobFinished(status: JobStatus): boolean {
  return status === 'completed' || status === 'failed';
}

/** A job followed until it finishes; null follows nothing. */
export function useJob<Result>(jobId: string | null) {
  const orgId = useCurrentOrgId();
  return useSWR<Job<Result>, ApiError>(orgId && jobId ? jobKey(orgId, jobId) : null, (path: string) => fetchJson<Job<Result>>(path), {
    refreshInterval: (latest) => (latest && isJobFinished(latest.status) ? 0 : JOB_POLL_INTERVAL_MS),
  });
}
