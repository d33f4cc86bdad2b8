// The background job queue's figures (spec part 2 §2 Bankavstämning: job queue status).
import useSWR from 'swr';
import { fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';

export const JOB_STATUSES = ['pending', 'processing', 'completed', 'failed', 'retry'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export type JobStats = Record<JobStatus, number>;

/** Counts by status, whether the API answers `{pending, …}` or `{counts: {pending, …}}`. */
function toJobStats(body: unknown): JobStats {
  const source = (typeof body === 'object' && body !== null && 'counts' in body ? (body as { counts: unknown }).counts : body) as Record<string, unknown> | null;
  const stats = {} as JobStats;
  for (const status of JOB_STATUSES) {
    const value = source?.[status];
    stats[status] = typeof value === 'number' ? value : 0;
  }
  return stats;
}

export function jobStatsKey(orgId: string): string {
  return `/orgs/${orgId}/jobs/stats`;
}

/** Job counts by status, refreshed every 10 s while the page is open. */
export function useJobStats() {
  const orgId = useCurrentOrgId();
  return useSWR<JobStats, ApiError>(orgId ? jobStatsKey(orgId) : null, async (path: string) => toJobStats(await fetchJson<unknown>(path)), {
    refreshInterval: 10_000,
    shouldRetryOnError: false,
  });
}
