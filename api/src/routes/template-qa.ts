import { createRoute, z } from '@hono/zod-openapi';
import {
  cleanupTemplateQa,
  getTemplateQaBatch,
  getTemplateQaReportHtml,
  idSchema,
  listTemplateQaBatches,
  templateQaAction,
  templateQaActionResponseSchema,
  templateQaActionSchema,
  templateQaBatchDetailSchema,
  templateQaBatchListSchema,
  templateQaCleanupResponseSchema,
} from '@fordran/services';
import { bearerSecurity, createRouter, errorResponses, inOrganisation, jsonBody, jsonContent, orgParams } from './route-kit';

const tags = ['Mall-QA'];
const batchParams = orgParams.extend({ batchId: idSchema });
const htmlResponse = { description: 'Rapporten som HTML', content: { 'text/html': { schema: z.string() } } };

/** Template QA (Mall-QA Sverige, part 2 §7): run a batch, its reports, cleanup. Admin only (templates.qa). */
export function templateQaRoutes() {
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/templates/qa',
        tags,
        summary:
          'Specens funktion template-qa: action run skapar 6 testärenden, renderar alla aktiva mallar och sparar rapporten ({batch_id, report: {batch_id, html}}); action cleanup tar bort en körning (batch_id) eller alla',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, ...jsonBody(templateQaActionSchema) },
        responses: { 200: jsonContent(templateQaActionResponseSchema, 'Körningen eller vad som togs bort'), ...errorResponses },
      }),
      async (c) => c.json(await templateQaAction(c.get('org'), c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/templates/qa/batches',
        tags,
        summary: 'QA-körningar, senaste först, med antal godkända och underkända mallar',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams },
        responses: { 200: jsonContent(templateQaBatchListSchema, 'Körningar'), ...errorResponses },
      }),
      async (c) => c.json(await listTemplateQaBatches(c.get('org')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/templates/qa/batches/{batchId}',
        tags,
        summary: 'En QA-körning med testärendena och resultatet per mall',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: batchParams },
        responses: { 200: jsonContent(templateQaBatchDetailSchema, 'Körningen'), ...errorResponses },
      }),
      async (c) => c.json(await getTemplateQaBatch(c.get('org'), c.req.valid('param').batchId), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/templates/qa/batches/{batchId}/report',
        tags,
        summary: 'Körningens HTML-rapport (allt från mallarna escapat; inga skript)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: batchParams },
        responses: { 200: htmlResponse, ...errorResponses },
      }),
      async (c) => {
        const html = await getTemplateQaReportHtml(c.get('org'), c.req.valid('param').batchId);
        // Served under the app's CSP (no inline script): opened on its own, the report runs nothing.
        return c.body(html, 200, { 'Content-Type': 'text/html; charset=utf-8' });
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/api/orgs/{orgId}/templates/qa/batches/{batchId}',
        tags,
        summary: "'Rensa': tar bort körningen, dess testärenden och allt som hänger på dem i en transaktion",
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: batchParams },
        responses: { 200: jsonContent(templateQaCleanupResponseSchema, 'Vad som togs bort'), ...errorResponses },
      }),
      async (c) => c.json(await cleanupTemplateQa(c.get('org'), c.req.valid('param').batchId), 200),
    );
}
