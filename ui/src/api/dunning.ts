// Dunning ('Kravplan', API: GET /orgs/:orgId/dunning/plans, PUT …/plans/organisation,
// PUT|DELETE …/plans/creditors/:creditorId, GET/POST …/dunning/runs).
import useSWR from 'swr';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { useOrgWrites, type OrgWrites } from './org-writes';
import type {
  DunningPlanResponse,
  DunningPlanSaveInput,
  DunningPlansResponse,
  DunningRunInput,
  DunningRunListResponse,
  DunningRunResult,
} from '@fordran/services';

export type DunningPlans = DunningPlansResponse;
export type DunningPlan = DunningPlanResponse;
export type DunningStep = DunningPlan['steps'][number];
export type DunningStepInput = DunningPlanSaveInput['steps'][number];
export type DunningRun = DunningRunListResponse['items'][number];
export type DunningRunOutcome = DunningRunResult;

export function dunningKey(orgId: string): string {
  return `/orgs/${orgId}/dunning`;
}

export function useDunningPlans() {
  const orgId = useCurrentOrgId();
  return useSWR<DunningPlans, ApiError>(orgId ? `${dunningKey(orgId)}/plans` : null, (path: string) => fetchJson<DunningPlans>(path));
}

export function useDunningRuns() {
  const orgId = useCurrentOrgId();
  return useSWR<DunningRunListResponse, ApiError>(orgId ? `${dunningKey(orgId)}/runs` : null, (path: string) => fetchJson<DunningRunListResponse>(path));
}

/** Saving the organisation's plan or a creditor's own, removing a creditor's, and running (each revalidates what it changed). */
function dunningWrites({ orgId, mutate }: OrgWrites) {
  return {
    async savePlan(steps: DunningStepInput[]): Promise<DunningPlan> {
      const id = orgId();
      const plan = await api.put<DunningPlan>(`${dunningKey(id)}/plans/organisation`, { steps });
      await mutate(`${dunningKey(id)}/plans`);
      return plan;
    },
    async saveCreditorPlan(creditorId: string, steps: DunningStepInput[]): Promise<DunningPlan> {
      const id = orgId();
      const plan = await api.put<DunningPlan>(`${dunningKey(id)}/plans/creditors/${encodeURIComponent(creditorId)}`, { steps });
      await mutate(`${dunningKey(id)}/plans`);
      return plan;
    },
    async removeCreditorPlan(creditorId: string): Promise<void> {
      const id = orgId();
      await api.delete(`${dunningKey(id)}/plans/creditors/${encodeURIComponent(creditorId)}`);
      await mutate(`${dunningKey(id)}/plans`);
    },
    async run(input: DunningRunInput): Promise<DunningRunOutcome> {
      const id = orgId();
      const outcome = await api.post<DunningRunOutcome>(`${dunningKey(id)}/runs`, input);
      if (!input.dry_run) await mutate(`${dunningKey(id)}/runs`);
      return outcome;
    },
  };
}

export function useDunningMutations() {
  return useOrgWrites(dunningWrites);
}
