// The background job queue's figures (spec part 2 §2 Bankavstämning: job queue status).
import useSWR from 'swr';
import { fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';

export const JOB_STATUSES = ['pending', 'processing', 'completed', 'failed', 'retry'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** `GET /orgs/:orgId/jobs/stats`: the organisation's jobs per status. */
export type JobStats = Record<JobStatus, number>;

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
