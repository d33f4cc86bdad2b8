import { createRoute } from '@hono/zod-openapi';
import { errorResponseSchema, lookupQuerySchema, lookupRegister, lookupResponseSchema } from '@fordran/services';
import { bearerSecurity, createRouter, errorResponses, inOrganisation, jsonContent, orgParams } from './route-kit';

const tags = ['Uppslag'];

/** Company / person look-up for the create dialogs (the spec's tic-search, part 1 §5, §7). */
export function lookupRoutes() {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/api/orgs/{orgId}/lookup',
      tags,
      summary: 'Sök i företags- och personregistret: 10 siffror = företag, annars person (type tvingar)',
      middleware: inOrganisation,
      security: bearerSecurity,
      request: { params: orgParams, query: lookupQuerySchema },
      responses: {
        200: jsonContent(lookupResponseSchema, 'Träffar (tom lista: fyll i manuellt)'),
        ...errorResponses,
        502: jsonContent(errorResponseSchema, 'Registret svarade inte (LOOKUP_FAILED: Kunde inte söka)'),
      },
    }),
    async (c) => c.json(await lookupRegister(c.get('org'), c.req.valid('query')), 200),
  );
}
