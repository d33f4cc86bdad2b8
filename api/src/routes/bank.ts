import { createRoute } from '@hono/zod-openapi';
import {
  bankAccountCreateSchema,
  bankAccountListQuerySchema,
  bankAccountListResponseSchema,
  bankAccountResponseSchema,
  bankAccountUpdateSchema,
  bankStatementDetailSchema,
  bankStatementListQuerySchema,
  bankStatementListResponseSchema,
  createBankAccount,
  createStatementResolution,
  getBankStatement,
  idSchema,
  listBankAccounts,
  listBankStatements,
  reconcileBankStatement,
  statementResolutionCreateSchema,
  statementResolutionOptions,
  statementResolutionOptionsQuerySchema,
  statementResolutionOptionsSchema,
  statementResolutionUndoSchema,
  undoStatementResolution,
  updateBankAccount,
} from '@fordran/services';
import { bearerSecurity, createRouter, errorResponses, inOrganisation, jsonBody, jsonContent, orgParams } from './route-kit';

const tags = ['Bankavstämning'];
const idParams = orgParams.extend({ id: idSchema });
const resolutionParams = idParams.extend({ resolutionId: idSchema });

/** Bank accounts and bank statements with their reconciliation (Bankavstämning, issue 5). */
export function bankRoutes() {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/bank-accounts',
        tags,
        summary: 'Bankkonton (klientmedel och drift); include_inactive=true tar med inaktiva',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, query: bankAccountListQuerySchema },
        responses: { 200: jsonContent(bankAccountListResponseSchema, 'Kontona'), ...errorResponses },
      }),
      async (c) => c.json(await listBankAccounts(c.get('org'), c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/bank-accounts',
        tags,
        summary: 'Lägg till bankkonto (IBAN och bankgiro kontrolleras)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, ...jsonBody(bankAccountCreateSchema) },
        responses: { 201: jsonContent(bankAccountResponseSchema, 'Det nya kontot'), ...errorResponses },
      }),
      async (c) => c.json(await createBankAccount(c.get('org'), c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/api/orgs/{orgId}/bank-accounts/{id}',
        tags,
        summary: 'Ändra bankkonto, även aktiv/inaktiv',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: idParams, ...jsonBody(bankAccountUpdateSchema) },
        responses: { 200: jsonContent(bankAccountResponseSchema, 'Kontot'), ...errorResponses },
      }),
      async (c) => c.json(await updateBankAccount(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/bank-statements',
        tags,
        summary: 'Bankutdrag (statement_date fallande, 50 som standard) med avstämningsstatus',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, query: bankStatementListQuerySchema },
        responses: { 200: jsonContent(bankStatementListResponseSchema, 'Utdragen och antal per status'), ...errorResponses },
      }),
      async (c) => c.json(await listBankStatements(c.get('org'), c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/bank-statements/{id}',
        tags,
        summary: 'Granska ett bankutdrag: avvikelser och filens transaktioner bredvid bokförda betalningar',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: idParams },
        responses: { 200: jsonContent(bankStatementDetailSchema, 'Utdraget'), ...errorResponses },
      }),
      async (c) => c.json(await getBankStatement(c.get('org'), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/bank-statements/{id}/reconcile',
        tags,
        summary: 'Stäm av utdraget mot bokförda betalningar (reconciled eller mismatch med avvikelser)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: idParams },
        responses: { 200: jsonContent(bankStatementDetailSchema, 'Utdraget efter avstämningen'), ...errorResponses },
      }),
      async (c) => c.json(await reconcileBankStatement(c.get('org'), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/bank-statements/{id}/resolution-options',
        tags,
        summary: 'Vad en avvikelse kan lösas med: åtgärder, belopp, betalningar att koppla och motkonton',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: idParams, query: statementResolutionOptionsQuerySchema },
        responses: { 200: jsonContent(statementResolutionOptionsSchema, 'Det som erbjuds'), ...errorResponses },
      }),
      async (c) => c.json(await statementResolutionOptions(c.get('org'), c.req.valid('param').id, c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/bank-statements/{id}/resolutions',
        tags,
        summary: 'Lös en avvikelse med skäl: koppla till betalning, bankavgift, justering, annat konto eller kvittera',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: idParams, ...jsonBody(statementResolutionCreateSchema) },
        responses: { 201: jsonContent(bankStatementDetailSchema, 'Utdraget avstämt igen'), ...errorResponses },
      }),
      async (c) => c.json(await createStatementResolution(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/orgs/{orgId}/bank-statements/{id}/resolutions/{resolutionId}/undo',
        tags,
        summary: 'Ångra en lösning med skäl (återföringsverifikation eller kopplingen borttagen)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: resolutionParams, ...jsonBody(statementResolutionUndoSchema) },
        responses: { 200: jsonContent(bankStatementDetailSchema, 'Utdraget avstämt igen'), ...errorResponses },
      }),
      async (c) => {
        const params = c.req.valid('param');
        return c.json(await undoStatementResolution(c.get('org'), params.id, params.resolutionId, c.req.valid('json')), 200);
      },
    );
}
