import { createRoute } from '@hono/zod-openapi';
import {
  createRule,
  idSchema,
  listRules,
  ruleCreateSchema,
  ruleListResponseSchema,
  ruleResponseSchema,
  ruleUpdateSchema,
  ruleValidateSchema,
  ruleValidationResponseSchema,
  updateRule,
  validateRule,
} from '@fordran/services';
import { bearerSecurity, createRouter, errorResponses, inOrganisation, jsonBody, jsonContent, orgParams } from './route-kit';

const tags = ['Regelmotor'];
const conflict = { 409: errorResponses[400] };

/** The rule engine settings (Regelmotor): list, live validation, create, toggle and edit. */
export function ruleRoutes() {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/rules',
        tags,
        summary: 'Regler (block, warning, info, sedan kod) med regeltyper och åtgärder för redigeraren',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams },
        responses: { 200: jsonContent(ruleListResponseSchema, 'Regler'), ...errorResponses },
      }),
      async (c) => c.json(await listRules(c.get('org')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/rules/validate',
        tags,
        summary: 'Kontrollera villkor och åtgärd (JSON) utan att spara: fynd med sökväg',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, ...jsonBody(ruleValidateSchema) },
        responses: { 200: jsonContent(ruleValidationResponseSchema, 'Fynd'), ...errorResponses },
      }),
      (c) => c.json(validateRule(c.get('org'), c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/rules',
        tags,
        summary: 'Ny regel (admin); ogiltig JSON, okänd regeltyp eller fel parametrar ger INVALID_RULE',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, ...jsonBody(ruleCreateSchema) },
        responses: { 201: jsonContent(ruleResponseSchema, 'Regeln'), ...errorResponses, ...conflict },
      }),
      async (c) => c.json(await createRule(c.get('org'), c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/api/orgs/{orgId}/rules/{id}',
        tags,
        summary: 'Aktivera/inaktivera eller redigera en regel (admin); ogiltig ändring avvisas och inget sparas',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams.extend({ id: idSchema }), ...jsonBody(ruleUpdateSchema) },
        responses: { 200: jsonContent(ruleResponseSchema, 'Regeln'), ...errorResponses },
      }),
      async (c) => c.json(await updateRule(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 200),
    );
}
