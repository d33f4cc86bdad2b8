// Cases (Ärenden) of the current organisation: the HTTP contract of issue 4
// (packages/services/src/schemas/cases.ts). Amounts are decimal strings ("7950.00").
import useSWR from 'swr';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { useOrgWrites, type OrgWrites } from './org-writes';
import type {
  CaseCreateInput,
  CaseDetail,
  CaseEvent,
  CaseFeeAddInput,
  CaseFeeAddResult,
  CaseFlag,
  CaseHandler,
  CaseInterestResult,
  CaseListParams,
  CaseStage,
  CaseStatus,
  CaseSummary,
  PrescriptionInterruptionInput,
  PrescriptionInterruptionResult,
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
  return useSWR<ListPage<CaseSummary>, ApiError>(orgId ? caseListKey(orgId, params) : null, (path: string) => fetchJson<ListPage<CaseSummary>>(path), {
    keepPreviousData: true,
  });
}

export function useCase(caseId: string) {
  const orgId = useCurrentOrgId();
  return useSWR<CaseDetail, ApiError>(orgId ? caseKey(orgId, caseId) : null, (path: string) => fetchJson<CaseDetail>(path));
}

/** Members who may handle cases, by name (the handler picker). */
export function useCaseHandlers(enabled = true) {
  const orgId = useCurrentOrgId();
  return useSWR<{ handlers: CaseHandler[] }, ApiError>(enabled && orgId ? `/orgs/${orgId}/case-handlers` : null, (path: string) =>
    fetchJson<{ handlers: CaseHandler[] }>(path),
  );
}

/** The timeline, newest first. */
export function useCaseEvents(caseId: string) {
  const orgId = useCurrentOrgId();
  return useSWR<{ events: CaseEvent[] }, ApiError>(orgId ? caseEventsKey(orgId, caseId) : null, (path: string) => fetchJson<{ events: CaseEvent[] }>(path));
}

/**
 * Writes on cases. Each puts the returned case in the cache and revalidates its timeline and
 * every loaded case list of the organisation (totals, status and flags show on the cards). A
 * refused write re-reads the case too: a rule that blocks an action still records the flag
 * that explains why (ACTION_BLOCKED), and the banner must show it.
 */
function caseWrites({ orgId, mutate }: OrgWrites) {
  const settle = async (id: string, detail: CaseDetail): Promise<void> => {
    await Promise.all([mutate(caseKey(id, detail.id), detail, { revalidate: false }), mutate(caseEventsKey(id, detail.id)), mutate(isListKeyOf(casesKey(id)))]);
  };
  /** Runs a write on one case and settles the cache after it, whether it worked or not. */
  const onCase = async <T>(caseId: string, write: (id: string) => Promise<T>, detailOf: (result: T) => CaseDetail): Promise<T> => {
    const id = orgId();
    let result: T;
    try {
      result = await write(id);
    } catch (error) {
      await Promise.all([mutate(caseKey(id, caseId)), mutate(caseEventsKey(id, caseId)), mutate(isListKeyOf(casesKey(id)))]);
      throw error;
    }
    await settle(id, detailOf(result));
    return result;
  };
  const itself = (detail: CaseDetail) => detail;
  const withCase = (result: { case: CaseDetail }) => result.case;
  return {
    async createCase(input: CaseCreateInput): Promise<CaseDetail> {
      const id = orgId();
      const detail = await api.post<CaseDetail>(casesKey(id), input);
      await settle(id, detail);
      return detail;
    },
    changeStatus(caseId: string, status: CaseStatus, reason?: string): Promise<CaseDetail> {
      const body = reason ? { status, reason } : { status };
      return onCase(caseId, (id) => api.post<CaseDetail>(`${caseKey(id, caseId)}/status`, body), itself);
    },
    /** Gives the case to a member (null: nobody); the new handler is notified. */
    assignHandler(caseId: string, handlerId: string | null): Promise<CaseDetail> {
      return onCase(caseId, (id) => api.post<CaseDetail>(`${caseKey(id, caseId)}/handler`, { handler_id: handlerId }), itself);
    },
    changeStage(caseId: string, stage: CaseStage): Promise<CaseDetail> {
      return onCase(caseId, (id) => api.post<CaseDetail>(`${caseKey(id, caseId)}/stage`, { stage }), itself);
    },
    addFee(caseId: string, input: CaseFeeAddInput): Promise<CaseFeeAddResult> {
      return onCase(caseId, (id) => api.post<CaseFeeAddResult>(`${caseKey(id, caseId)}/fees`, input), withCase);
    },
    calculateInterest(caseId: string, asOf?: string): Promise<CaseInterestResult> {
      const body = asOf ? { as_of: asOf } : {};
      return onCase(caseId, (id) => api.post<CaseInterestResult>(`${caseKey(id, caseId)}/interest`, body), withCase);
    },
    /** A manual preskriptionsavbrott with its reason; the case (its prescription) and timeline are read again. */
    async addPrescriptionInterruption(caseId: string, input: PrescriptionInterruptionInput): Promise<PrescriptionInterruptionResult> {
      const id = orgId();
      const result = await api.post<PrescriptionInterruptionResult>(`${caseKey(id, caseId)}/prescription-interruptions`, input);
      await Promise.all([mutate(caseKey(id, caseId)), mutate(caseEventsKey(id, caseId)), mutate(isListKeyOf(casesKey(id)))]);
      return result;
    },
    /** A blocking flag needs `reason` (kept in the timeline and the system log). */
    resolveFlag(caseId: string, flagId: string, reason?: string): Promise<{ flag: CaseFlag; case: CaseDetail }> {
      const path = (id: string) => `${caseKey(id, caseId)}/flags/${encodeURIComponent(flagId)}/resolve`;
      return onCase(caseId, (id) => api.post<{ flag: CaseFlag; case: CaseDetail }>(path(id), reason ? { reason } : {}), withCase);
    },
  };
}

export function useCaseMutations() {
  return useOrgWrites(caseWrites);
}
