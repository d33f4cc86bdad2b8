import { createRoute } from '@hono/zod-openapi';
import {
  createTemplate,
  getTemplate,
  idSchema,
  listTemplates,
  previewTemplate,
  previewTemplateDraft,
  setTemplateActive,
  templateActiveSchema,
  templateCreateSchema,
  templateDetailSchema,
  templateDraftPreviewSchema,
  templateListQuerySchema,
  templateListResponseSchema,
  templatePreviewResponseSchema,
  templatePreviewSchema,
  templateResponseSchema,
  templateUpdateSchema,
  updateTemplate,
} from '@fordran/services';
import { bearerSecurity, createRouter, errorResponses, inOrganisation, jsonBody, jsonContent, orgParams } from './route-kit';

const tags = ['Mallar'];
const conflict = { 409: errorResponses[400] };
const templateParams = orgParams.extend({ id: idSchema.meta({ description: 'Mallens id eller kod' }) });

/** Message templates (Mallbibliotek Sverige v1): list, read, create, edit, toggle and preview with a case. */
export function templateRoutes() {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/templates',
        tags,
        summary: 'Mallar (kategori, sedan namn), valfritt en kategori, med variablerna redigeraren erbjuder',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, query: templateListQuerySchema },
        responses: { 200: jsonContent(templateListResponseSchema, 'Mallar'), ...errorResponses },
      }),
      async (c) => c.json(await listTemplates(c.get('org'), c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/templates',
        tags,
        summary: "Ny mall: namn och innehåll krävs, koden blir KATEGORI_<tid>; okänd variabel avvisas med sitt namn ('Mall skapad')",
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, ...jsonBody(templateCreateSchema) },
        responses: { 201: jsonContent(templateResponseSchema, 'Mallen'), ...errorResponses, ...conflict },
      }),
      async (c) => c.json(await createTemplate(c.get('org'), c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/templates/preview',
        tags,
        summary: 'Förhandsvisa en text under redigering, för ett ärende eller ett exempelärende',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, ...jsonBody(templateDraftPreviewSchema) },
        responses: { 200: jsonContent(templatePreviewResponseSchema, 'Ämne och text'), ...errorResponses },
      }),
      async (c) => c.json(await previewTemplateDraft(c.get('org'), c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/templates/{id}',
        tags,
        summary: 'En mall (id eller kod) med tidigare versioners text',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: templateParams },
        responses: { 200: jsonContent(templateDetailSchema, 'Mallen'), ...errorResponses },
      }),
      async (c) => c.json(await getTemplate(c.get('org'), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/api/orgs/{orgId}/templates/{id}',
        tags,
        summary: "Redigera en mall: namn och kod krävs ('Namn och kod måste fyllas i.'), koden låst; en skickad mall får ny version",
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: templateParams, ...jsonBody(templateUpdateSchema) },
        responses: { 200: jsonContent(templateResponseSchema, 'Mallen'), ...errorResponses },
      }),
      async (c) => c.json(await updateTemplate(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/templates/{id}/active',
        tags,
        summary: 'Aktivera eller inaktivera en mall (en inaktiv mall skickas aldrig)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: templateParams, ...jsonBody(templateActiveSchema) },
        responses: { 200: jsonContent(templateResponseSchema, 'Mallen'), ...errorResponses },
      }),
      async (c) => c.json(await setTemplateActive(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/templates/{id}/preview',
        tags,
        summary: 'Mallen med ett ärendes riktiga värden (belopp, ränta per period, avgifter, bankgiro, OCR, sista betalningsdag)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: templateParams, ...jsonBody(templatePreviewSchema) },
        responses: { 200: jsonContent(templatePreviewResponseSchema, 'Ämne och text'), ...errorResponses },
      }),
      async (c) => c.json(await previewTemplate(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 200),
    );
}
