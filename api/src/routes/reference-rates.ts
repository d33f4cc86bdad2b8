import { createRoute } from '@hono/zod-openapi';
import { listReferenceRates, referenceRateListResponseSchema } from '@fordran/services';
import { bearerSecurity, createRouter, errorResponses, jsonContent, signedIn } from './route-kit';

/**
 * The Riksbank reference rates per half-year: global, read-only over HTTP. The table is shared by
 * every organisation, so no organisation's user may change it; the operator uses
 * `fordran reference-rates set`.
 */
export function referenceRateRoutes() {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/api/reference-rates',
      tags: ['Ekonomi'],
      summary: 'Riksbankens referensränta per halvår med dröjsmålsränta (referensränta + 8 procentenheter)',
      middleware: signedIn,
      security: bearerSecurity,
      responses: { 200: jsonContent(referenceRateListResponseSchema, 'Referensräntor'), 401: errorResponses[401] },
    }),
    async (c) => c.json(await listReferenceRates(c.get('app')), 200),
  );
}
