import { createRoute, z } from '@hono/zod-openapi';
import { createPrintBatch, getPrintQueue, idSchema, printBatchSchema, printQueueResponseSchema, readLetterPdf, readPrintBatchPdf } from '@fordran/services';
import { attachment, bearerSecurity, createRouter, errorResponses, inOrganisation, jsonContent, orgParams } from './route-kit';

const tags = ['Utskriftskö'];
const pdfResponse = { description: 'PDF', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } };

/** The manual letter provider's print queue: waiting letters, print batches (one PDF each) and their downloads. */
export function printQueueRoutes() {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/print-queue',
        tags,
        summary: 'Brev som väntar på utskrift (äldst först) och de senaste utskriftsbuntarna',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams },
        responses: { 200: jsonContent(printQueueResponseSchema, 'Utskriftskön'), ...errorResponses },
      }),
      async (c) => c.json(await getPrintQueue(c.get('org')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/print-queue/batches',
        tags,
        summary: 'Skapa en utskriftsbunt: de väntande breven (högst 500) i en PDF, markerade som skickade; 409 när kön är tom',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams },
        responses: { 201: jsonContent(printBatchSchema, 'Bunten'), 409: errorResponses[400], ...errorResponses },
      }),
      async (c) => c.json(await createPrintBatch(c.get('org')), 201),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/print-queue/batches/{id}/pdf',
        tags,
        summary: 'Utskriftsbuntens PDF',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams.extend({ id: idSchema }) },
        responses: { 200: pdfResponse, ...errorResponses },
      }),
      async (c) => {
        const file = await readPrintBatchPdf(c.get('org'), c.req.valid('param').id);
        return c.body(file.bytes.slice().buffer, 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': attachment(file.filename) });
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/print-queue/letters/{id}/pdf',
        tags,
        summary: 'Ett brevs PDF (meddelandets id)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams.extend({ id: idSchema }) },
        responses: { 200: pdfResponse, ...errorResponses },
      }),
      async (c) => {
        const file = await readLetterPdf(c.get('org'), c.req.valid('param').id);
        return c.body(file.bytes.slice().buffer, 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': attachment(file.filename) });
      },
    );
}
