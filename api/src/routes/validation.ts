import { createRoute } from '@hono/zod-openapi';
import { enqueueSystemValidation, systemValidationJobResponseSchema, systemValidationReportSchema, validateOrganisation } from '@fordran/services';
import { bearerSecurity, createRouter, errorResponses, inOrganisation, jsonContent, orgParams } from './route-kit';

const tags = ['Systemvalidering'];

/** System validation (Systemvalidering, part 2 §2): run it and get the report, or queue it and follow the job. Admin only (validation.run). */
export function validationRoutes() {
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/system-validation',
        tags,
        summary:
          'Kör systemvalideringen och svarar med rapporten {completionRate, passed, warnings, failures, checkedModules, timestamp} (samma som fordran validate)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams },
        responses: { 200: jsonContent(systemValidationReportSchema, 'Rapporten'), ...errorResponses },
      }),
      async (c) => c.json(await validateOrganisation(c.get('org')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/system-validation/jobs',
        tags,
        summary: "'Kör validering': köar valideringen för jobbarbetaren; följ jobbet via /jobs/{id} (förlopp = steg klara av alla, resultat = rapporten)",
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams },
        responses: { 202: jsonContent(systemValidationJobResponseSchema, 'Jobbet att följa'), ...errorResponses },
      }),
      async (c) => c.json(await enqueueSystemValidation(c.get('org')), 202),
    );
}
