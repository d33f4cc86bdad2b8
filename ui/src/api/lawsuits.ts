// Lawsuits ('Tvistemål', API: GET/POST /orgs/:orgId/lawsuits, GET …/suggestion, GET …/:id,
// POST …/:id/status, …/:id/deadlines, …/:id/deadlines/:code/done, PUT …/:id/notes,
// POST …/:id/documents, GET …/:id/documents/:documentId). Amounts are decimal strings.
import useSWR from 'swr';
import type {
  LawsuitCreateInput,
  LawsuitDeadlineAddInput,
  LawsuitDetail,
  LawsuitListResponse,
  LawsuitStatusChangeInput,
  LawsuitSummary,
  LawsuitTrackSuggestion,
} from '@fordran/services';
import { api, apiDownload, fetchJson, type ApiError, type DownloadedFile } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { caseEventsKey, caseKey } from './cases';
import { listPath } from './list';
import { useOrgWrites, type OrgWrites } from './org-writes';

export type { LawsuitDetail, LawsuitSummary, LawsuitTrackSuggestion };
export type LawsuitStatus = LawsuitSummary['status'];
export type LawsuitTrack = LawsuitSummary['track'];

export function lawsuitsKey(orgId: string): string {
  return `/orgs/${orgId}/lawsuits`;
}

function lawsuitKey(orgId: string, lawsuitId: string): string {
  return `${lawsuitsKey(orgId)}/${encodeURIComponent(lawsuitId)}`;
}

export function useLawsuits(filters: { status?: LawsuitStatus | undefined; track?: LawsuitTrack | undefined }) {
  const orgId = useCurrentOrgId();
  return useSWR<LawsuitListResponse, ApiError>(orgId ? listPath(lawsuitsKey(orgId), filters) : null, (path: string) => fetchJson<LawsuitListResponse>(path), {
    keepPreviousData: true,
  });
}

export function useLawsuit(lawsuitId: string) {
  const orgId = useCurrentOrgId();
  return useSWR<LawsuitDetail, ApiError>(orgId ? lawsuitKey(orgId, lawsuitId) : null, (path: string) => fetchJson<LawsuitDetail>(path));
}

/** The suggested track of a case, with the reason and the court fees; null until a case is chosen. */
export function useLawsuitSuggestion(caseId: string | null) {
  const orgId = useCurrentOrgId();
  return useSWR<LawsuitTrackSuggestion, ApiError>(orgId && caseId ? listPath(`${lawsuitsKey(orgId)}/suggestion`, { case_id: caseId }) : null, (path: string) =>
    fetchJson<LawsuitTrackSuggestion>(path),
  );
}

/** Writes on lawsuits: each puts the returned lawsuit in the cache and revalidates the lists and the linked case. */
function lawsuitWrites({ orgId, mutate }: OrgWrites) {
  const settle = async (id: string, detail: LawsuitDetail): Promise<LawsuitDetail> => {
    const base = lawsuitsKey(id);
    await Promise.all([
      mutate(lawsuitKey(id, detail.id), detail, { revalidate: false }),
      mutate((key) => typeof key === 'string' && (key === base || key.startsWith(`${base}?`))),
      mutate(caseKey(id, detail.case_id)),
      mutate(caseEventsKey(id, detail.case_id)),
    ]);
    return detail;
  };
  const onLawsuit = async (lawsuitId: string, write: (path: string) => Promise<LawsuitDetail>): Promise<LawsuitDetail> => {
    const id = orgId();
    return settle(id, await write(lawsuitKey(id, lawsuitId)));
  };
  return {
    async create(input: LawsuitCreateInput): Promise<LawsuitDetail> {
      const id = orgId();
      return settle(id, await api.post<LawsuitDetail>(lawsuitsKey(id), input));
    },
    changeStatus: (lawsuitId: string, input: LawsuitStatusChangeInput) => onLawsuit(lawsuitId, (path) => api.post<LawsuitDetail>(`${path}/status`, input)),
    addDeadline: (lawsuitId: string, input: LawsuitDeadlineAddInput) => onLawsuit(lawsuitId, (path) => api.post<LawsuitDetail>(`${path}/deadlines`, input)),
    completeDeadline: (lawsuitId: string, code: string) =>
      onLawsuit(lawsuitId, (path) => api.post<LawsuitDetail>(`${path}/deadlines/${encodeURIComponent(code)}/done`)),
    saveNotes: (lawsuitId: string, notes: string) => onLawsuit(lawsuitId, (path) => api.put<LawsuitDetail>(`${path}/notes`, { notes })),
    uploadDocument(lawsuitId: string, file: File): Promise<LawsuitDetail> {
      const form = new FormData();
      form.append('file', file);
      return onLawsuit(lawsuitId, (path) => api.post<LawsuitDetail>(`${path}/documents`, form));
    },
    downloadDocument(lawsuitId: string, documentId: string): Promise<DownloadedFile> {
      return apiDownload(`${lawsuitKey(orgId(), lawsuitId)}/documents/${encodeURIComponent(documentId)}`);
    },
  };
}

export function useLawsuitMutations() {
  return useOrgWrites(lawsuitWrites);
}
