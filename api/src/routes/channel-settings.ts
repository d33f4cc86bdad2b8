import { createRoute, z } from '@hono/zod-openapi';
import {
  channelSettingSchema,
  channelSettingsResponseSchema,
  channelSettingUpdateSchema,
  commChannelSchema,
  idSchema,
  listChannelSettings,
  listSimulatedChannelMessages,
  readSimulatedMessageFile,
  simulatedMessagesResponseSchema,
  updateChannelSetting,
} from '@fordran/services';
import { attachment, bearerSecurity, createRouter, errorResponses, inOrganisation, jsonBody, jsonContent, orgParams } from './route-kit';

const tags = ['Kommunikationsinställningar'];
const channelParams = orgParams.extend({ channel: commChannelSchema });

/** Communication settings (admin): provider, credentials (never returned), sandbox and active per channel; the stand-ins' messages. */
export function channelSettingRoutes() {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/channel-settings',
        tags,
        summary:
          'Inställningar per kanal (e-post, SMS, Kivra, brev), vad som skickar nu (simulerat eller inte) och leverantörerna; inloggningsuppgifter visas bara maskerade',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams },
        responses: { 200: jsonContent(channelSettingsResponseSchema, 'Kanalerna'), ...errorResponses },
      }),
      async (c) => c.json(await listChannelSettings(c.get('org')), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/api/orgs/{orgId}/channel-settings/{channel}',
        tags,
        summary: 'Spara en kanal (admin): leverantör, inställningar, inloggningsuppgifter (krypteras; utelämnade behålls, null tar bort), sandlåda och aktiv',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: channelParams, ...jsonBody(channelSettingUpdateSchema) },
        responses: { 200: jsonContent(channelSettingSchema, 'Kanalen'), ...errorResponses },
      }),
      async (c) => {
        const { channel } = c.req.valid('param');
        return c.json(await updateChannelSetting(c.get('org'), channel, c.req.valid('json')), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/channel-settings/{channel}/simulated-messages',
        tags,
        summary: 'Det som kanalens lokala ersättare (utkorgen, simulatorn, sandlådan) tagit emot, senaste 50',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: channelParams },
        responses: { 200: jsonContent(simulatedMessagesResponseSchema, 'Meddelandena'), ...errorResponses },
      }),
      async (c) => c.json(await listSimulatedChannelMessages(c.get('org'), c.req.valid('param').channel), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/channel-settings/{channel}/simulated-messages/{id}/file',
        tags,
        summary: 'Hela det simulerade meddelandet: e-post som .eml, brev som PDF',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: channelParams.extend({ id: idSchema }) },
        responses: {
          200: {
            description: 'Filen',
            content: { 'message/rfc822': { schema: z.string() }, 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
          },
          ...errorResponses,
        },
      }),
      async (c) => {
        const { channel, id } = c.req.valid('param');
        const file = await readSimulatedMessageFile(c.get('org'), channel, id);
        return c.body(file.bytes.slice().buffer, 200, { 'Content-Type': file.contentType, 'Content-Disposition': attachment(file.filename) });
      },
    );
}
