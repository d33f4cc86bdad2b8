// Template QA ('Mall-QA Sverige', API: POST /orgs/:orgId/templates/qa, GET …/templates/qa/batches,
// GET …/batches/:id/report, DELETE …/batches/:id).
import useSWR from 'swr';
import { api, apiDownload, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { useOrgWrites, type OrgWrites } from './org-writes';
import type { TemplateQaBatchList, TemplateQaBatchSummary, TemplateQaCleanupResponse, TemplateQaRunResponse } from '@fordran/services';

export type TemplateQaBatch = TemplateQaBatchSummary;
export type TemplateQaRun = TemplateQaRunResponse;

function batchesKey(orgId: string): string {
  return `/orgs/${orgId}/templates/qa/batches`;
}

export function useTemplateQaBatches(enabled: boolean) {
  const orgId = useCurrentOrgId();
  return useSWR<TemplateQaBatchList, ApiError>(orgId && enabled ? batchesKey(orgId) : null, (path: string) => fetchJson<TemplateQaBatchList>(path));
}

/** A batch's stored HTML report, as text for a sandboxed frame. */
export function useTemplateQaReport(batchId: string | null) {
  const orgId = useCurrentOrgId();
  return useSWR<string, ApiError>(orgId && batchId ? `${batchesKey(orgId)}/${encodeURIComponent(batchId)}/report` : null, async (path: string) =>
    (await apiDownload(path)).blob.text(),
  );
}

/** 'Kör QA' and 'Rensa'; each revalidates the batch list. */
function templateQaWrites({ orgId, mutate }: OrgWrites) {
  return {
    async runQa(): Promise<TemplateQaRun> {
      const id = orgId();
      const run = await api.post<TemplateQaRun>(`/orgs/${id}/templates/qa`, { action: 'run' });
      await mutate(batchesKey(id));
      return run;
    },
    async cleanupBatch(batchId: string): Promise<TemplateQaCleanupResponse> {
      const id = orgId();
      const removed = await api.delete<TemplateQaCleanupResponse>(`${batchesKey(id)}/${encodeURIComponent(batchId)}`);
      await mutate(batchesKey(id));
      return removed;
    },
  };
}

export const useTemplateQaMutations = () => useOrgWrites(templateQaWrites);
