import { createRoute, z } from '@hono/zod-openapi';
import {
  changeKfmStatus,
  createKfmSnapshot,
  generateKfmFile,
  getKfmCase,
  idSchema,
  kfmCaseDetailSchema,
  kfmCaseListQuerySchema,
  kfmCaseListResponseSchema,
  kfmGenerateInputSchema,
  kfmGenerateResponseSchema,
  kfmPrecheckResponseSchema,
  kfmSnapshotInputSchema,
  kfmStatusChangeResponseSchema,
  kfmStatusChangeSchema,
  listKfmCases,
  precheckKfmEscalation,
  readKfmFile,
  readKfmPdf,
} from '@fordran/services';
import { attachment, bearerSecurity, createRouter, errorResponses, inOrganisation, jsonBody, jsonContent, orgParams } from './route-kit';

const tags = ['Kronofogden'];
const caseParams = orgParams.extend({ id: idSchema });
const kfmParams = orgParams.extend({ id: idSchema });
const refused = { 422: errorResponses[400] };

/** KFM escalation from a case (three steps), the KFM cases, their files and status changes (docs/kfm.md). */
export function kfmRoutes() {
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/cases/{id}/kfm/precheck',
        tags,
        summary: 'Steg 1: förkontroll (regler för kfm_escalate, betalningsplan, levererat inkassokrav); godkänd skriver KFM_PRECHECK_PASSED',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: caseParams },
        responses: { 200: jsonContent(kfmPrecheckResponseSchema, 'Förkontrollens resultat (status blocked skriver inget)'), ...refused, ...errorResponses },
      }),
      async (c) => c.json(await precheckKfmEscalation(c.get('org'), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/cases/{id}/kfm/snapshot',
        tags,
        summary: "Steg 2: 'Snapshot skapad' – ärendet fryst som ett KFM-ärende (utkast); 422 KFM_BLOCKED eller 400 KFM_INVALID_SNAPSHOT skriver inget",
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: caseParams, ...jsonBody(kfmSnapshotInputSchema) },
        responses: { 201: jsonContent(kfmCaseDetailSchema, 'KFM-ärendet'), ...refused, ...errorResponses },
      }),
      async (c) => c.json(await createKfmSnapshot(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/cases/{id}/kfm/generate',
        tags,
        summary: "Steg 3: 'KFM-fil genererad' – XML-fil med SHA-256, inskickning (manuell), KFM_SUBMITTED, fas Kronofogden",
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: caseParams, ...jsonBody(kfmGenerateInputSchema) },
        responses: { 201: jsonContent(kfmGenerateResponseSchema, 'Filen och KFM-ärendet'), ...refused, ...errorResponses },
      }),
      async (c) => c.json(await generateKfmFile(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/kfm',
        tags,
        summary: 'KFM-ärenden, nyast först, filter på status, ansökningstyp, ärende och sökord',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, query: kfmCaseListQuerySchema },
        responses: { 200: jsonContent(kfmCaseListResponseSchema, 'KFM-ärendena'), ...errorResponses },
      }),
      async (c) => c.json(await listKfmCases(c.get('org'), c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/kfm/{id}',
        tags,
        summary: 'Ett KFM-ärende: snapshot, belopp, filer, inskickningar och händelser',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: kfmParams },
        responses: { 200: jsonContent(kfmCaseDetailSchema, 'KFM-ärendet'), ...errorResponses },
      }),
      async (c) => c.json(await getKfmCase(c.get('org'), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/kfm/{id}/files/{fileId}',
        tags,
        summary: "'Fil nedladdad': en fil till eller från Kronofogden",
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: kfmParams.extend({ fileId: idSchema }) },
        responses: { 200: { description: 'XML', content: { 'application/xml': { schema: z.string() } } }, ...errorResponses },
      }),
      async (c) => {
        const { id, fileId } = c.req.valid('param');
        const file = await readKfmFile(c.get('org'), id, fileId);
        return c.body(file.bytes.slice().buffer, 200, { 'Content-Type': file.contentType, 'Content-Disposition': attachment(file.filename) });
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/kfm/{id}/pdf',
        tags,
        summary: 'Ansökan som läsbar PDF, för inlämning för hand',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: kfmParams },
        responses: { 200: { description: 'PDF', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } }, ...errorResponses },
      }),
      async (c) => {
        const file = await readKfmPdf(c.get('org'), c.req.valid('param').id);
        return c.body(file.bytes.slice().buffer, 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': attachment(file.filename) });
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/kfm/{id}/status',
        tags,
        summary: 'Registrera Kronofogdens besked: ny status enligt KFM-statusmaskinen (mottagen kräver målnummer)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: kfmParams, ...jsonBody(kfmStatusChangeSchema) },
        responses: { 200: jsonContent(kfmStatusChangeResponseSchema, 'KFM-ärendet och vad som följer'), ...refused, ...errorResponses },
      }),
      async (c) => c.json(await changeKfmStatus(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 200),
    );
}
