// Message templates ('Mallbibliotek Sverige v1', API: GET/POST /orgs/:orgId/templates, GET/PATCH
// …/templates/:id, POST …/templates/:id/active, POST …/templates/preview).
import useSWR from 'swr';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { useOrgWrites, type OrgWrites } from './org-writes';
import type {
  TemplateCreateInput,
  TemplateDetail,
  TemplateDraftPreviewInput,
  TemplateListResponse,
  TemplatePreviewResponse,
  TemplateResponse,
  TemplateUpdateInput,
} from '@fordran/services';

export type { CommChannel, CommTemplateCategory } from '@fordran/core/labels';
export type Template = TemplateResponse;
export type TemplateList = TemplateListResponse;
export type TemplateVariable = TemplateList['variables'][number];
export type TemplatePreview = TemplatePreviewResponse;
export type { TemplateDetail };

export function templatesKey(orgId: string): string {
  return `/orgs/${orgId}/templates`;
}

function templateKey(orgId: string, id: string): string {
  return `${templatesKey(orgId)}/${encodeURIComponent(id)}`;
}

export function useTemplates() {
  const orgId = useCurrentOrgId();
  return useSWR<TemplateList, ApiError>(orgId ? templatesKey(orgId) : null, (path: string) => fetchJson<TemplateList>(path));
}

/** One template with its earlier versions and whether a message has been made from it (the editor). */
export function useTemplate(id: string | null) {
  const orgId = useCurrentOrgId();
  return useSWR<TemplateDetail, ApiError>(orgId && id ? templateKey(orgId, id) : null, (path: string) => fetchJson<TemplateDetail>(path));
}

/** The text being edited, rendered for an example case (or a case); nothing is stored. */
export function postTemplatePreview(orgId: string, body: TemplateDraftPreviewInput, signal?: AbortSignal): Promise<TemplatePreview> {
  return api.post<TemplatePreview>(`${templatesKey(orgId)}/preview`, body, signal ? { signal } : undefined);
}

/** Creating, editing and toggling templates; each revalidates the list and the template. */
function templateWrites({ orgId, mutate }: OrgWrites) {
  const refresh = async (id: string, templateId: string) => {
    await mutate(templatesKey(id));
    await mutate(templateKey(id, templateId));
  };
  return {
    async createTemplate(input: TemplateCreateInput): Promise<Template> {
      const id = orgId();
      const template = await api.post<Template>(templatesKey(id), input);
      await mutate(templatesKey(id));
      return template;
    },
    async updateTemplate(templateId: string, patch: TemplateUpdateInput): Promise<Template> {
      const id = orgId();
      const template = await api.patch<Template>(templateKey(id, templateId), patch);
      await refresh(id, templateId);
      return template;
    },
    async setTemplateActive(templateId: string, isActive: boolean): Promise<Template> {
      const id = orgId();
      const template = await api.post<Template>(`${templateKey(id, templateId)}/active`, { is_active: isActive });
      await refresh(id, templateId);
      return template;
    },
  };
}

export function useTemplateMutations() {
  return useOrgWrites(templateWrites);
}
