import { createRoute } from '@hono/zod-openapi';
import {
  dunningPlanSaveSchema,
  dunningPlanSchema,
  dunningPlansResponseSchema,
  dunningRunListResponseSchema,
  dunningRunResultSchema,
  dunningRunSchema,
  getDunningPlans,
  idSchema,
  listDunningRuns,
  removeCreditorDunningPlan,
  runDunning,
  saveDunningPlan,
} from '@fordran/services';
import { bearerSecurity, createRouter, errorResponses, inOrganisation, jsonBody, jsonContent, orgParams } from './route-kit';

const tags = ['Kravkörning'];
const creditorParams = orgParams.extend({ creditorId: idSchema.meta({ description: 'Kundens id' }) });

/** Dunning: the plans (the organisation's, a creditor's own) and the runs. */
export function dunningRoutes() {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/dunning/plans',
        tags,
        summary: 'Kravplanerna: organisationens och kundernas egna, med mallar och avgifter att välja bland',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams },
        responses: { 200: jsonContent(dunningPlansResponseSchema, 'Planerna'), ...errorResponses },
      }),
      async (c) => c.json(await getDunningPlans(c.get('org')), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/api/orgs/{orgId}/dunning/plans/organisation',
        tags,
        summary: 'Spara organisationens kravplan (stegen i ordning efter dagar efter förfallodagen)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, ...jsonBody(dunningPlanSaveSchema) },
        responses: { 200: jsonContent(dunningPlanSchema, 'Planen'), ...errorResponses },
      }),
      async (c) => c.json(await saveDunningPlan(c.get('org'), null, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/api/orgs/{orgId}/dunning/plans/creditors/{creditorId}',
        tags,
        summary: 'Spara en kunds egen kravplan; den ersätter organisationens för kundens ärenden',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: creditorParams, ...jsonBody(dunningPlanSaveSchema) },
        responses: { 200: jsonContent(dunningPlanSchema, 'Planen'), ...errorResponses },
      }),
      async (c) => c.json(await saveDunningPlan(c.get('org'), c.req.valid('param').creditorId, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/api/orgs/{orgId}/dunning/plans/creditors/{creditorId}',
        tags,
        summary: 'Ta bort en kunds egen kravplan; kundens ärenden följer organisationens igen',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: creditorParams },
        responses: { 204: { description: 'Borttagen' }, ...errorResponses },
      }),
      async (c) => {
        await removeCreditorDunningPlan(c.get('org'), c.req.valid('param').creditorId);
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/dunning/runs',
        tags,
        summary: 'De senaste kravkörningarna med sina siffror',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams },
        responses: { 200: jsonContent(dunningRunListResponseSchema, 'Körningar, nyast först'), ...errorResponses },
      }),
      async (c) => c.json(await listDunningRuns(c.get('org')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/dunning/runs',
        tags,
        summary: 'Kör kravplanen för dagen (as_of, standard i dag), eller provkör den (dry_run: skriver inget)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, ...jsonBody(dunningRunSchema) },
        responses: { 200: jsonContent(dunningRunResultSchema, 'Vad som skickades, debiterades och hoppades över'), ...errorResponses },
      }),
      async (c) => c.json(await runDunning(c.get('org'), c.req.valid('json')), 200),
    );
}
