import { createRoute, z } from '@hono/zod-openapi';
import {
  dismissOnboarding,
  restoreOnboarding,
  getOnboarding,
  onboardingResponseSchema,
  onboardingStepCodeSchema,
  onboardingStepResponseSchema,
  onboardingStepUpdateSchema,
  setOnboardingStep,
} from '@fordran/services';
import { bearerSecurity, createRouter, errorResponses, inOrganisation, jsonBody, jsonContent, orgParams } from './route-kit';

const tags = ['Kom igång'];

/** The onboarding checklist (spec part 1 §2). */
export function onboardingRoutes() {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/onboarding',
        tags,
        summary: 'Checklistan: tio steg, framsteg i procent, om den är avfärdad',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams },
        responses: { 200: jsonContent(onboardingResponseSchema, 'Checklistan'), ...errorResponses },
      }),
      async (c) => c.json(await getOnboarding(c.get('org')), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/api/orgs/{orgId}/onboarding/{stepCode}',
        tags,
        summary: 'Markera ett steg som klart eller ej klart',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams.extend({ stepCode: onboardingStepCodeSchema }), ...jsonBody(onboardingStepUpdateSchema) },
        responses: { 200: jsonContent(onboardingStepResponseSchema, 'Steget'), ...errorResponses },
      }),
      async (c) => c.json(await setOnboardingStep(c.get('org'), c.req.valid('param').stepCode, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/onboarding/dismiss',
        tags,
        summary: 'Dölj checklistan för organisationen',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams },
        responses: { 200: jsonContent(z.object({ dismissed: z.literal(true) }), 'Dold'), ...errorResponses },
      }),
      async (c) => c.json(await dismissOnboarding(c.get('org')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/onboarding/restore',
        tags,
        summary: 'Visa den dolda checklistan igen',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams },
        responses: { 200: jsonContent(z.object({ dismissed: z.literal(false) }), 'Visas igen'), ...errorResponses },
      }),
      async (c) => c.json(await restoreOnboarding(c.get('org')), 200),
    );
}
