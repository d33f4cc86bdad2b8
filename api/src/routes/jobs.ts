import { createRoute } from '@hono/zod-openapi';
import {
  getJob,
  getJobStats,
  idSchema,
  jobListQuerySchema,
  jobListResponseSchema,
  jobResponseSchema,
  jobStatsResponseSchema,
  listJobs,
  retryJob,
} from '@fordran/services';
import { bearerSecurity, createRouter, errorResponses, inOrganisation, jsonContent, orgParams } from './route-kit';

const tags = ['Jobb'];
const jobParams = orgParams.extend({ id: idSchema });

/** The background job queue: counts per status, the latest jobs, one job, and requeuing a failed one. */
export function jobRoutes() {
  return (
    createRouter()
      // Before /jobs/{id}, so "stats" is not taken for an id.
      .openapi(
        createRoute({
          method: 'get',
          path: '/api/orgs/{orgId}/jobs/stats',
          tags,
          summary: 'Jobbkön: antal jobb per status',
          middleware: inOrganisation,
          security: bearerSecurity,
          request: { params: orgParams },
          responses: { 200: jsonContent(jobStatsResponseSchema, 'Antal per status'), ...errorResponses },
        }),
        async (c) => c.json(await getJobStats(c.get('org')), 200),
      )
      .openapi(
        createRoute({
          method: 'get',
          path: '/api/orgs/{orgId}/jobs',
          tags,
          summary: 'De senaste jobben, nyast först, ev. med en status',
          middleware: inOrganisation,
          security: bearerSecurity,
          request: { params: orgParams, query: jobListQuerySchema },
          responses: { 200: jsonContent(jobListResponseSchema, 'Jobb'), ...errorResponses },
        }),
        async (c) => c.json(await listJobs(c.get('org'), c.req.valid('query')), 200),
      )
      .openapi(
        createRoute({
          method: 'get',
          path: '/api/orgs/{orgId}/jobs/{id}',
          tags,
          summary: 'Ett jobb: status, förlopp, försök, senaste fel och resultat',
          middleware: inOrganisation,
          security: bearerSecurity,
          request: { params: jobParams },
          responses: { 200: jsonContent(jobResponseSchema, 'Jobbet'), ...errorResponses },
        }),
        async (c) => c.json(await getJob(c.get('org'), c.req.valid('param').id), 200),
      )
      .openapi(
        createRoute({
          method: 'post',
          path: '/api/orgs/{orgId}/jobs/{id}/retry',
          tags,
          summary: 'Kör ett misslyckat jobb igen (nya försök från början)',
          middleware: inOrganisation,
          security: bearerSecurity,
          request: { params: jobParams },
          responses: { 200: jsonContent(jobResponseSchema, 'Jobbet, köat igen'), ...errorResponses, 422: errorResponses[400] },
        }),
        async (c) => c.json(await retryJob(c.get('org'), c.req.valid('param').id), 200),
      )
  );
}
