// The organisation's system log ('Systemlogg', admin only): the latest 50 rows (part 2 §7).
import useSWR from 'swr';
import { fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';

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

/** Spec part 2 §9: the audit log shows 50 rows. */
export const AUDIT_LOG_LIMIT = 50;

export function auditLogKey(orgId: string): string {
  return `/orgs/${orgId}/audit-log?limit=${AUDIT_LOG_LIMIT}`;
}

export function useAuditLog(enabled = true) {
  const orgId = useCurrentOrgId();
  return useSWR<{ entries: AuditEntry[] }, ApiError>(enabled && orgId ? auditLogKey(orgId) : null, (path: string) =>
    fetchJson<{ entries: AuditEntry[] }>(path),
  );
}
