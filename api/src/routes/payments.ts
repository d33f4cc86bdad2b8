import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { DomainError } from '@fordran/core';
import {
  allocatePaymentToCase,
  bankImportFormatSchema,
  createPayment,
  enqueueBankImport,
  getHeldPaymentReview,
  getPayment,
  getPaymentDetail,
  heldPaymentResolveSchema,
  heldPaymentReviewSchema,
  idSchema,
  importBankFile,
  importJobResponseSchema,
  importSummarySchema,
  listPayments,
  paymentAllocateResponseSchema,
  paymentAllocateSchema,
  paymentCandidates,
  paymentCandidatesResponseSchema,
  paymentCreateSchema,
  paymentDetailSchema,
  paymentListQuerySchema,
  paymentListResponseSchema,
  paymentResponseSchema,
  paymentReverseSchema,
  resolveHeldPayment,
  reversePayment,
} from '@fordran/services';
import { bearerSecurity, createRouter, errorResponses, inOrganisation, jsonBody, jsonContent, orgParams } from './route-kit';

const tags = ['Inbetalningar'];
const paymentParams = orgParams.extend({ id: idSchema });
const domainErrors = { ...errorResponses, 409: errorResponses[400], 422: errorResponses[400] };

/** The largest bank file the API takes (a BgMax file of 100 000 payments is about 16 MB). */
export const BANK_FILE_MAX_BYTES = 64 * 1024 * 1024;
export const PAYMENT_IMPORT_PATH = /^\/api\/orgs\/[^/]+\/payments\/import$/;
/** From this size a bank file is imported by the job worker (about 6 000 BgMax payments). */
export const IMPORT_JOB_THRESHOLD_BYTES = 1024 * 1024;

const importForm = z.object({
  file: z.custom<File>((value) => value instanceof File, { error: 'Välj en bankfil' }).openapi({ type: 'string', format: 'binary' }),
  format: bankImportFormatSchema.optional(),
  dry_run: z.enum(['true', 'false']).optional().openapi({ description: 'true: kontrollera och matcha utan att bokföra' }),
});

const importBodyLimit = bodyLimit({
  maxSize: BANK_FILE_MAX_BYTES,
  onError: () => {
    throw new DomainError('REQUEST_TOO_LARGE', `Filen är för stor (högst ${BANK_FILE_MAX_BYTES / 1024 / 1024} MB)`);
  },
});

/**
 * Payments: list, register, match candidates, allocate, and bank-file import (issue 5). A bank
 * file above `importJobThresholdBytes` is queued for the job worker: 202 with the job to follow.
 */
export function paymentRoutes(options: { importJobThresholdBytes: number }) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/payments',
        tags,
        summary:
          'Inbetalningar sorterade på betaldatum eller belopp (senaste betaldatum först som standard); filter på status, betalsätt, bankutdrag, betaldagar och sökord',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, query: paymentListQuerySchema },
        responses: { 200: jsonContent(paymentListResponseSchema, 'En sida inbetalningar'), ...errorResponses },
      }),
      async (c) => c.json(await listPayments(c.get('org'), c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/payments',
        tags,
        summary: 'Registrera en inbetalning (status received)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, ...jsonBody(paymentCreateSchema) },
        responses: { 201: jsonContent(paymentResponseSchema, 'Inbetalningen'), ...errorResponses },
      }),
      async (c) => c.json(await createPayment(c.get('org'), c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/payments/import',
        tags,
        summary: 'Läs in en bankfil (BgMax, camt.053, camt.054, CSV): bokför, matchar och avräknar; samma transaktion bokförs aldrig två gånger',
        middleware: [...inOrganisation, importBodyLimit],
        security: bearerSecurity,
        request: { params: orgParams, body: { content: { 'multipart/form-data': { schema: importForm } }, required: true } },
        responses: {
          200: jsonContent(importSummarySchema, 'Sammanfattningen'),
          202: jsonContent(importJobResponseSchema, 'En stor fil: jobbet som läser in den (följ det via /jobs/{id} och SSE-händelsen job)'),
          ...domainErrors,
          413: errorResponses[400],
        },
      }),
      async (c) => {
        const { file, format, dry_run } = c.req.valid('form');
        const upload = {
          file_name: file.name || 'bankfil',
          bytes: new Uint8Array(await file.arrayBuffer()),
          ...(format ? { format } : {}),
          dry_run: dry_run === 'true',
        };
        if (upload.bytes.length > options.importJobThresholdBytes) return c.json(await enqueueBankImport(c.get('org'), upload), 202);
        return c.json(await importBankFile(c.get('org'), upload), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/payments/{id}',
        tags,
        summary: 'En inbetalning med sina avräkningar',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: paymentParams },
        responses: { 200: jsonContent(paymentResponseSchema, 'Inbetalningen'), ...errorResponses },
      }),
      async (c) => c.json(await getPayment(c.get('org'), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/payments/{id}/details',
        tags,
        summary: 'Inbetalningens detaljvy: avräkningar med ärenden, verifikationer, bankutdrag och filrad, händelselogg',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: paymentParams },
        responses: { 200: jsonContent(paymentDetailSchema, 'Inbetalningen med sammanhang'), ...errorResponses },
      }),
      async (c) => c.json(await getPaymentDetail(c.get('org'), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/payments/{id}/candidates',
        tags,
        summary: 'Matchande ärenden för en inbetalning (högst 10, bäst först)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: paymentParams },
        responses: { 200: jsonContent(paymentCandidatesResponseSchema, 'Kandidater'), ...errorResponses },
      }),
      async (c) => c.json(await paymentCandidates(c.get('org'), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/payments/{id}/allocate',
        tags,
        summary: 'Avräkna (en del av) inbetalningen mot ett ärende',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: paymentParams, ...jsonBody(paymentAllocateSchema) },
        responses: { 200: jsonContent(paymentAllocateResponseSchema, 'Inbetalningen, avräkningen och ärendet'), ...domainErrors },
      }),
      async (c) => c.json(await allocatePaymentToCase(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/payments/{id}/held-review',
        tags,
        summary: 'En möjlig dubblett bredvid den bokförda betalning den kan vara, med filerna de kom från',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: paymentParams },
        responses: { 200: jsonContent(heldPaymentReviewSchema, 'Båda betalningarna'), ...domainErrors },
      }),
      async (c) => c.json(await getHeldPaymentReview(c.get('org'), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/payments/{id}/resolve-held',
        tags,
        summary: 'Avgör en möjlig dubblett: duplicate (bokförs inte) eller book (bokförs som inläst betalning), med skäl',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: paymentParams, ...jsonBody(heldPaymentResolveSchema) },
        responses: { 200: jsonContent(paymentResponseSchema, 'Inbetalningen efter beslutet'), ...domainErrors },
      }),
      async (c) => c.json(await resolveHeldPayment(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/payments/{id}/reverse',
        tags,
        summary: 'Återför en bokförd inbetalning som banken tagit tillbaka: journaler återförs, ärendena är skyldiga igen, med skäl',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: paymentParams, ...jsonBody(paymentReverseSchema) },
        responses: { 200: jsonContent(paymentResponseSchema, 'Den återförda inbetalningen'), ...domainErrors },
      }),
      async (c) => c.json(await reversePayment(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 200),
    );
}
