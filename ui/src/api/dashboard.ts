// Dashboard figures of the current organisation.
import useSWR from 'swr';
import { fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import type { DashboardResponse } from '@fordran/services';

export type DashboardSummary = DashboardResponse;
export type SystemHealth = DashboardSummary['system_health'];

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
