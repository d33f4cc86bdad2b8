// KFM cases (issue 12, docs/kfm.md): the list and detail of applications to Kronofogden, their
// files and status changes (API: GET /orgs/:orgId/kfm, GET …/kfm/:id, POST …/kfm/:id/status,
// GET …/kfm/:id/files/:fileId, GET …/kfm/:id/pdf).
import useSWR from 'swr';
import type {
  KfmCaseDetail,
  KfmCaseListResponse,
  KfmGenerateResponse,
  KfmPrecheckResponse,
  KfmSnapshotInput,
  KfmStatusChangeInput,
  KfmStatusChangeResponse,
} from '@fordran/services';
import { api, apiDownload, fetchJson, type ApiError, type DownloadedFile } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { caseKey } from './cases';
import { isKeyUnder, listPath } from './list';
import { useOrgWrites, type OrgWrites } from './org-writes';

export type KfmCase = KfmCaseDetail;
export type KfmCaseRow = KfmCaseListResponse['kfm_cases'][number];
export type KfmStatus = KfmCaseRow['status'];

export type KfmPrecheck = KfmPrecheckResponse;
export type KfmGenerated = KfmGenerateResponse;
export type KfmSnapshotChoices = KfmSnapshotInput;

export interface KfmListParams {
  case_id?: string;
  status?: string;
  application_type?: string;
  q?: string;
}

export function kfmKey(orgId: string): string {
  return `/orgs/${orgId}/kfm`;
}

export function useKfmCases(params: KfmListParams) {
  const orgId = useCurrentOrgId();
  return useSWR<KfmCaseListResponse, ApiError>(orgId ? listPath(kfmKey(orgId), { ...params }) : null, (path: string) => fetchJson<KfmCaseListResponse>(path));
}

export function useKfmCase(id: string) {
  const orgId = useCurrentOrgId();
  return useSWR<KfmCase, ApiError>(orgId ? `${kfmKey(orgId)}/${encodeURIComponent(id)}` : null, (path: string) => fetchJson<KfmCase>(path));
}

function kfmWrites({ orgId, mutate }: OrgWrites) {
  /** After a step of the case's escalation: the case (timeline, stage, counts) and the KFM lists. */
  const revalidateCase = async (caseId: string) => {
    const id = orgId();
    await mutate(isKeyUnder(caseKey(id, caseId)));
    await mutate(isKeyUnder(kfmKey(id)));
  };
  return {
    async precheck(caseId: string): Promise<KfmPrecheck> {
      const result = await api.post<KfmPrecheck>(`${caseKey(orgId(), caseId)}/kfm/precheck`);
      await revalidateCase(caseId);
      return result;
    },
    async snapshot(caseId: string, choices: KfmSnapshotChoices): Promise<KfmCase> {
      const result = await api.post<KfmCase>(`${caseKey(orgId(), caseId)}/kfm/snapshot`, choices);
      await revalidateCase(caseId);
      return result;
    },
    async generate(caseId: string): Promise<KfmGenerated> {
      const result = await api.post<KfmGenerated>(`${caseKey(orgId(), caseId)}/kfm/generate`, {});
      await revalidateCase(caseId);
      return result;
    },
    async changeStatus(id: string, input: KfmStatusChangeInput): Promise<KfmStatusChangeResponse> {
      const base = kfmKey(orgId());
      const result = await api.post<KfmStatusChangeResponse>(`${base}/${encodeURIComponent(id)}/status`, input);
      await mutate(isKeyUnder(base));
      return result;
    },
    downloadFile(id: string, fileId: string): Promise<DownloadedFile> {
      return apiDownload(`${kfmKey(orgId())}/${encodeURIComponent(id)}/files/${encodeURIComponent(fileId)}`);
    },
    downloadPdf(id: string): Promise<DownloadedFile> {
      return apiDownload(`${kfmKey(orgId())}/${encodeURIComponent(id)}/pdf`);
    },
  };
}

export function useKfmMutations() {
  return useOrgWrites(kfmWrites);
}
