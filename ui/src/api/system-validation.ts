// System validation (Systemvalidering, API: POST /orgs/:orgId/system-validation/jobs; the job is
// followed with useJob of ./jobs and its result is the report).
import { api } from '../lib/api-client';
import { useOrgWrites, type OrgWrites } from './org-writes';
import type { SystemValidationJobResponse, SystemValidationReportResponse } from '@fordran/services';

export type SystemValidationReport = SystemValidationReportResponse;
export type SystemValidationResult = SystemValidationReport['passed'][number];

function systemValidationWrites({ orgId }: OrgWrites) {
  return {
    /** 'Kör validering': queues a run for the job worker; follow the returned job. */
    async startValidation(): Promise<SystemValidationJobResponse> {
      return api.post<SystemValidationJobResponse>(`/orgs/${orgId()}/system-validation/jobs`);
    },
  };
}

export const useSystemValidationMutations = () => useOrgWrites(systemValidationWrites);
