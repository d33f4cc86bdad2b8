import type { PayloadJson } from '@fordran/store';
import { requireScopePermission, systemScope, type OrgScope } from '../access/operator';
import { enqueueJob, publishJob } from '../jobs/job-queue';
import type { JobHandler } from '../jobs/handlers';
import type { SystemValidationJobResponse } from '../schemas/validation';
import { validateOrganisation } from './system-validation';

export const SYSTEM_VALIDATION_JOB_TYPE = 'system_validation';

/**
 * 'Kör validering' on /settings/system-validation: the run is queued for the server's job worker
 * and the page follows the job (its progress is checks done of all, its result the report), as
 * a large bank import is followed. The permission is checked here, when the admin asks.
 */
export async function enqueueSystemValidation(ctx: OrgScope): Promise<SystemValidationJobResponse> {
  requireScopePermission(ctx, 'validation.run');
  const job = await ctx.app.database.transaction((tx) =>
    enqueueJob(tx, ctx.app, { org_id: ctx.membership.org_id, job_type: SYSTEM_VALIDATION_JOB_TYPE, payload: {} }),
  );
  publishJob(ctx.app, job);
  return { job_id: job.id, status: 'pending' };
}

/** The `system_validation` job: the organisation's validation, reporting progress after each step. */
export const runSystemValidationJob: JobHandler = async (job, { app, report, signal }) => {
  const result = await validateOrganisation(systemScope(app, job.org_id), (done, total) => {
    signal.throwIfAborted();
    report(Math.floor((done / total) * 100), `${done} av ${total} steg`);
  });
  return result as unknown as PayloadJson;
};
