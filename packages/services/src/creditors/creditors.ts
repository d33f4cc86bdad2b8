import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { DomainError, parseOrganisationsnummer } from '@fordran/core';
import { creditors, type ContactJson, type CreditorRow, type DbOrTx } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { searchCondition } from '../parties/search-terms';
import { parseInput } from '../schemas/zod-setup';
import { idSchema } from '../schemas/common';
import {
  creditorCreateSchema,
  creditorListQuerySchema,
  creditorUpdateSchema,
  type CreditorCreateInput,
  type CreditorListResponse,
  type CreditorResponse,
  type CreditorUpdateInput,
} from '../schemas/directory';

function toResponse(row: CreditorRow): CreditorResponse {
  return {
    id: row.id,
    org_id: row.org_id,
    name: row.name,
    org_no: row.org_no ?? null,
    customer_no: row.customer_no ?? null,
    status: row.status,
    contact_json: row.contact_json ?? null,
    is_business: row.is_business ?? true,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The contact without empty fields; null when nothing is left. */
function compactContact(contact: { name: string | null; email: string | null; phone: string | null } | null): ContactJson | null {
  if (!contact) return null;
  const entries = Object.entries(contact).filter(([, value]) => value !== null);
  return entries.length > 0 ? (Object.fromEntries(entries) as ContactJson) : null;
}

/** The stored form `NNNNNN-NNNN`, or null; throws INVALID_ORGANISATIONSNUMMER with core's reason. */
function normaliseOrgNo(orgNo: string | null): string | null {
  return orgNo === null ? null : parseOrganisationsnummer(orgNo).display;
}

/** One organisation number is one creditor: a second one would split its cases and ledger. */
function assertOrgNoFree(tx: DbOrTx, orgId: string, orgNo: string | null, exceptId?: string): void {
  if (orgNo === null) return;
  const existing = tx
    .select({ id: creditors.id })
    .from(creditors)
    .where(and(eq(creditors.org_id, orgId), eq(creditors.org_no, orgNo), exceptId ? ne(creditors.id, exceptId) : undefined))
    .limit(1)
    .get();
  if (existing) throw new DomainError('CONFLICT', `En kund med organisationsnummer ${orgNo} finns redan`, { field: 'org_no', id: existing.id });
}

function readCreditor(db: DbOrTx, orgId: string, id: string): CreditorRow {
  const row = db
    .select()
    .from(creditors)
    .where(and(eq(creditors.org_id, orgId), eq(creditors.id, id)))
    .get();
  if (!row) throw new DomainError('NOT_FOUND', 'Kunden hittades inte');
  return row;
}

/**
 * The creditor list ('Kunder (Borgenärer)'): search in name, org_no and customer_no
 * (case-insensitive; digits match with or without hyphen), status filter, sort by name (default,
 * as the spec's list), created_at or customer_no, and paging with the total of matching rows.
 */
export function listCreditors(ctx: OrgScope, query: unknown = {}): CreditorListResponse {
  requireScopePermission(ctx, 'creditors.read');
  const q = parseInput(creditorListQuerySchema, query);
  const conditions: (SQL | undefined)[] = [eq(creditors.org_id, ctx.membership.org_id)];
  if (q.status) conditions.push(eq(creditors.status, q.status));
  if (q.query) conditions.push(searchCondition(q.query, [creditors.name, creditors.org_no, creditors.customer_no], [creditors.org_no, creditors.customer_no]));
  const where = and(...conditions);
  const direction = q.order === 'desc' ? desc : asc;
  const order: SQL[] =
    q.sort === 'customer_no'
      ? [sql`${creditors.customer_no} IS NULL`, direction(creditors.customer_no)]
      : [direction(q.sort === 'created_at' ? creditors.created_at : creditors.name)];
  const db = ctx.app.store.db;
  const items = db
    .select()
    .from(creditors)
    .where(where)
    .orderBy(...order, direction(creditors.id))
    .limit(q.limit)
    .offset(q.offset)
    .all();
  const total = db.select({ n: count() }).from(creditors).where(where).get()?.n ?? 0;
  return { items: items.map(toResponse), total };
}

/** One creditor of the organisation (NOT_FOUND for another organisation's id). */
export function getCreditor(ctx: OrgScope, id: string): CreditorResponse {
  requireScopePermission(ctx, 'creditors.read');
  return toResponse(readCreditor(ctx.app.store.db, ctx.membership.org_id, parseInput(idSchema, id)));
}

/**
 * Creates a creditor ('Kund skapad!'): name required ('Företagsnamn krävs'), org_no checked and
 * stored `NNNNNN-NNNN`, unique in the organisation (CONFLICT). New creditors are active.
 */
export function createCreditor(ctx: OrgScope, input: CreditorCreateInput): CreditorResponse {
  requireScopePermission(ctx, 'creditors.write');
  const parsed = parseInput(creditorCreateSchema, input);
  const orgId = ctx.membership.org_id;
  const orgNo = normaliseOrgNo(parsed.org_no);
  const now = ctx.app.clock.now();
  return ctx.app.store.transaction((tx) => {
    assertOrgNoFree(tx, orgId, orgNo);
    const row = tx
      .insert(creditors)
      .values({
        org_id: orgId,
        name: parsed.name,
        org_no: orgNo,
        customer_no: parsed.customer_no,
        contact_json: compactContact(parsed.contact_json),
        is_business: parsed.is_business,
        status: 'active',
        created_at: now,
        updated_at: now,
      })
      .returning()
      .get();
    appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'creditor.created',
      entity: 'creditors',
      entity_id: row.id,
      payload: { name: row.name, org_no: row.org_no },
      created_at: now,
    });
    return toResponse(row);
  });
}

/** Edits a creditor, including status active/inactive (only active ones take new cases; deactivating needs a reason). */
export function updateCreditor(ctx: OrgScope, id: string, input: CreditorUpdateInput): CreditorResponse {
  requireScopePermission(ctx, 'creditors.write');
  const creditorId = parseInput(idSchema, id);
  const parsed = parseInput(creditorUpdateSchema, input);
  const orgId = ctx.membership.org_id;
  const changes: Partial<CreditorRow> = {};
  if (parsed.name !== undefined) changes.name = parsed.name;
  if (parsed.org_no !== undefined) changes.org_no = normaliseOrgNo(parsed.org_no);
  if (parsed.customer_no !== undefined) changes.customer_no = parsed.customer_no;
  if (parsed.contact_json !== undefined) changes.contact_json = compactContact(parsed.contact_json);
  if (parsed.is_business !== undefined) changes.is_business = parsed.is_business;
  if (parsed.status !== undefined) changes.status = parsed.status;
  const now = ctx.app.clock.now();
  return ctx.app.store.transaction((tx) => {
    const before = readCreditor(tx, orgId, creditorId);
    if (changes.org_no !== undefined) assertOrgNoFree(tx, orgId, changes.org_no, creditorId);
    const changed = Object.fromEntries(
      Object.entries(changes).filter(([key, value]) => JSON.stringify(before[key as keyof CreditorRow] ?? null) !== JSON.stringify(value)),
    );
    if (Object.keys(changed).length === 0) return toResponse(before);
    const row = tx
      .update(creditors)
      .set({ ...changed, updated_at: now })
      .where(and(eq(creditors.org_id, orgId), eq(creditors.id, creditorId)))
      .returning()
      .get();
    appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: changed.status !== undefined && Object.keys(changed).length === 1 ? 'creditor.status_changed' : 'creditor.updated',
      entity: 'creditors',
      entity_id: creditorId,
      payload: { changed, ...(parsed.reason ? { reason: parsed.reason } : {}) },
      created_at: now,
    });
    if (!row) throw new DomainError('NOT_FOUND', 'Kunden hittades inte');
    return toResponse(row);
  });
}
