import { createRoute } from '@hono/zod-openapi';
import { dashboardResponseSchema, getDashboard } from '@fordran/services';
import { bearerSecurity, createRouter, errorResponses, inOrganisation, jsonContent, orgParams } from './route-kit';

/** The six dashboard tiles from real data. */
export function dashboardRoutes() {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/api/orgs/{orgId}/dashboard',
      tags: ['Översikt'],
      summary: 'Ärenden i arbete, obetalt, nya idag, försenade, meddelanden, systemhälsa',
      middleware: inOrganisation,
      security: bearerSecurity,
      request: { params: orgParams },
      responses: { 200: jsonContent(dashboardResponseSchema, 'Siffrorna'), ...errorResponses },
    }),
    async (c) => c.json(await getDashboard(c.get('org')), 200),
  );
}
