import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { DomainError, type AuditEntity, type AuditEventCode } from '@fordran/core';
import type { DbOrTx } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import type { Permission } from '../access/roles';
import { appendAudit } from '../audit/audit-log';
import { changedFields } from '../audit/changed-fields';
import { idSchema } from '../schemas/common';
import type { RecordStatus } from '@fordran/core';
import { parseInput, type z } from '../schemas/zod-setup';
import { searchCondition } from './search-terms';

/*
 * The organisation's directories — creditors (Kunder) and parties (Parter) — share one
 * implementation: a paged list with search, filters and sorting; one record (NOT_FOUND across
 * organisations); create and edit with identifiers checked and unique in the organisation; a
 * status change that needs a reason to deactivate; and the audit row of every write. What
 * differs is a DirectoryDefinition (creditors/creditors.ts, parties/parties.ts).
 */

/** The columns every directory table has. */
export type DirectoryTable = SQLiteTable & { id: SQLiteColumn; org_id: SQLiteColumn; status: SQLiteColumn; created_at: SQLiteColumn };

/** What every directory row has. */
export interface DirectoryRow {
  id: string;
  org_id: string;
  status: RecordStatus;
  created_at: string;
  updated_at: string;
}

/** What every list query has once parsed (schemas/directory.ts). */
export interface DirectoryListQuery<Sort extends string = string> {
  query?: string;
  status?: RecordStatus;
  sort: Sort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** What every edit may carry beside the record's own fields. */
export interface DirectoryUpdate {
  status?: RecordStatus;
  reason?: string;
}

export interface DirectoryDefinition<Row extends DirectoryRow, Response, Query extends DirectoryListQuery, Create, Update extends DirectoryUpdate> {
  table: DirectoryTable;
  permissions: { read: Permission; write: Permission };
  /** NOT_FOUND's message. */
  notFound: string;
  /** The input it parses, and the responses it gives (for the API's routes and documentation). */
  schemas: {
    list: z.ZodObject & z.ZodType<Query>;
    create: z.ZodType<Create>;
    update: z.ZodType<Update>;
    response: z.ZodType<Response>;
    listResponse: z.ZodType<{ items: Response[]; total: number }>;
  };
  /** Searched with "contains": text columns case-insensitively, identifier columns also by digits alone. */
  search: { text: SQLiteColumn[]; identifiers: SQLiteColumn[] };
  /** Filters beyond status and search. */
  filters?(query: Query): (SQL | undefined)[];
  /** The column of each sort; a nullable one puts its empty rows last. */
  sorts: Record<Query['sort'], SQLiteColumn>;
  /** Identifier columns unique within an organisation, each with its CONFLICT message. */
  unique: { column: SQLiteColumn; taken(value: string): string }[];
  toResponse(row: Row): Response;
  /** The new row's own columns from the parsed input; throws for an identifier that does not check. */
  newRow(input: Create, today: string): Partial<Row>;
  /** The columns an edit sets (the unchanged ones are dropped after); throws like newRow. */
  changes(input: Update, before: Row, today: string): Partial<Row>;
  audit: {
    entity: AuditEntity;
    created: AuditEventCode;
    updated: AuditEventCode;
    /** An edit of the status alone. */
    statusChanged: AuditEventCode;
    createdPayload(row: Row): Record<string, unknown>;
    /** Personal data: the audit row names the changed fields (and a new status), not their values. */
    namesOnly: boolean;
  };
}

export interface Directory<Response> {
  /** The directory's schemas (DirectoryDefinition.schemas), for the API's routes. */
  schemas: { list: z.ZodObject; create: z.ZodType; update: z.ZodType; response: z.ZodType; listResponse: z.ZodType };
  list(ctx: OrgScope, query?: unknown): { items: Response[]; total: number };
  get(ctx: OrgScope, id: string): Response;
  create(ctx: OrgScope, input: unknown): Response;
  update(ctx: OrgScope, id: string, input: unknown): Response;
}

/** The use cases of one directory. */
export function defineDirectory<Row extends DirectoryRow, Response, Query extends DirectoryListQuery, Create, Update extends DirectoryUpdate>(
  def: DirectoryDefinition<Row, Response, Query, Create, Update>,
): Directory<Response> {
  return {
    schemas: def.schemas,
    list: (ctx, query = {}) => listRecords(def, ctx, query),
    get: (ctx, id) => {
      requireScopePermission(ctx, def.permissions.read);
      return def.toResponse(readRecord<Row>(def, ctx.app.store.db, ctx.membership.org_id, parseInput(idSchema, id)));
    },
    create: (ctx, input) => createRecord(def, ctx, input),
    update: (ctx, id, input) => updateRecord(def, ctx, id, input),
  };
}

/** The object without its null fields; null when nothing is left (an empty contact or address). */
export function compactJson<T extends object>(value: { [K in keyof T]: T[K] | null } | null): T | null {
  if (!value) return null;
  const entries = Object.entries(value).filter(([, entry]) => entry !== null);
  return entries.length > 0 ? (Object.fromEntries(entries) as T) : null;
}

function readRecord<Row extends DirectoryRow>(def: { table: DirectoryTable; notFound: string }, db: DbOrTx, orgId: string, id: string): Row {
  const row = db
    .select()
    .from(def.table)
    .where(and(eq(def.table.org_id, orgId), eq(def.table.id, id)))
    .get();
  if (!row) throw new DomainError('NOT_FOUND', def.notFound);
  return row as Row;
}

function listRecords<Row extends DirectoryRow, Response, Query extends DirectoryListQuery>(
  def: DirectoryDefinition<Row, Response, Query, unknown, DirectoryUpdate>,
  ctx: OrgScope,
  query: unknown,
): { items: Response[]; total: number } {
  requireScopePermission(ctx, def.permissions.read);
  const q = parseInput(def.schemas.list, query);
  const { table } = def;
  const where = and(
    eq(table.org_id, ctx.membership.org_id),
    q.status ? eq(table.status, q.status) : undefined,
    ...(def.filters?.(q) ?? []),
    q.query ? searchCondition(q.query, def.search.text, def.search.identifiers) : undefined,
  );
  const direction = q.order === 'desc' ? desc : asc;
  const column: SQLiteColumn = def.sorts[q.sort as Query['sort']];
  const order: SQL[] = column.notNull ? [direction(column)] : [sql`${column} IS NULL`, direction(column)];
  const db = ctx.app.store.db;
  const items = db
    .select()
    .from(table)
    .where(where)
    .orderBy(...order, direction(table.id))
    .limit(q.limit)
    .offset(q.offset)
    .all() as Row[];
  const total = db.select({ n: count() }).from(table).where(where).get()?.n ?? 0;
  return { items: items.map((row) => def.toResponse(row)), total };
}

/** One identifier is one record: a second one would split its cases (and a creditor's ledger). */
function assertIdentifiersFree(
  tx: DbOrTx,
  def: Pick<DirectoryDefinition<DirectoryRow, unknown, DirectoryListQuery, unknown, DirectoryUpdate>, 'table' | 'unique'>,
  orgId: string,
  values: object,
  exceptId?: string,
): void {
  for (const { column, taken } of def.unique) {
    const value = (values as Record<string, unknown>)[column.name];
    if (typeof value !== 'string') continue;
    const existing = tx
      .select({ id: def.table.id })
      .from(def.table)
      .where(and(eq(def.table.org_id, orgId), eq(column, value), exceptId ? ne(def.table.id, exceptId) : undefined))
      .limit(1)
      .get();
    if (existing) throw new DomainError('CONFLICT', taken(value), { field: column.name, id: existing.id });
  }
}

function createRecord<Row extends DirectoryRow, Response, Create>(
  def: DirectoryDefinition<Row, Response, DirectoryListQuery, Create, DirectoryUpdate>,
  ctx: OrgScope,
  input: unknown,
): Response {
  requireScopePermission(ctx, def.permissions.write);
  const own = def.newRow(parseInput(def.schemas.create, input), ctx.app.clock.today());
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  return ctx.app.store.transaction((tx) => {
    assertIdentifiersFree(tx, def, orgId, own);
    const values = { ...own, org_id: orgId, status: 'active', created_at: now, updated_at: now };
    const row = tx.insert(def.table).values(values).returning().get() as Row;
    appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: def.audit.created,
      entity: def.audit.entity,
      entity_id: row.id,
      payload: def.audit.createdPayload(row),
      created_at: now,
    });
    return def.toResponse(row);
  });
}

/**
 * An edit, the status included: only what differs is written (nothing at all, and no audit row,
 * when nothing does); a status alone is audited as a status change, with the reason given.
 */
function updateRecord<Row extends DirectoryRow, Response, Update extends DirectoryUpdate>(
  def: DirectoryDefinition<Row, Response, DirectoryListQuery, unknown, Update>,
  ctx: OrgScope,
  id: string,
  input: unknown,
): Response {
  requireScopePermission(ctx, def.permissions.write);
  const recordId = parseInput(idSchema, id);
  const parsed = parseInput(def.schemas.update, input);
  const orgId = ctx.membership.org_id;
  const today = ctx.app.clock.today();
  const now = ctx.app.clock.now();
  return ctx.app.store.transaction((tx) => {
    const before = readRecord<Row>(def, tx, orgId, recordId);
    const changes = def.changes(parsed, before, today);
    if (parsed.status !== undefined) changes.status = parsed.status;
    const changed = changedFields(before, changes);
    const fields = Object.keys(changed);
    if (fields.length === 0) return def.toResponse(before);
    assertIdentifiersFree(tx, def, orgId, changed, recordId);
    const row = tx
      .update(def.table)
      .set({ ...changed, updated_at: now })
      .where(and(eq(def.table.org_id, orgId), eq(def.table.id, recordId)))
      .returning()
      .get() as Row;
    const status = changed.status;
    const audited = def.audit.namesOnly ? { changed: fields, ...(status !== undefined ? { status } : {}) } : { changed };
    appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: status !== undefined && fields.length === 1 ? def.audit.statusChanged : def.audit.updated,
      entity: def.audit.entity,
      entity_id: recordId,
      payload: { ...audited, ...(parsed.reason ? { reason: parsed.reason } : {}) },
      created_at: now,
    });
    return def.toResponse(row);
  });
}
