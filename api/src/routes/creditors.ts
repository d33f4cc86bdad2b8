import { createRoute } from '@hono/zod-openapi';
import {
  createCreditor,
  creditorCreateSchema,
  creditorListQuerySchema,
  creditorListResponseSchema,
  creditorResponseSchema,
  creditorUpdateSchema,
  getCreditor,
  idSchema,
  listCreditors,
  updateCreditor,
} from '@fordran/services';
import { bearerSecurity, createRouter, errorResponses, inOrganisation, jsonBody, jsonContent, orgParams } from './route-kit';

const tags = ['Kunder (borgenärer)'];
const creditorParams = orgParams.extend({ id: idSchema });

/** Creditors ('Kunder (Borgenärer)', spec part 1 §2, §5): list, create, read, edit and status. */
export function creditorRoutes() {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/creditors',
        tags,
        summary: 'Kunder: sök (namn, org.nr, kundnummer), status, sortering och sidor',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, query: creditorListQuerySchema },
        responses: { 200: jsonContent(creditorListResponseSchema, 'En sida kunder och antalet träffar'), ...errorResponses },
      }),
      (c) => c.json(listCreditors(c.get('org'), c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/creditors',
        tags,
        summary: 'Skapa en kund (Kund skapad!)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, ...jsonBody(creditorCreateSchema) },
        responses: { 201: jsonContent(creditorResponseSchema, 'Kunden'), ...errorResponses, 409: errorResponses[400] },
      }),
      (c) => c.json(createCreditor(c.get('org'), c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/creditors/{id}',
        tags,
        summary: 'En kund',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: creditorParams },
        responses: { 200: jsonContent(creditorResponseSchema, 'Kunden'), ...errorResponses },
      }),
      (c) => c.json(getCreditor(c.get('org'), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/api/orgs/{orgId}/creditors/{id}',
        tags,
        summary: 'Ändra en kund, även status active/inactive',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: creditorParams, ...jsonBody(creditorUpdateSchema) },
        responses: { 200: jsonContent(creditorResponseSchema, 'Kunden'), ...errorResponses, 409: errorResponses[400] },
      }),
      (c) => c.json(updateCreditor(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 200),
    );
}
