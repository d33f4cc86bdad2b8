import { and, asc, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import { DomainError, parseOrganisationsnummer, parsePersonnummer } from '@fordran/core';
import { parties, type AddressJson, type DbOrTx, type PartyRow } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { parseInput } from '../schemas/zod-setup';
import { idSchema } from '../schemas/common';
import {
  COMPANY_WITH_NATIONAL_ID,
  PERSON_WITH_ORG_NO,
  partyCreateSchema,
  partyListQuerySchema,
  partyUpdateSchema,
  type PartyCreateInput,
  type PartyListResponse,
  type PartyResponse,
  type PartyUpdateInput,
} from '../schemas/directory';
import { searchCondition } from './search-terms';

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

function compactAddress(address: { street: string | null; city: string | null; zip: string | null } | null): AddressJson | null {
  if (!address) return null;
  const entries = Object.entries(address).filter(([, value]) => value !== null);
  return entries.length > 0 ? (Object.fromEntries(entries) as AddressJson) : null;
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
    return { national_id: nationalId === null ? null : parsePersonnummer(nationalId, today).normalized, org_no: null };
  }
  if (nationalId !== null) throw new DomainError('VALIDATION_FAILED', COMPANY_WITH_NATIONAL_ID, { field: 'national_id' });
  return { national_id: null, org_no: orgNo === null ? null : parseOrganisationsnummer(orgNo).display };
}

/** One person or company is one party: duplicates would split a debtor's cases. */
function assertIdentifierFree(tx: DbOrTx, orgId: string, ids: { national_id: string | null; org_no: string | null }, exceptId?: string): void {
  const except = exceptId ? ne(parties.id, exceptId) : undefined;
  if (ids.national_id !== null) {
    const existing = tx
      .select({ id: parties.id })
      .from(parties)
      .where(and(eq(parties.org_id, orgId), eq(parties.national_id, ids.national_id), except))
      .limit(1)
      .get();
    if (existing) throw new DomainError('CONFLICT', 'En part med detta personnummer finns redan', { field: 'national_id', id: existing.id });
  }
  if (ids.org_no !== null) {
    const existing = tx
      .select({ id: parties.id })
      .from(parties)
      .where(and(eq(parties.org_id, orgId), eq(parties.org_no, ids.org_no), except))
      .limit(1)
      .get();
    if (existing) throw new DomainError('CONFLICT', `En part med organisationsnummer ${ids.org_no} finns redan`, { field: 'org_no', id: existing.id });
  }
}

function readParty(db: DbOrTx, orgId: string, id: string): PartyRow {
  const row = db
    .select()
    .from(parties)
    .where(and(eq(parties.org_id, orgId), eq(parties.id, id)))
    .get();
  if (!row) throw new DomainError('NOT_FOUND', 'Parten hittades inte');
  return row;
}

/**
 * The party list ('Parter (Gäldenärer)'): search in name, national_id, org_no and e-mail
 * (identifiers with or without hyphen), filters by status and type, sort by name (default) or
 * created_at, paging with the total of matching rows.
 */
export function listParties(ctx: OrgScope, query: unknown = {}): PartyListResponse {
  requireScopePermission(ctx, 'parties.read');
  const q = parseInput(partyListQuerySchema, query);
  const conditions: (SQL | undefined)[] = [eq(parties.org_id, ctx.membership.org_id)];
  if (q.status) conditions.push(eq(parties.status, q.status));
  if (q.type) conditions.push(eq(parties.type, q.type));
  if (q.query) conditions.push(searchCondition(q.query, [parties.name, parties.email, parties.org_no], [parties.national_id, parties.org_no]));
  const where = and(...conditions);
  const direction = q.order === 'desc' ? desc : asc;
  const db = ctx.app.store.db;
  const items = db
    .select()
    .from(parties)
    .where(where)
    .orderBy(direction(q.sort === 'created_at' ? parties.created_at : parties.name), direction(parties.id))
    .limit(q.limit)
    .offset(q.offset)
    .all();
  const total = db.select({ n: count() }).from(parties).where(where).get()?.n ?? 0;
  return { items: items.map(toResponse), total };
}

/** One party of the organisation (NOT_FOUND for another organisation's id). */
export function getParty(ctx: OrgScope, id: string): PartyResponse {
  requireScopePermission(ctx, 'parties.read');
  return toResponse(readParty(ctx.app.store.db, ctx.membership.org_id, parseInput(idSchema, id)));
}

/** Creates a party ('Part skapad!'): type and name required, the identifier of its type checked. */
export function createParty(ctx: OrgScope, input: PartyCreateInput): PartyResponse {
  requireScopePermission(ctx, 'parties.write');
  const parsed = parseInput(partyCreateSchema, input);
  const orgId = ctx.membership.org_id;
  const ids = identifiers(parsed.type, parsed.national_id, parsed.org_no, ctx.app.clock.today());
  const now = ctx.app.clock.now();
  return ctx.app.store.transaction((tx) => {
    assertIdentifierFree(tx, orgId, ids);
    const row = tx
      .insert(parties)
      .values({
        org_id: orgId,
        type: parsed.type,
        name: parsed.name,
        ...ids,
        email: parsed.email,
        phone: parsed.phone,
        address_json: compactAddress(parsed.address_json),
        status: 'active',
        created_at: now,
        updated_at: now,
      })
      .returning()
      .get();
    appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'party.created',
      entity: 'parties',
      entity_id: row.id,
      // The personnummer stays out of the log (personal data); the row id leads to it.
      payload: { type: row.type, name: row.name },
      created_at: now,
    });
    return toResponse(row);
  });
}

/**
 * Edits a party, including status active/inactive (deactivating needs a reason, kept in the
 * audit row). Changing the type keeps only the identifier
 * the new type has (a sent one, else null); the other type's identifier is refused as on create.
 */
export function updateParty(ctx: OrgScope, id: string, input: PartyUpdateInput): PartyResponse {
  requireScopePermission(ctx, 'parties.write');
  const partyId = parseInput(idSchema, id);
  const parsed = parseInput(partyUpdateSchema, input);
  const orgId = ctx.membership.org_id;
  const today = ctx.app.clock.today();
  const now = ctx.app.clock.now();
  return ctx.app.store.transaction((tx) => {
    const before = readParty(tx, orgId, partyId);
    const type = parsed.type ?? before.type;
    const typeChanged = type !== before.type;
    const changes: Partial<PartyRow> = {};
    if (parsed.type !== undefined) changes.type = parsed.type;
    if (parsed.name !== undefined) changes.name = parsed.name;
    if (parsed.email !== undefined) changes.email = parsed.email;
    if (parsed.phone !== undefined) changes.phone = parsed.phone;
    if (parsed.address_json !== undefined) changes.address_json = compactAddress(parsed.address_json);
    if (parsed.status !== undefined) changes.status = parsed.status;
    if (typeChanged || parsed.national_id !== undefined || parsed.org_no !== undefined) {
      const keep = (sent: string | null | undefined, current: string | null) => (sent !== undefined ? sent : typeChanged ? null : current);
      const ids = identifiers(type, keep(parsed.national_id, before.national_id), keep(parsed.org_no, before.org_no), today);
      assertIdentifierFree(tx, orgId, ids, partyId);
      Object.assign(changes, ids);
    }
    const changed = Object.fromEntries(
      Object.entries(changes).filter(([key, value]) => JSON.stringify(before[key as keyof PartyRow] ?? null) !== JSON.stringify(value)),
    );
    if (Object.keys(changed).length === 0) return toResponse(before);
    const row = tx
      .update(parties)
      .set({ ...changed, updated_at: now })
      .where(and(eq(parties.org_id, orgId), eq(parties.id, partyId)))
      .returning()
      .get();
    if (!row) throw new DomainError('NOT_FOUND', 'Parten hittades inte');
    appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: changed.status !== undefined && Object.keys(changed).length === 1 ? 'party.status_changed' : 'party.updated',
      entity: 'parties',
      entity_id: partyId,
      payload: {
        changed: Object.keys(changed),
        ...(changed.status !== undefined ? { status: changed.status } : {}),
        ...(parsed.reason ? { reason: parsed.reason } : {}),
      },
      created_at: now,
    });
    return toResponse(row);
  });
}
