import { createRoute } from '@hono/zod-openapi';
import {
  cancelMessage,
  changeMessageChannel,
  communicationChangeChannelSchema,
  communicationDetailResponseSchema,
  communicationListQuerySchema,
  communicationListResponseSchema,
  communicationPreviewResponseSchema,
  communicationResponseSchema,
  communicationSendResponseSchema,
  communicationSendOptionsSchema,
  communicationSendOptions,
  communicationSendSchema,
  confirmUnsubscribe,
  describeUnsubscribeLink,
  getCommunication,
  idSchema,
  listCaseCommunications,
  listCommunications,
  listOptOuts,
  optOutListQuerySchema,
  optOutListResponseSchema,
  optOutResponseSchema,
  previewCommunication,
  resendMessage,
  revokeOptOut,
  sendCommunication,
  tokenSchema,
  unsubscribeResponseSchema,
} from '@fordran/services';
import { z } from '@hono/zod-openapi';
import { bearerSecurity, createRouter, errorResponses, inOrganisation, jsonBody, jsonContent, orgParams } from './route-kit';

const tags = ['Kommunikation'];
const idParams = orgParams.extend({ id: idSchema });
/** Refusals of the domain: no contact, opted out, already sent today, a rule block, a status that does not allow it. */
const domainErrors = { ...errorResponses, 409: errorResponses[400], 422: errorResponses[400] };

/** Messages to debtors (issue 11): send and preview on a case, the history, cancel, resend, change channel. */
function messageRoutes() {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/communications',
        tags,
        summary: 'Meddelanden, nyast först: filter på status (en eller flera, kommaseparerade), kanal och ärende; sidor med cursor',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, query: communicationListQuerySchema },
        responses: { 200: jsonContent(communicationListResponseSchema, 'En sida meddelanden'), ...errorResponses },
      }),
      async (c) => c.json(await listCommunications(c.get('org'), c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/communications/{id}',
        tags,
        summary: 'Ett meddelande med text, status och alla leveransomgångar',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: idParams },
        responses: { 200: jsonContent(communicationDetailResponseSchema, 'Meddelandet'), ...errorResponses },
      }),
      async (c) => c.json(await getCommunication(c.get('org'), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/communications/{id}/cancel',
        tags,
        summary: 'Avbryt ett köat meddelande (pending/queued): meddelandet och leveransen blir avbrutna',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: idParams },
        responses: { 200: jsonContent(communicationResponseSchema, 'Meddelandet'), ...domainErrors },
      }),
      async (c) => c.json(await cancelMessage(c.get('org'), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/communications/{id}/resend',
        tags,
        summary: 'Skicka igen: ett misslyckat meddelande köas på nytt (ny leveransomgång)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: idParams },
        responses: { 200: jsonContent(communicationResponseSchema, 'Meddelandet'), ...domainErrors },
      }),
      async (c) => c.json(await resendMessage(c.get('org'), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/communications/{id}/change-channel',
        tags,
        summary: 'Byt kanal på ett misslyckat meddelande (kivra → brev, e-post ↔ SMS) och köa det på nytt',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: idParams, ...jsonBody(communicationChangeChannelSchema) },
        responses: { 200: jsonContent(communicationResponseSchema, 'Meddelandet'), ...domainErrors },
      }),
      async (c) => c.json(await changeMessageChannel(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 200),
    );
}

function caseMessageRoutes() {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/cases/{id}/communications',
        tags,
        summary: 'Ärendets meddelanden (fliken Kommunikation), nyast först',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: idParams, query: communicationListQuerySchema.omit({ case_id: true }) },
        responses: { 200: jsonContent(communicationListResponseSchema, 'En sida meddelanden'), ...errorResponses },
      }),
      async (c) => c.json(await listCaseCommunications(c.get('org'), c.req.valid('param').id, c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/cases/{id}/communications',
        tags,
        summary:
          "Skicka meddelande: mallen renderas med ärendets värden och köas för leverans. Avvisas utan kontaktuppgift ('Ingen e-postadress/telefonnummer finns för gäldenären'), vid avregistrering, samma meddelande i dag eller regelblockering ('Åtgärd blockerad')",
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: idParams, ...jsonBody(communicationSendSchema) },
        responses: { 201: jsonContent(communicationSendResponseSchema, 'Meddelandet (pending) och regelvarningar'), ...domainErrors },
      }),
      async (c) => c.json(await sendCommunication(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/cases/{id}/communications/options',
        tags,
        summary: 'Vad som kan skickas i ärendet: aktiva mallar och varje kanal med mottagare, avregistrering eller varför den inte går',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: idParams },
        responses: { 200: jsonContent(communicationSendOptionsSchema, 'Mallar och kanaler'), ...errorResponses },
      }),
      async (c) => c.json(await communicationSendOptions(c.get('org'), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/cases/{id}/communications/preview',
        tags,
        summary: 'Förhandsvisning: mallen renderad med ärendets värden, mottagaren och vad som skulle stoppa utskicket (inget sparas)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: idParams, ...jsonBody(communicationSendSchema) },
        responses: { 200: jsonContent(communicationPreviewResponseSchema, 'Förhandsvisningen'), ...domainErrors },
      }),
      async (c) => c.json(await previewCommunication(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 200),
    );
}

const tokenParams = z.object({ token: tokenSchema });

/** Opt-out: the organisation's list and revoking, and the public unsubscribe link (no sign-in). */
function optOutRoutes() {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/opt-outs',
        tags,
        summary: 'Avregistreringar som gäller (ej återkallade), nyast först; filter på kanal',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, query: optOutListQuerySchema },
        responses: { 200: jsonContent(optOutListResponseSchema, 'En sida avregistreringar'), ...errorResponses },
      }),
      async (c) => c.json(await listOptOuts(c.get('org'), c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/opt-outs/{id}/revoke',
        tags,
        summary: 'Återkalla en avregistrering: mottagaren får meddelanden i kanalen igen',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: idParams },
        responses: { 200: jsonContent(optOutResponseSchema, 'Den återkallade avregistreringen'), ...errorResponses },
      }),
      async (c) => c.json(await revokeOptOut(c.get('org'), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/public/unsubscribe/{token}',
        tags,
        summary: 'Avregistreringslänken (ingen inloggning): vems länk det är och om avregistreringen gäller',
        request: { params: tokenParams },
        responses: { 200: jsonContent(unsubscribeResponseSchema, 'Länken'), 404: errorResponses[404] },
      }),
      async (c) => c.json(await describeUnsubscribeLink(c.get('app'), c.req.valid('param').token), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/public/unsubscribe/{token}',
        tags,
        summary: 'Avregistrera mottagaren från kanalen (ingen inloggning); en andra gång ändrar inget',
        request: { params: tokenParams },
        responses: { 200: jsonContent(unsubscribeResponseSchema, 'Avregistreringen'), 404: errorResponses[404] },
      }),
      async (c) => c.json(await confirmUnsubscribe(c.get('app'), c.req.valid('param').token), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/avregistrera/{token}',
        tags,
        summary:
          'RFC 8058 one-click: e-postklienten POSTar `List-Unsubscribe=One-Click` till länken i List-Unsubscribe; avregistrerar som sidan gör (GET är sidan i webbläsaren)',
        request: { params: tokenParams },
        responses: { 200: jsonContent(unsubscribeResponseSchema, 'Avregistreringen'), 404: errorResponses[404] },
      }),
      // No cookie, session or CSRF token is read or needed: the unguessable token in the URL is the only authority (RFC 8058 §3).
      async (c) => c.json(await confirmUnsubscribe(c.get('app'), c.req.valid('param').token), 200),
    );
}

/** Every route of sending, history and opt-out. */
export function communicationRoutes() {
  return createRouter().route('/', messageRoutes()).route('/', caseMessageRoutes()).route('/', optOutRoutes());
}
