import { createRoute, z } from '@hono/zod-openapi';
import {
  bankIdInitResponseSchema,
  bankIdInitSchema,
  bankIdOrderRefSchema,
  bankIdProviderInfo,
  bankIdProviderResponseSchema,
  bankIdQrCode,
  bankIdQrResponseSchema,
  bankIdSignInStatus,
  bankIdStatusResponseSchema,
  cancelBankIdSignIn,
  listPortalCases,
  portalCasesResponseSchema,
  signOutPortalSession,
  startBankIdSignIn,
} from '@fordran/services';
import { clientAddress, requirePortalSession } from '../middleware/auth';
import { createRouter, errorResponses, jsonBody, jsonContent } from './route-kit';

const tags = ['Portal'];
const portalSecurity = [{ portalSession: [] }];

/**
 * The debtor portal's sign-in with BankID and its session (`/api/portal/...`, issue 13). These
 * routes take no staff token; the session is the `x-portal-session` header.
 */
export function portalRoutes(options: { trustProxy: boolean }) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/portal/bankid/provider',
        tags,
        summary: 'Vilket BankID som svarar: det riktiga, eller simulatorn (med sidan där en order godkänns)',
        responses: { 200: jsonContent(bankIdProviderResponseSchema, 'BankID-leverantören') },
      }),
      async (c) => c.json(await bankIdProviderInfo(c.get('app')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/portal/bankid/init',
        tags,
        summary: 'Starta BankID-inloggning för ett personnummer (12 siffror)',
        description:
          'Svaret är detsamma oavsett om personnumret har ärenden hos organisationen: det avgörs först när BankID har bekräftat personen. ' +
          'org_id, annars serverns FORDRAN_PORTAL_ORG. Begränsat per personnummer och per klientadress (429).',
        request: jsonBody(bankIdInitSchema),
        responses: {
          200: jsonContent(bankIdInitResponseSchema, 'BankID-ordern'),
          400: errorResponses[400],
          404: errorResponses[404],
          409: errorResponses[400],
          429: errorResponses[400],
          502: errorResponses[400],
        },
      }),
      async (c) => c.json(await startBankIdSignIn(c.get('app'), c.req.valid('json'), clientAddress(c, options.trustProxy)), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/portal/bankid/status',
        tags,
        summary: 'Hämta BankID-orderns status (anropas var 2:a sekund)',
        description:
          'pending med hint_code, failed med hint_code (noParty: personen har inga ärenden här), eller complete med session_id (portalsessionen, ' +
          'skickas som x-portal-session) och party_id — bara i svaret som avslutade ordern.',
        request: jsonBody(bankIdOrderRefSchema),
        responses: { 200: jsonContent(bankIdStatusResponseSchema, 'Status'), 400: errorResponses[400], 404: errorResponses[404], 502: errorResponses[400] },
      }),
      async (c) => c.json(await bankIdSignInStatus(c.get('app'), c.req.valid('json').order_ref), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/portal/bankid/cancel',
        tags,
        summary: 'Avbryt BankID-ordern (Avbryt i portalen; BankID avbryter den också)',
        request: jsonBody(bankIdOrderRefSchema),
        responses: { 200: jsonContent(bankIdStatusResponseSchema, 'Avbruten'), 400: errorResponses[400], 404: errorResponses[404], 502: errorResponses[400] },
      }),
      async (c) => c.json(await cancelBankIdSignIn(c.get('app'), c.req.valid('json').order_ref), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/portal/bankid/qr/{orderRef}',
        tags,
        summary: 'Den animerade QR-kodens innehåll just nu (ny varje sekund; hemligheten lämnar aldrig servern)',
        request: { params: z.object({ orderRef: z.string().min(1).max(100) }) },
        responses: { 200: jsonContent(bankIdQrResponseSchema, 'QR-data'), 404: errorResponses[404] },
      }),
      async (c) => c.json(await bankIdQrCode(c.get('app'), c.req.valid('param').orderRef), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/portal/cases',
        tags,
        summary: 'Mina ärenden: den inloggade gäldenärens öppna ärenden hos organisationen',
        middleware: [requirePortalSession],
        security: portalSecurity,
        responses: { 200: jsonContent(portalCasesResponseSchema, 'Ärendekorten'), 401: errorResponses[401] },
      }),
      async (c) => c.json(await listPortalCases(c.get('portal')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/portal/signout',
        tags,
        summary: 'Logga ut ur portalen (sessionen återkallas)',
        middleware: [requirePortalSession],
        security: portalSecurity,
        responses: { 204: { description: 'Utloggad' }, 401: errorResponses[401] },
      }),
      async (c) => {
        await signOutPortalSession(c.get('portal'));
        return c.body(null, 204);
      },
    );
}
