import { createRoute } from '@hono/zod-openapi';
import {
  createFee,
  createInterestProfile,
  defaultInterestProfileSchema,
  feeCreateSchema,
  feeListResponseSchema,
  feeResponseSchema,
  feeUpdateSchema,
  idSchema,
  interestProfileCreateSchema,
  interestProfileListResponseSchema,
  interestProfileResponseSchema,
  interestProfileUpdateSchema,
  listFeeCatalogue,
  listInterestProfiles,
  setDefaultInterestProfile,
  updateFee,
  updateInterestProfile,
} from '@fordran/services';
import { bearerSecurity, createRouter, errorResponses, inOrganisation, jsonBody, jsonContent, orgParams } from './route-kit';

const tags = ['Ekonomi'];
const refused = { 409: errorResponses[400], 422: errorResponses[400] };
const idParams = orgParams.extend({ id: idSchema });

/** The Ekonomi page: the versioned fee catalogue and the interest profiles with the default for new cases. */
export function financeRoutes() {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/fee-catalogue',
        tags,
        summary: 'Avgiftskatalogen: alla versioner per kod, med läge i dag och lagens högsta belopp',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams },
        responses: { 200: jsonContent(feeListResponseSchema, 'Avgifter'), ...errorResponses },
      }),
      async (c) => c.json(await listFeeCatalogue(c.get('org')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/fee-catalogue',
        tags,
        summary: 'Ny avgiftskod (admin, ekonomi); lagstadgade avgifter får inte överstiga lagens belopp',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, ...jsonBody(feeCreateSchema) },
        responses: { 201: jsonContent(feeResponseSchema, 'Avgiften'), ...errorResponses, ...refused },
      }),
      async (c) => c.json(await createFee(c.get('org'), c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/api/orgs/{orgId}/fee-catalogue/{id}',
        tags,
        summary: 'Ändra en avgift (admin, ekonomi): nytt belopp blir en ny version från valid_from; namn, skattekod och aktiv ändras direkt',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: idParams, ...jsonBody(feeUpdateSchema) },
        responses: { 200: jsonContent(feeResponseSchema, 'Raden som skrevs (den nya versionen vid nytt belopp)'), ...errorResponses, ...refused },
      }),
      async (c) => c.json(await updateFee(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/interest-profiles',
        tags,
        summary: 'Ränteprofiler per kod och standardprofilen för nya ärenden',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams },
        responses: { 200: jsonContent(interestProfileListResponseSchema, 'Ränteprofiler'), ...errorResponses },
      }),
      async (c) => c.json(await listInterestProfiles(c.get('org')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/interest-profiles',
        tags,
        summary: 'Ny ränteprofil (admin, ekonomi): referensränta + marginal eller fast ränta',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, ...jsonBody(interestProfileCreateSchema) },
        responses: { 201: jsonContent(interestProfileResponseSchema, 'Ränteprofilen'), ...errorResponses, ...refused },
      }),
      async (c) => c.json(await createInterestProfile(c.get('org'), c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/api/orgs/{orgId}/interest-profiles/default',
        tags,
        summary: 'Välj standardprofil för nya ärenden (admin, ekonomi)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, ...jsonBody(defaultInterestProfileSchema) },
        responses: { 200: jsonContent(interestProfileListResponseSchema, 'Ränteprofiler'), ...errorResponses, ...refused },
      }),
      async (c) => c.json(await setDefaultInterestProfile(c.get('org'), c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/api/orgs/{orgId}/interest-profiles/{id}',
        tags,
        summary: 'Ändra en ränteprofil (admin, ekonomi); räntan bara så länge inget ärende använder profilen',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: idParams, ...jsonBody(interestProfileUpdateSchema) },
        responses: { 200: jsonContent(interestProfileResponseSchema, 'Ränteprofilen'), ...errorResponses, ...refused },
      }),
      async (c) => c.json(await updateInterestProfile(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 200),
    );
}
