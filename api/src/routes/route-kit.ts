import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { errorResponseSchema, idSchema } from '@fordran/services';
import type { ApiEnv } from '../env';
import { validationHook } from '../error-handling';
import { requireOrg, requireUser } from '../middleware/auth';

/** A feature router: an OpenAPIHono whose validation failures use the API's error format. */
export function createRouter(): OpenAPIHono<ApiEnv> {
  return new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
}

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

const errorContent = (description: string) => ({ content: { 'application/json': { schema: errorResponseSchema } }, description });

/** The error responses every route may give, for the OpenAPI document. */
export const errorResponses = {
  400: errorContent('Ogiltig indata (VALIDATION_FAILED m.fl.)'),
  401: errorContent('Inte inloggad eller ogiltig token (UNAUTHORIZED)'),
  403: errorContent('Saknar behörighet (FORBIDDEN) eller tvåstegsverifiering krävs (MFA_REQUIRED)'),
  404: errorContent('Finns inte, eller tillhör en annan organisation (NOT_FOUND)'),
} as const;

export const bearerSecurity = [{ bearerAuth: [] }];

/** Route middleware of signed-in routes. */
export const signedIn: [MiddlewareHandler<ApiEnv>] = [requireUser];
/** Route middleware of organisation routes: signed in, then membership (404) and MFA (403). */
export const inOrganisation: [MiddlewareHandler<ApiEnv>, MiddlewareHandler<ApiEnv>] = [requireUser, requireOrg];

export const orgParams = z.object({ orgId: idSchema });

/** A file download: the name the browser saves it under. */
export function attachment(fileName: string): string {
  return `attachment; filename="${fileName}"`;
}
