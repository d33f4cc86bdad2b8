import { createRoute } from '@hono/zod-openapi';
import { idSchema, type Directory } from '@fordran/services';
import { bearerSecurity, createRouter, errorResponses, inOrganisation, jsonBody, jsonContent, orgParams } from './route-kit';

/*
 * The routes of the organisation's two directories, creditors and parties (spec part 1 §2, §5):
 * list, create, read, edit and status, each over its directory of the services. What differs is
 * a DirectoryRoutesDefinition (creditors.ts, parties.ts).
 */

export interface DirectoryRoutesDefinition {
  collection: 'creditors' | 'parties';
  tag: string;
  /** 'kund', 'kunden', 'kunder' as the summaries use them. */
  noun: { one: string; the: string; many: string };
  /** What the list searches and filters, e.g. 'sök (namn, org.nr, kundnummer), status'. */
  listSummary: string;
  /** The create summary's success text, e.g. 'Kund skapad!'. */
  created: string;
  /** The services' directory: its use cases and schemas. */
  directory: Directory<object>;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function directoryRoutes(def: DirectoryRoutesDefinition) {
  const { schemas } = def.directory;
  const path = `/api/orgs/{orgId}/${def.collection}`;
  const recordParams = orgParams.extend({ id: idSchema });
  const tags = [def.tag];
  const record = jsonContent(schemas.response, capitalised(def.noun.the));
  const route = { tags, middleware: inOrganisation, security: bearerSecurity };
  return createRouter()
    .openapi(
      createRoute({
        ...route,
        method: 'get',
        path,
        summary: `${capitalised(def.noun.many)}: ${def.listSummary}, sortering och sidor`,
        request: { params: orgParams, query: schemas.list },
        responses: { 200: jsonContent(schemas.listResponse, `En sida ${def.noun.many} och antalet träffar`), ...errorResponses },
      }),
      async (c) => c.json(await def.directory.list(c.get('org'), c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        ...route,
        method: 'post',
        path,
        summary: `Skapa en ${def.noun.one} (${def.created})`,
        request: { params: orgParams, ...jsonBody(schemas.create) },
        responses: { 201: record, ...errorResponses, 409: errorResponses[400] },
      }),
      async (c) => c.json(await def.directory.create(c.get('org'), c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        ...route,
        method: 'get',
        path: `${path}/{id}`,
        summary: `En ${def.noun.one}`,
        request: { params: recordParams },
        responses: { 200: record, ...errorResponses },
      }),
      async (c) => c.json(await def.directory.get(c.get('org'), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        ...route,
        method: 'patch',
        path: `${path}/{id}`,
        summary: `Ändra en ${def.noun.one}, även status active/inactive`,
        request: { params: recordParams, ...jsonBody(schemas.update) },
        responses: { 200: record, ...errorResponses, 409: errorResponses[400] },
      }),
      async (c) => c.json(await def.directory.update(c.get('org'), c.req.valid('param').id, c.req.valid('json')), 200),
    );
}
