// Cases (Ärenden) of the current organisation: the HTTP contract of issue 4
// (packages/services/src/schemas/cases.ts). Amounts are decimal strings ("7950.00").
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import type {
  CaseCreateInput,
  CaseDetail,
  CaseEvent,
  CaseFeeAddInput,
  CaseFeeAddResult,
  CaseFlag,
  CaseInterestResult,
  CaseListParams,
  CaseStage,
  CaseStatus,
  CaseSummary,
} from './case-types';
import { isListKeyOf, listPath, type ListPage } from './list';

export * from './case-types';

export function casesKey(orgId: string): string {
  return `/orgs/${orgId}/cases`;
}

export function caseListKey(orgId: string, params: CaseListParams): string {
  return listPath(casesKey(orgId), { ...params });
}

export function caseKey(orgId: string, caseId: string): string {
  return `${casesKey(orgId)}/${encodeURIComponent(caseId)}`;
}

export function caseEventsKey(orgId: string, caseId: string): string {
  return `${caseKey(orgId, caseId)}/events`;
}

/** One page of cases; the previous page stays on screen while the next one loads. */
export function useCases(params: CaseListParams) {
  const orgId = useCurrentOrgId();
  return useSWR<ListPage<CaseSummary>, ApiError>(
    orgId ? caseListKey(orgId, params) : null,
    (path: string) => fetchJson<ListPage<CaseSummary>>(path),
    { keepPreviousData: true },
  );
}

export function useCase(caseId: string) {
  const orgId = useCurrentOrgId();
  return useSWR<CaseDetail, ApiError>(orgId ? caseKey(orgId, caseId) : null, (path: string) => fetchJson<CaseDetail>(path));
}

/** The timeline, newest first. */
export function useCaseEvents(caseId: string) {
  const orgId = useCurrentOrgId();
  return useSWR<{ events: CaseEvent[] }, ApiError>(orgId ? caseEventsKey(orgId, caseId) : null, (path: string) =>
    fetchJson<{ events: CaseEvent[] }>(path),
  );
}

/**
 * Writes on cases. Each puts the returned case in the cache and revalidates its timeline and
 * every loaded case list of the organisation (totals, status and flags show on the cards).
 */
export function useCaseMutations() {
  const orgId = useCurrentOrgId();
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const requireOrg = (): string => {
      if (!orgId) throw new Error('Ingen organisation vald');
      return orgId;
    };
    const settle = async (id: string, detail: CaseDetail): Promise<void> => {
      await Promise.all([
        mutate(caseKey(id, detail.id), detail, { revalidate: false }),
        mutate(caseEventsKey(id, detail.id)),
        mutate(isListKeyOf(casesKey(id))),
      ]);
    };
    return {
      async createCase(input: CaseCreateInput): Promise<CaseDetail> {
        const id = requireOrg();
        const detail = await api.post<CaseDetail>(casesKey(id), input);
        await settle(id, detail);
        return detail;
      },
      async changeStatus(caseId: string, status: CaseStatus, reason?: string): Promise<CaseDetail> {
        const id = requireOrg();
        const detail = await api.post<CaseDetail>(`${caseKey(id, caseId)}/status`, reason ? { status, reason } : { status });
        await settle(id, detail);
        return detail;
      },
      async changeStage(caseId: string, stage: CaseStage): Promise<CaseDetail> {
        const id = requireOrg();
        const detail = await api.post<CaseDetail>(`${caseKey(id, caseId)}/stage`, { stage });
        await settle(id, detail);
        return detail;
      },
      async addFee(caseId: string, input: CaseFeeAddInput): Promise<CaseFeeAddResult> {
        const id = requireOrg();
        const result = await api.post<CaseFeeAddResult>(`${caseKey(id, caseId)}/fees`, input);
        await settle(id, result.case);
        return result;
      },
      async calculateInterest(caseId: string, asOf?: string): Promise<CaseInterestResult> {
        const id = requireOrg();
        const result = await api.post<CaseInterestResult>(`${caseKey(id, caseId)}/interest`, asOf ? { as_of: asOf } : {});
        await settle(id, result.case);
        return result;
      },
      async resolveFlag(caseId: string, flagId: string): Promise<{ flag: CaseFlag; case: CaseDetail }> {
        const id = requireOrg();
        const result = await api.post<{ flag: CaseFlag; case: CaseDetail }>(
          `${caseKey(id, caseId)}/flags/${encodeURIComponent(flagId)}/resolve`,
        );
        await settle(id, result.case);
        return result;
      },
    };
  }, [orgId, mutate]);
}
