import { DomainError, parseOrganisationsnummer, parsePersonnummer } from '@fordran/core';
import { partyDirectoryTable, type AddressJson, type PartyRow } from '@fordran/store';
import type { OrgScope } from '../access/operator';
import { compactJson, defineDirectory } from '../directory/directory';
import { checkField } from '../schemas/field-check';
import {
  COMPANY_WITH_NATIONAL_ID,
  PERSON_WITH_ORG_NO,
  partyCreateSchema,
  partyListQuerySchema,
  partyListResponseSchema,
  partyResponseSchema,
  partyUpdateSchema,
  type PartyCreateInput,
  type PartyResponse,
  type PartyUpdateInput,
} from '../schemas/directory';
import type { z } from '../schemas/zod-setup';

type PartyType = PartyRow['type'];

function toResponse(row: PartyRow): PartyResponse {
  return {
    id: row.id,
    org_id: row.org_id,
    type: row.type,
    name: row.name,
    national_id: row.national_id ?? null,
    org_no: row.org_no ?? null,
    email: row.email ?? null,
    phone: row.phone ?? null,
    address_json: row.address_json ?? null,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * The identifiers of a party of `type` (part 1 §3, §7): a person only national_id (checked as
 * personnummer or samordningsnummer, stored 12 digits), a company only org_no (stored
 * `NNNNNN-NNNN`); both optional (the form requires only type and name). Sending the other type's
 * identifier is refused rather than dropped, so a mistyped party is not saved without its number.
 */
function identifiers(type: PartyType, nationalId: string | null, orgNo: string | null, today: string): { national_id: string | null; org_no: string | null } {
  if (type === 'person') {
    if (orgNo !== null) throw new DomainError('VALIDATION_FAILED', PERSON_WITH_ORG_NO, { field: 'org_no' });
    return { national_id: nationalId === null ? null : checkField('national_id', () => parsePersonnummer(nationalId, today).normalized), org_no: null };
  }
  if (nationalId !== null) throw new DomainError('VALIDATION_FAILED', COMPANY_WITH_NATIONAL_ID, { field: 'national_id' });
  return { national_id: null, org_no: orgNo === null ? null : checkField('org_no', () => parseOrganisationsnummer(orgNo).display) };
}

type Fields = Partial<z.output<typeof partyUpdateSchema>>;

/** The columns of the fields sent other than the identifiers (the address without empty parts). */
function columnsOf(input: Fields): Partial<PartyRow> {
  const columns: Partial<PartyRow> = {};
  if (input.type !== undefined) columns.type = input.type;
  if (input.name !== undefined) columns.name = input.name;
  if (input.email !== undefined) columns.email = input.email;
  if (input.phone !== undefined) columns.phone = input.phone;
  if (input.address_json !== undefined) columns.address_json = compactJson<AddressJson>(input.address_json);
  return columns;
}

/**
 * An edit's columns. Changing the type keeps only the identifier the new type has (a sent one,
 * else null); the other type's identifier is refused as on create.
 */
function changesOf(input: Fields, before: PartyRow, today: string): Partial<PartyRow> {
  const columns = columnsOf(input);
  const type = input.type ?? before.type;
  const typeChanged = type !== before.type;
  if (!typeChanged && input.national_id === undefined && input.org_no === undefined) return columns;
  const keep = (sent: string | null | undefined, current: string | null) => (sent !== undefined ? sent : typeChanged ? null : current);
  return { ...columns, ...identifiers(type, keep(input.national_id, before.national_id), keep(input.org_no, before.org_no), today) };
}

/**
 * Parties ('Parter (Gäldenärer)'): search in name, e-mail and the identifiers (with or without
 * hyphen), filters by status and type, sort by name (default) or created_at. Created active
 * ('Part skapad!') with type and name required and the identifier of its type checked; one
 * person or company is one party. Deactivating needs a reason. Personal data stays out of the
 * audit rows: they name the fields changed, not the values (nor the personnummer).
 */
export const partyDirectory = defineDirectory({
  store: partyDirectoryTable,
  permissions: { read: 'parties.read', write: 'parties.write' },
  notFound: 'Parten hittades inte',
  schemas: {
    list: partyListQuerySchema,
    create: partyCreateSchema,
    update: partyUpdateSchema,
    response: partyResponseSchema,
    listResponse: partyListResponseSchema,
  },
  unique: [
    { field: 'national_id', taken: () => 'En part med detta personnummer finns redan' },
    { field: 'org_no', taken: (orgNo) => `En part med organisationsnummer ${orgNo} finns redan` },
  ],
  toResponse,
  newRow: (input, today) => ({ ...columnsOf(input), ...identifiers(input.type, input.national_id, input.org_no, today) }),
  changes: changesOf,
  audit: {
    entity: 'parties',
    created: 'party.created',
    updated: 'party.updated',
    statusChanged: 'party.status_changed',
    createdPayload: (row) => ({ type: row.type, name: row.name }),
    namesOnly: true,
  },
});

export const createParty: (ctx: OrgScope, input: PartyCreateInput, options?: { qaBatchId?: string }) => Promise<PartyResponse> = partyDirectory.create;
/** Edits a party, including status active/inactive. */
export const updateParty: (ctx: OrgScope, id: string, input: PartyUpdateInput) => Promise<PartyResponse> = partyDirectory.update;
