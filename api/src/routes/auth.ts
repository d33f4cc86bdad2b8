import { createRoute, z } from '@hono/zod-openapi';
import {
  challengeFactor,
  enrollFactor,
  idSchema,
  invitationPreviewResponseSchema,
  listFactors,
  mfaChallengeResponseSchema,
  mfaEnrollResponseSchema,
  mfaEnrollSchema,
  mfaFactorListSchema,
  mfaVerifySchema,
  previewInvitation,
  refreshSession,
  refreshTokenSchema,
  sessionResponseSchema,
  signIn,
  signInSchema,
  signOut,
  signUp,
  signUpResponseSchema,
  signUpSchema,
  unenrollFactor,
  verifyFactor,
} from '@fordran/services';
import { clientAddress } from '../middleware/auth';
import { bearerSecurity, createRouter, errorResponses, jsonBody, jsonContent, signedIn } from './route-kit';

const tags = ['Inloggning'];
const factorParams = z.object({ id: idSchema });
const invitationTokenParams = z.object({ token: z.string() });

/** Sign-up, sign-in, token refresh, sign-out and TOTP second factors (`/api/auth/...`). */
export function authRoutes(options: { trustProxy: boolean }) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/auth/signup',
        tags,
        summary: 'Skapa konto (utan inbjudan: en egen organisation där användaren är admin)',
        description:
          'Samma svar (201 med adressen) oavsett om adressen redan har ett konto, så att ingen kan ta reda på vilka adresser som har konton; ' +
          'bara med en inbjudan svarar en upptagen adress 409 USER_EXISTS. Begränsat per klientadress och per e-post (429).',
        request: jsonBody(signUpSchema),
        responses: {
          201: jsonContent(signUpResponseSchema, 'Mottaget: kontot finns nu'),
          400: errorResponses[400],
          409: errorResponses[400],
          429: errorResponses[400],
        },
      }),
      async (c) => c.json(await signUp(c.get('app'), c.req.valid('json'), { ip: clientAddress(c, options.trustProxy) }), 201),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/auth/invitations/{token}',
        tags,
        summary: 'Vad en inbjudningslänk gäller: organisation, roll och e-post (publik; token är nyckeln)',
        request: { params: invitationTokenParams },
        responses: { 200: jsonContent(invitationPreviewResponseSchema, 'Inbjudan'), 400: errorResponses[400], 404: errorResponses[404] },
      }),
      async (c) => c.json(await previewInvitation(c.get('app'), c.req.valid('param').token), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/auth/signin',
        tags,
        summary: 'Logga in med e-post och lösenord',
        request: jsonBody(signInSchema),
        responses: { 200: jsonContent(sessionResponseSchema, 'Inloggad (aal1)'), 400: errorResponses[400], 429: errorResponses[400] },
      }),
      async (c) => c.json(await signIn(c.get('app'), c.req.valid('json'), { ip: clientAddress(c, options.trustProxy) }), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/auth/refresh',
        tags,
        summary: 'Byt refresh-token mot nya tokens (roterande)',
        request: jsonBody(refreshTokenSchema),
        responses: { 200: jsonContent(sessionResponseSchema, 'Nya tokens'), 400: errorResponses[400], 401: errorResponses[401] },
      }),
      async (c) => c.json(await refreshSession(c.get('app'), c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/auth/signout',
        tags,
        summary: 'Logga ut (återkallar sessionen)',
        request: jsonBody(refreshTokenSchema),
        responses: { 204: { description: 'Utloggad' }, 400: errorResponses[400] },
      }),
      async (c) => {
        await signOut(c.get('app'), c.req.valid('json'));
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/auth/mfa/factors',
        tags,
        summary: 'Mina faktorer för tvåstegsverifiering',
        middleware: signedIn,
        security: bearerSecurity,
        responses: { 200: jsonContent(mfaFactorListSchema, 'Faktorer'), 401: errorResponses[401] },
      }),
      async (c) => c.json(await listFactors(c.get('user')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/auth/mfa/factors',
        tags,
        summary: 'Registrera en TOTP-faktor (hemlighet och otpauth-URI för QR-kod)',
        middleware: signedIn,
        security: bearerSecurity,
        request: { body: { content: { 'application/json': { schema: mfaEnrollSchema } }, required: false } },
        responses: { 201: jsonContent(mfaEnrollResponseSchema, 'Ej verifierad faktor'), ...errorResponses },
      }),
      async (c) => c.json(await enrollFactor(c.get('user'), c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/auth/mfa/factors/{id}/challenge',
        tags,
        summary: 'Starta en verifiering mot en faktor',
        middleware: signedIn,
        security: bearerSecurity,
        request: { params: factorParams },
        responses: { 201: jsonContent(mfaChallengeResponseSchema, 'Utmaning'), ...errorResponses },
      }),
      async (c) => c.json(await challengeFactor(c.get('user'), c.req.valid('param').id), 201),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/auth/mfa/factors/{id}/verify',
        tags,
        summary: 'Verifiera en TOTP-kod; ger en ny session med aal2',
        middleware: signedIn,
        security: bearerSecurity,
        request: { params: factorParams, ...jsonBody(mfaVerifySchema) },
        responses: { 200: jsonContent(sessionResponseSchema, 'Session med aal2'), ...errorResponses, 429: errorResponses[400] },
      }),
      async (c) => c.json(await verifyFactor(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/api/auth/mfa/factors/{id}',
        tags,
        summary: 'Ta bort en faktor (en verifierad faktor kräver aal2)',
        middleware: signedIn,
        security: bearerSecurity,
        request: { params: factorParams },
        responses: { 204: { description: 'Borttagen' }, ...errorResponses },
      }),
      async (c) => {
        await unenrollFactor(c.get('user'), c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
}
