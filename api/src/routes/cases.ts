import { createRoute } from '@hono/zod-openapi';
import {
  addCaseFee,
  assignCaseHandler,
  calculateCaseInterest,
  caseCreateSchema,
  caseDetailSchema,
  caseEventsResponseSchema,
  caseFeeAddResponseSchema,
  caseFeeAddSchema,
  caseHandlerChangeSchema,
  caseHandlersResponseSchema,
  caseFlagResolveResponseSchema,
  caseFlagResolveSchema,
  caseInterestResponseSchema,
  caseInterestSchema,
  caseListQuerySchema,
  caseListResponseSchema,
  caseStageChangeSchema,
  caseStatusChangeSchema,
  changeCaseStage,
  changeCaseStatus,
  createCase,
  getCase,
  idSchema,
  listCaseEvents,
  listCaseHandlers,
  listCases,
  prescriptionInterruptionCreateResponseSchema,
  prescriptionInterruptionCreateSchema,
  addPrescriptionInterruption,
  resolveCaseFlag,
} from '@fordran/services';
import { bearerSecurity, createRouter, errorResponses, inOrganisation, jsonBody, jsonContent, orgParams } from './route-kit';

const tags = ['Ärenden'];
const caseParams = orgParams.extend({ id: idSchema });
const flagParams = caseParams.extend({ flagId: idSchema });
/** Refusals of the domain: a rule block, a transition or fee the law or the machine does not allow. */
const domainErrors = { ...errorResponses, 409: errorResponses[400], 422: errorResponses[400] };

/** Cases: list, create, detail, status and stage, fees, interest, timeline and rule flags (issue 4). */
export function caseRoutes() {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/cases',
        tags,
        summary: 'Ärenden: filter på status, fas, borgenär, gäldenär och fritext; sortering och sidor',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, query: caseListQuerySchema },
        responses: { 200: jsonContent(caseListResponseSchema, 'En sida ärenden och antalet träffar'), ...errorResponses },
      }),
      async (c) => c.json(await listCases(c.get('org'), c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/cases',
        tags,
        summary: 'Skapa ärende (utkast, fas intag) med fordran',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, ...jsonBody(caseCreateSchema) },
        responses: { 201: jsonContent(caseDetailSchema, 'Det nya ärendet'), ...errorResponses },
      }),
      async (c) => c.json(await createCase(c.get('org'), c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/cases/{id}',
        tags,
        summary: 'Ett ärende med fordran, parter, flaggor, avgifter och belopp',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: caseParams },
        responses: { 200: jsonContent(caseDetailSchema, 'Ärendet'), ...errorResponses },
      }),
      async (c) => c.json(await getCase(c.get('org'), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/cases/{id}/status',
        tags,
        summary: 'Ändra status enligt tillståndsmaskinen (docs/state-machines.md)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: caseParams, ...jsonBody(caseStatusChangeSchema) },
        responses: { 200: jsonContent(caseDetailSchema, 'Ärendet'), ...domainErrors },
      }),
      async (c) => c.json(await changeCaseStatus(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/cases/{id}/stage',
        tags,
        summary: 'Flytta ett aktivt ärende till en annan fas (till kfm prövas reglerna för kfm_escalate)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: caseParams, ...jsonBody(caseStageChangeSchema) },
        responses: { 200: jsonContent(caseDetailSchema, 'Ärendet'), ...domainErrors },
      }),
      async (c) => c.json(await changeCaseStage(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/cases/{id}/handler',
        tags,
        summary: 'Ge ärendet en handläggare (eller ingen); den nya handläggaren får en notifikation',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: caseParams, ...jsonBody(caseHandlerChangeSchema) },
        responses: { 200: jsonContent(caseDetailSchema, 'Ärendet'), ...errorResponses },
      }),
      async (c) => c.json(await assignCaseHandler(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/case-handlers',
        tags,
        summary: 'Medlemmar som kan handlägga ärenden (administratörer och handläggare)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams },
        responses: { 200: jsonContent(caseHandlersResponseSchema, 'Handläggarna'), ...errorResponses },
      }),
      async (c) => c.json(await listCaseHandlers(c.get('org')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/cases/{id}/fees',
        tags,
        summary: 'Lägg till avgift ur avgiftskatalogen (regelkontroll add_fee, lag 1981:739)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: caseParams, ...jsonBody(caseFeeAddSchema) },
        responses: { 201: jsonContent(caseFeeAddResponseSchema, 'Avgiften, regelvarningar och ärendet'), ...domainErrors },
      }),
      async (c) => c.json(await addCaseFee(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/cases/{id}/interest',
        tags,
        summary: 'Beräkna ränta till och med as_of (standard i dag) enligt ärendets ränteprofil',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: caseParams, body: { content: { 'application/json': { schema: caseInterestSchema } }, required: false } },
        responses: { 200: jsonContent(caseInterestResponseSchema, 'Räntan, perioderna och ärendet'), ...domainErrors },
      }),
      // The body is optional (no body: as of today); zod-openapi then skips its validation.
      async (c) => c.json(await calculateCaseInterest(c.get('org'), c.req.valid('param').id, c.req.valid('json') ?? {}), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/cases/{id}/events',
        tags,
        summary: 'Ärendets tidslinje, senaste först',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: caseParams },
        responses: { 200: jsonContent(caseEventsResponseSchema, 'Händelser'), ...errorResponses },
      }),
      async (c) => c.json(await listCaseEvents(c.get('org'), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/cases/{id}/flags/{flagId}/resolve',
        tags,
        summary: 'Markera en regelflagga som löst; en blockerande flagga kräver en anledning (sparas i tidslinjen och systemloggen)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: flagParams, body: { content: { 'application/json': { schema: caseFlagResolveSchema } }, required: false } },
        responses: { 200: jsonContent(caseFlagResolveResponseSchema, 'Flaggan och ärendet'), ...domainErrors },
      }),
      // The body is optional (a warning is resolved without a reason); zod-openapi then skips it.
      async (c) => c.json(await resolveCaseFlag(c.get('org'), c.req.valid('param').id, c.req.valid('param').flagId, c.req.valid('json') ?? {}), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/cases/{id}/prescription-interruptions',
        tags,
        summary: 'Registrera ett preskriptionsavbrott (preskriptionslagen 5 §) med datum och anledning; sparas i tidslinjen och systemloggen',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: caseParams, ...jsonBody(prescriptionInterruptionCreateSchema) },
        responses: { 201: jsonContent(prescriptionInterruptionCreateResponseSchema, 'Avbrottet och ärendets preskription'), ...domainErrors },
      }),
      async (c) => c.json(await addPrescriptionInterruption(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 201),
    );
}
