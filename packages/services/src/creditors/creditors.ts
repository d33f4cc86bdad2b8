import { parseOrganisationsnummer } from '@fordran/core';
import { creditorDirectoryTable, type AddressJson, type ContactJson, type CreditorRow } from '@fordran/store';
import type { OrgScope } from '../access/operator';
import { compactJson, defineDirectory } from '../directory/directory';
import { checkField } from '../schemas/field-check';
import {
  creditorCreateSchema,
  creditorListQuerySchema,
  creditorListResponseSchema,
  creditorResponseSchema,
  creditorUpdateSchema,
  type CreditorCreateInput,
  type CreditorResponse,
  type CreditorUpdateInput,
} from '../schemas/directory';
import type { z } from '../schemas/zod-setup';

function toResponse(row: CreditorRow): CreditorResponse {
  return {
    id: row.id,
    org_id: row.org_id,
    name: row.name,
    org_no: row.org_no ?? null,
    customer_no: row.customer_no ?? null,
    status: row.status,
    contact_json: row.contact_json ?? null,
    address_json: row.address_json ?? null,
    is_business: row.is_business ?? true,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The stored form `NNNNNN-NNNN`, or null; throws INVALID_ORGANISATIONSNUMMER with core's reason. */
function normaliseOrgNo(orgNo: string | null): string | null {
  return orgNo === null ? null : checkField('org_no', () => parseOrganisationsnummer(orgNo).display);
}

type Fields = Partial<z.output<typeof creditorUpdateSchema>>;

/** The columns of the fields sent (org_no checked, the contact and address without empty fields). */
function columnsOf(input: Fields): Partial<CreditorRow> {
  const columns: Partial<CreditorRow> = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.org_no !== undefined) columns.org_no = normaliseOrgNo(input.org_no);
  if (input.customer_no !== undefined) columns.customer_no = input.customer_no;
  if (input.contact_json !== undefined) columns.contact_json = compactJson<ContactJson>(input.contact_json);
  if (input.address_json !== undefined) columns.address_json = compactJson<AddressJson>(input.address_json);
  if (input.is_business !== undefined) columns.is_business = input.is_business;
  return columns;
}

/**
 * Creditors ('Kunder (Borgenärer)'): search in name, org_no and customer_no (digits match with or
 * without hyphen), status filter, sort by name (default, as the spec's list), created_at or
 * customer_no (empty last). Created active ('Kund skapad!') with the company name required
 * ('Företagsnamn krävs') and org_no checked, stored `NNNNNN-NNNN` and unique in the
 * organisation. Only active creditors take new cases; deactivating needs a reason. The audit
 * rows keep the values written (business data).
 */
export const creditorDirectory = defineDirectory({
  store: creditorDirectoryTable,
  permissions: { read: 'creditors.read', write: 'creditors.write' },
  notFound: 'Kunden hittades inte',
  schemas: {
    list: creditorListQuerySchema,
    create: creditorCreateSchema,
    update: creditorUpdateSchema,
    response: creditorResponseSchema,
    listResponse: creditorListResponseSchema,
  },
  unique: [{ field: 'org_no', taken: (orgNo) => `En kund med organisationsnummer ${orgNo} finns redan` }],
  toResponse,
  newRow: (input) => columnsOf(input),
  changes: (input) => columnsOf(input),
  audit: {
    entity: 'creditors',
    created: 'creditor.created',
    updated: 'creditor.updated',
    statusChanged: 'creditor.status_changed',
    createdPayload: (row) => ({ name: row.name, org_no: row.org_no }),
    namesOnly: false,
  },
});

export const createCreditor: (ctx: OrgScope, input: CreditorCreateInput, options?: { qaBatchId?: string }) => Promise<CreditorResponse> =
  creditorDirectory.create;
/** Edits a creditor, including status active/inactive. */
export const updateCreditor: (ctx: OrgScope, id: string, input: CreditorUpdateInput) => Promise<CreditorResponse> = creditorDirectory.update;
