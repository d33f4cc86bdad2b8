import { createRoute } from '@hono/zod-openapi';
import {
  idSchema,
  limitQuerySchema,
  listNotifications,
  markAllNotificationsRead,
  markAllReadResponseSchema,
  markNotificationRead,
  notificationListResponseSchema,
  notificationResponseSchema,
} from '@fordran/services';
import { bearerSecurity, createRouter, errorResponses, inOrganisation, jsonContent, orgParams } from './route-kit';

const tags = ['Notifikationer'];

/** Notifications addressed to the member or to everyone (spec part 1 §2, §6). */
export function notificationRoutes() {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/notifications',
        tags,
        summary: 'Notifikationer, senaste först, och antal olästa',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, query: limitQuerySchema },
        responses: { 200: jsonContent(notificationListResponseSchema, 'Notifikationer'), ...errorResponses },
      }),
      async (c) => c.json(await listNotifications(c.get('org'), c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/notifications/read-all',
        tags,
        summary: 'Markera alla som lästa',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams },
        responses: { 200: jsonContent(markAllReadResponseSchema, 'Antal markerade'), ...errorResponses },
      }),
      async (c) => c.json(await markAllNotificationsRead(c.get('org')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/notifications/{id}/read',
        tags,
        summary: 'Markera en notifikation som läst',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams.extend({ id: idSchema }) },
        responses: { 200: jsonContent(notificationResponseSchema, 'Notifikationen'), ...errorResponses },
      }),
      async (c) => c.json(await markNotificationRead(c.get('org'), c.req.valid('param').id), 200),
    );
}
