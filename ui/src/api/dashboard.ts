// Dashboard figures of the current organisation.
import useSWR from 'swr';
import { fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';

export type SystemHealth = 'ok' | 'warning' | 'error';

export interface DashboardSummary {
  cases_in_work: number;
  /** Decimal string, e.g. "7950.00". */
  unpaid_amount: string;
  new_today: number;
  overdue: number;
  messages: number;
  /** The member's unread notifications (the bell's count). */
  unread_notifications: number;
  system_health: SystemHealth;
  system_health_details?: string;
  /** Where the first problem is dealt with ('/bank-reconciliation', '/finance'). */
  system_health_link?: string;
}

export function dashboardKey(orgId: string): string {
  return `/orgs/${orgId}/dashboard`;
}

export function fetchDashboard(orgId: string): Promise<DashboardSummary> {
  return fetchJson<DashboardSummary>(dashboardKey(orgId));
}

export function useDashboard() {
  const orgId = useCurrentOrgId();
  return useSWR<DashboardSummary, ApiError>(orgId ? dashboardKey(orgId) : null, (path: string) => fetchJson<DashboardSummary>(path));
}
