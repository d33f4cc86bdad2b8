import { createRoute, z } from '@hono/zod-openapi';
import {
  exportLedgerSie,
  exportTrialBalanceCsv,
  getTrialBalance,
  ledgerAccountListResponseSchema,
  ledgerJournalListQuerySchema,
  ledgerJournalListResponseSchema,
  listLedgerAccounts,
  listLedgerJournals,
  sieExportQuerySchema,
  trialBalanceQuerySchema,
  trialBalanceResponseSchema,
} from '@fordran/services';
import { attachment, bearerSecurity, createRouter, errorResponses, inOrganisation, jsonContent, orgParams } from './route-kit';

const tags = ['Huvudbok'];

/** The general ledger (Huvudbok & Journal, issue 5): journals, chart of accounts, trial balance, CSV and SIE 4. */
export function ledgerRoutes() {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/ledger/journals',
        tags,
        summary: 'Verifikationer med konteringar, senaste först (50 per sida); filter på bokföringsdagar, källa, konto och ärende; nästa sida med cursor',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, query: ledgerJournalListQuerySchema },
        responses: { 200: jsonContent(ledgerJournalListResponseSchema, 'Verifikationerna'), ...errorResponses },
      }),
      async (c) => c.json(await listLedgerJournals(c.get('org'), c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/ledger/accounts',
        tags,
        summary: 'Kontoplan: aktiva konton efter kontonummer, med saldo',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams },
        responses: { 200: jsonContent(ledgerAccountListResponseSchema, 'Kontona'), ...errorResponses },
      }),
      async (c) => c.json(await listLedgerAccounts(c.get('org')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/ledger/trial-balance',
        tags,
        summary: 'Råbalans per konto till och med ett datum; saldona summerar alltid till noll',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, query: trialBalanceQuerySchema },
        responses: { 200: jsonContent(trialBalanceResponseSchema, 'Råbalansen'), ...errorResponses },
      }),
      async (c) => c.json(await getTrialBalance(c.get('org'), c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/ledger/trial-balance.csv',
        tags,
        summary: 'Råbalansen som CSV (semikolon, decimalkomma, UTF-8 med BOM)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, query: trialBalanceQuerySchema },
        responses: { 200: { description: 'CSV-filen', content: { 'text/csv': { schema: z.string() } } }, ...errorResponses },
      }),
      async (c) => {
        const file = await exportTrialBalanceCsv(c.get('org'), c.req.valid('query'));
        return c.body(file.content, 200, { 'Content-Type': file.content_type, 'Content-Disposition': attachment(file.file_name) });
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/orgs/{orgId}/ledger/sie',
        tags,
        summary: 'Ett räkenskapsår (kalenderår) som SIE 4-fil (#FORMAT PC8, teckentabell CP437)',
        middleware: inOrganisation,
        security: bearerSecurity,
        request: { params: orgParams, query: sieExportQuerySchema },
        responses: {
          200: { description: 'SIE-filen', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
          ...errorResponses,
        },
      }),
      async (c) => {
        const file = await exportLedgerSie(c.get('org'), c.req.valid('query'));
        return c.body(file.content.slice().buffer, 200, { 'Content-Type': file.content_type, 'Content-Disposition': attachment(file.file_name) });
      },
    );
}
