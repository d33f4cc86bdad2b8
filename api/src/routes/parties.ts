import { createRoute } from '@hono/zod-openapi';
import {
  createParty,
  getParty,
  idSchema,
  listParties,
  partyCreateSchema,
  partyListQuerySchema,
  partyListResponseSchema,
  partyResponseSchema,
  partyUpdateSchema,
  updateParty,
} from '@fordran/services';
import { bearerSecurity, createRouter, errorResponses, inOrganisation, jsonBody, jsonContent, orgParams } from './route-kit';

const tags = ['Parter (gäldenärer)'];
const partyParams = orgParams.extend({ id: idSchema });

/** Parties ('Parter (Gäldenärer)', spec part 1 §2, §5): list, create, read, edit and status. */
export function partyRoutes() {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/parties',
        tags,
        summary: 'Parter: sök (namn, personnr, org.nr, e-post), typ, status, sortering och sidor',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, query: partyListQuerySchema },
        responses: { 200: jsonContent(partyListResponseSchema, 'En sida parter och antalet träffar'), ...errorResponses },
      }),
      (c) => c.json(listParties(c.get('org'), c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/parties',
        tags,
        summary: 'Skapa en part (Part skapad!)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, ...jsonBody(partyCreateSchema) },
        responses: { 201: jsonContent(partyResponseSchema, 'Parten'), ...errorResponses, 409: errorResponses[400] },
      }),
      (c) => c.json(createParty(c.get('org'), c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/parties/{id}',
        tags,
        summary: 'En part',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: partyParams },
        responses: { 200: jsonContent(partyResponseSchema, 'Parten'), ...errorResponses },
      }),
      (c) => c.json(getParty(c.get('org'), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/api/orgs/{orgId}/parties/{id}',
        tags,
        summary: 'Ändra en part, även status active/inactive',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: partyParams, ...jsonBody(partyUpdateSchema) },
        responses: { 200: jsonContent(partyResponseSchema, 'Parten'), ...errorResponses, 409: errorResponses[400] },
      }),
      (c) => c.json(updateParty(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 200),
    );
}
