import { createRoute } from '@hono/zod-openapi';
import {
  auditLogFilters,
  auditLogFiltersResponseSchema,
  auditLogQuerySchema,
  auditLogResponseSchema,
  createInvitation,
  getOrganisation,
  idSchema,
  invitationCreateResponseSchema,
  invitationCreateSchema,
  listAuditLog,
  listMembers,
  memberResponseSchema,
  membersResponseSchema,
  memberUpdateSchema,
  organisationResponseSchema,
  organisationUpdateSchema,
  removeMember,
  revokeInvitation,
  updateMember,
  updateOrganisation,
} from '@fordran/services';
import { bearerSecurity, createRouter, errorResponses, inOrganisation, jsonBody, jsonContent, orgParams } from './route-kit';

const tags = ['Organisation'];
const memberParams = orgParams.extend({ userId: idSchema });
const invitationParams = orgParams.extend({ id: idSchema });

/** The organisation itself, its members and invitations, and its system log. */
export function organisationRoutes() {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}',
        tags,
        summary: 'Organisationen',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams },
        responses: { 200: jsonContent(organisationResponseSchema, 'Organisationen'), ...errorResponses },
      }),
      async (c) => c.json(await getOrganisation(c.get('org')), 200),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/api/orgs/{orgId}',
        tags,
        summary: 'Ändra organisationens inställningar (admin)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, ...jsonBody(organisationUpdateSchema) },
        responses: { 200: jsonContent(organisationResponseSchema, 'Organisationen'), ...errorResponses },
      }),
      async (c) => c.json(await updateOrganisation(c.get('org'), c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/members',
        tags,
        summary: 'Medlemmar och öppna inbjudningar (admin)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams },
        responses: { 200: jsonContent(membersResponseSchema, 'Medlemmar'), ...errorResponses },
      }),
      async (c) => c.json(await listMembers(c.get('org')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/invitations',
        tags,
        summary: 'Bjud in en användare med en roll (admin); token visas en gång',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, ...jsonBody(invitationCreateSchema) },
        responses: { 201: jsonContent(invitationCreateResponseSchema, 'Inbjudan'), ...errorResponses, 409: errorResponses[400] },
      }),
      async (c) => c.json(await createInvitation(c.get('org'), c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/api/orgs/{orgId}/invitations/{id}',
        tags,
        summary: 'Återkalla en öppen inbjudan (admin); länken slutar fungera',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: invitationParams },
        responses: { 204: { description: 'Återkallad' }, ...errorResponses },
      }),
      async (c) => {
        await revokeInvitation(c.get('org'), c.req.valid('param').id);
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/api/orgs/{orgId}/members/{userId}',
        tags,
        summary: 'Ändra en medlems roll (admin); den sista administratören kan inte bytas bort',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: memberParams, ...jsonBody(memberUpdateSchema) },
        responses: { 200: jsonContent(memberResponseSchema, 'Medlemmen'), ...errorResponses, 409: errorResponses[400] },
      }),
      async (c) => c.json(await updateMember(c.get('org'), c.req.valid('param').userId, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/api/orgs/{orgId}/members/{userId}',
        tags,
        summary: 'Ta bort en medlem ur organisationen (admin); aldrig den sista administratören',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: memberParams },
        responses: { 204: { description: 'Borttagen' }, ...errorResponses, 409: errorResponses[400] },
      }),
      async (c) => {
        await removeMember(c.get('org'), c.req.valid('param').userId);
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/audit-log',
        tags,
        summary: 'Systemlogg: vem gjorde vad och när, senaste först, 50 per sida; filter på dagar, händelse och användare; nästa sida med cursor (admin)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, query: auditLogQuerySchema },
        responses: { 200: jsonContent(auditLogResponseSchema, 'Loggrader och nästa sidas cursor'), ...errorResponses },
      }),
      async (c) => c.json(await listAuditLog(c.get('org'), c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/audit-log/filters',
        tags,
        summary: 'Systemloggens filterval: händelserna och användarna som finns i loggen (admin)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams },
        responses: { 200: jsonContent(auditLogFiltersResponseSchema, 'Händelser och användare'), ...errorResponses },
      }),
      async (c) => c.json(await auditLogFilters(c.get('org')), 200),
    );
}
