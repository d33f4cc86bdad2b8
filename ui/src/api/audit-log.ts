// The organisation's system log ('Systemlogg', admin only): 50 rows a page, newest first, paged
// by cursor beyond the latest 50, filtered by days, event and user (part 2 §7; issue 10).
import useSWR from 'swr';
import { fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { listPath } from './list';

export interface AuditEntry {
  id: string;
  actor_id: string | null;
  /** The actor's name or e-mail; null for the system. */
  actor_name: string | null;
  event: string;
  /** The event in Swedish (the server names every code). */
  title: string;
  entity: string | null;
  entity_label: string | null;
  /** Who or what it touched, and the reason of a risky action. */
  detail: string | null;
  entity_id: string | null;
  payload: Record<string, unknown>;
  created_at: string;
}

export interface AuditLogPage {
  entries: AuditEntry[];
  /** Null on the last page. */
  next_cursor: string | null;
}

/** `actor=system`: the rows the system wrote. */
export const SYSTEM_ACTOR = 'system';

export interface AuditLogParams {
  from?: string;
  to?: string;
  event?: string;
  /** A user's id, or `system`. */
  actor?: string;
  cursor?: string;
  limit: number;
}

/** What the filters can choose: the events and the users that occur in the log. */
export interface AuditLogFilterOptions {
  /** The events in the log with their Swedish labels. */
  events: { event: string; label: string }[];
  actors: { id: string; name: string }[];
}

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
