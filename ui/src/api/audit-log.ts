// The organisation's system log ('Systemlogg', admin only): 50 rows a page, newest first, paged
// by cursor beyond the latest 50, filtered by days, event and user (part 2 §7; issue 10).
import useSWR from 'swr';
import { fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { listPath } from './list';
import type { AuditEntryResponse, AuditLogFiltersResponse, AuditLogQuery, AuditLogResponse } from '@fordran/services';

export type AuditEntry = AuditEntryResponse;
export type AuditLogPage = AuditLogResponse;

/** `actor=system`: the rows the system wrote. */
export const SYSTEM_ACTOR = 'system';

export type AuditLogParams = AuditLogQuery & { limit: number };

/** What the filters can choose: the events and the users that occur in the log. */
export type AuditLogFilterOptions = AuditLogFiltersResponse;

function auditLogBase(orgId: string): string {
  return `/orgs/${orgId}/audit-log`;
}

/** One page; null params load nothing. The previous page stays on screen while the next loads. */
export function useAuditLog(params: AuditLogParams | null) {
  const orgId = useCurrentOrgId();
  return useSWR<AuditLogPage, ApiError>(
    orgId && params ? listPath(auditLogBase(orgId), { ...params }) : null,
    (path: string) => fetchJson<AuditLogPage>(path),
    {
      keepPreviousData: true,
    },
  );
}

export function useAuditLogFilterOptions() {
  const orgId = useCurrentOrgId();
  return useSWR<AuditLogFilterOptions, ApiError>(orgId ? `${auditLogBase(orgId)}/filters` : null, (path: string) => fetchJson<AuditLogFilterOptions>(path));
}
