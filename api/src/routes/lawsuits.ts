import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { DomainError } from '@fordran/core';
import {
  addLawsuitDeadline,
  changeLawsuitStatus,
  completeLawsuitDeadline,
  createLawsuitDraft,
  getLawsuit,
  idSchema,
  LAWSUIT_DOCUMENT_MAX_BYTES,
  lawsuitCreateSchema,
  lawsuitDeadlineAddSchema,
  lawsuitDetailSchema,
  lawsuitListQuerySchema,
  lawsuitListResponseSchema,
  lawsuitNotesSchema,
  lawsuitStatusChangeSchema,
  lawsuitSuggestionQuerySchema,
  lawsuitTrackSuggestionSchema,
  listLawsuits,
  readLawsuitDocument,
  suggestLawsuitForCase,
  updateLawsuitNotes,
  uploadLawsuitDocument,
} from '@fordran/services';
import { requireOrg, requireUser } from '../middleware/auth';
import { attachment, bearerSecurity, createRouter, errorResponses, inOrganisation, jsonBody, jsonContent, orgParams } from './route-kit';

const tags = ['Tvistemål'];
const idParams = orgParams.extend({ id: idSchema.meta({ description: 'Tvistemålets id' }) });
const detail = (description: string) => jsonContent(lawsuitDetailSchema, description);

/** The document upload's path: its body is a file, not JSON (app.ts skips the JSON body limit for it). */
export const LAWSUIT_DOCUMENT_UPLOAD_PATH = /^\/api\/orgs\/[^/]+\/lawsuits\/[^/]+\/documents$/;

const documentForm = z.object({
  file: z.custom<File>((value) => value instanceof File, { error: 'Välj en fil' }).openapi({ type: 'string', format: 'binary' }),
});

// The multipart envelope around a 10 MB document: refuse bigger bodies before reading them.
const documentBodyLimit = bodyLimit({
  maxSize: LAWSUIT_DOCUMENT_MAX_BYTES + 64 * 1024,
  onError: () => {
    throw new DomainError('FILE_TOO_LARGE', 'Dokumentet får vara högst 10 MB');
  },
});

/** Lawsuits (tvistemål): list, create from a case, detail, status machine, deadlines, notes, documents. */
export function lawsuitRoutes() {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/lawsuits',
        tags,
        summary: 'Tvistemålen, nyast först, med part och kund; filter status och spår (FT/ORD)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, query: lawsuitListQuerySchema },
        responses: { 200: jsonContent(lawsuitListResponseSchema, 'Tvistemålen'), ...errorResponses },
      }),
      async (c) => c.json(await listLawsuits(c.get('org'), c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/lawsuits/suggestion',
        tags,
        summary: 'Föreslaget spår för ett ärende (FT upp till ett halvt prisbasbelopp) med skäl och ansökningsavgifter',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, query: lawsuitSuggestionQuerySchema },
        responses: { 200: jsonContent(lawsuitTrackSuggestionSchema, 'Förslaget'), ...errorResponses },
      }),
      async (c) => c.json(await suggestLawsuitForCase(c.get('org'), c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/lawsuits',
        tags,
        summary: 'Ny stämning: ett utkast till tvistemål för ett ärende',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, ...jsonBody(lawsuitCreateSchema) },
        responses: { 201: detail('Tvistemålet'), ...errorResponses, 409: errorResponses[400] },
      }),
      async (c) => c.json(await createLawsuitDraft(c.get('org'), c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/lawsuits/{id}',
        tags,
        summary: 'Ett tvistemål: status, frister, anteckningar, dokument, ärendets saldo och bokförda kostnader',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: idParams },
        responses: { 200: detail('Tvistemålet'), ...errorResponses },
      }),
      async (c) => c.json(await getLawsuit(c.get('org'), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/lawsuits/{id}/status',
        tags,
        summary: 'Ändra status enligt tvistemålets statusmaskin (Inlämnad bokför ansökningsavgiften)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: idParams, ...jsonBody(lawsuitStatusChangeSchema) },
        responses: { 200: detail('Tvistemålet'), ...errorResponses, 409: errorResponses[400] },
      }),
      async (c) => c.json(await changeLawsuitStatus(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/lawsuits/{id}/deadlines',
        tags,
        summary: 'Lägg till en frist; en påminnelse kommer innan den löper ut',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: idParams, ...jsonBody(lawsuitDeadlineAddSchema) },
        responses: { 201: detail('Tvistemålet'), ...errorResponses },
      }),
      async (c) => c.json(await addLawsuitDeadline(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/lawsuits/{id}/deadlines/{code}/done',
        tags,
        summary: 'Klarmarkera en frist',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: idParams.extend({ code: idSchema.meta({ description: 'Fristens kod' }) }) },
        responses: { 200: detail('Tvistemålet'), ...errorResponses, 409: errorResponses[400] },
      }),
      async (c) => c.json(await completeLawsuitDeadline(c.get('org'), c.req.valid('param').id, c.req.valid('param').code), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/api/orgs/{orgId}/lawsuits/{id}/notes',
        tags,
        summary: 'Spara tvistemålets anteckningar',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: idParams, ...jsonBody(lawsuitNotesSchema) },
        responses: { 200: detail('Tvistemålet'), ...errorResponses },
      }),
      async (c) => c.json(await updateLawsuitNotes(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/lawsuits/{id}/documents',
        tags,
        summary: 'Ladda upp ett dokument (högst 10 MB)',
        middleware: [requireUser, requireOrg, documentBodyLimit],
        security: bearerSecurity,
        request: { params: idParams, body: { content: { 'multipart/form-data': { schema: documentForm } }, required: true } },
        responses: { 201: detail('Tvistemålet'), ...errorResponses, 413: errorResponses[400] },
      }),
      async (c) => {
        const { file } = c.req.valid('form');
        const upload = { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()), contentType: file.type };
        return c.json(await uploadLawsuitDocument(c.get('org'), c.req.valid('param').id, upload), 201);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/lawsuits/{id}/documents/{documentId}',
        tags,
        summary: 'Hämta ett dokument',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: idParams.extend({ documentId: idSchema }) },
        responses: {
          200: { description: 'Filen', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
          ...errorResponses,
        },
      }),
      async (c) => {
        const { id, documentId } = c.req.valid('param');
        const file = await readLawsuitDocument(c.get('org'), id, documentId);
        return c.body(file.bytes.slice().buffer, 200, { 'Content-Type': file.contentType, 'Content-Disposition': attachment(file.fileName) });
      },
    );
}
