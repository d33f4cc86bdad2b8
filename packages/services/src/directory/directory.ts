import { DomainError, type AuditEntity, type AuditEventCode } from '@fordran/core';
import {
  findDirectoryRow,
  findDirectoryRowIdWith,
  insertDirectoryRow,
  listDirectoryRows,
  updateDirectoryRow,
  type Db,
  type DirectoryTableSpec,
} from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import type { Permission } from '../access/roles';
import { appendAudit } from '../audit/audit-log';
import { auditWriteOf } from '../audit/business-records';
import { changedFields } from '../audit/changed-fields';
import { idSchema } from '../schemas/common';
import type { RecordStatus } from '@fordran/core';
import { parseInput, type z } from '../schemas/zod-setup';

/*
 * The organisation's directories — creditors (Kunder) and parties (Parter) — share one
 * implementation: a paged list with search, filters and sorting; one record (NOT_FOUND across
 * organisations); create and edit with identifiers checked and unique in the organisation; a
 * status change that needs a reason to deactivate; and the audit row of every write. What
 * differs is a DirectoryDefinition (creditors/creditors.ts, parties/parties.ts) over the store's
 * DirectoryTableSpec of its table (queries/creditors.ts, queries/parties.ts).
 */

/** What every directory row has. */
export interface DirectoryRow {
  id: string;
  org_id: string;
  status: RecordStatus;
  /** A template QA batch's fixture (never listed); null = a real record. */
  qa_batch_id: string | null;
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
  /** The store's spec of the table: the columns it searches, sorts and filters on. */
  store: DirectoryTableSpec<Row, NoInfer<Query['sort']>, NoInfer<Query>>;
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
  /** Identifier fields unique within an organisation, each with its CONFLICT message. */
  unique: { field: keyof Row & string; taken(value: string): string }[];
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
  list(ctx: OrgScope, query?: unknown): Promise<{ items: Response[]; total: number }>;
  get(ctx: OrgScope, id: string): Promise<Response>;
  /** `qaBatchId` makes a template QA batch's fixture: not listed, not audited. */
  create(ctx: OrgScope, input: unknown, options?: { qaBatchId?: string }): Promise<Response>;
  update(ctx: OrgScope, id: string, input: unknown): Promise<Response>;
}

/** The use cases of one directory. */
export function defineDirectory<Row extends DirectoryRow, Response, Query extends DirectoryListQuery, Create, Update extends DirectoryUpdate>(
  def: DirectoryDefinition<Row, Response, Query, Create, Update>,
): Directory<Response> {
  return {
    schemas: def.schemas,
    list: (ctx, query = {}) => listRecords(def, ctx, query),
    get: async (ctx, id) => {
      requireScopePermission(ctx, def.permissions.read);
      return def.toResponse(await readRecord(def, ctx.app.database.db, ctx.membership.org_id, parseInput(idSchema, id)));
    },
    create: (ctx, input, options = {}) => createRecord(def, ctx, input, options.qaBatchId ?? null),
    update: (ctx, id, input) => updateRecord(def, ctx, id, input),
  };
}

/** The object without its null fields; null when nothing is left (an empty contact or address). */
export function compactJson<T extends object>(value: { [K in keyof T]: T[K] | null } | null): T | null {
  if (!value) return null;
  const entries = Object.entries(value).filter(([, entry]) => entry !== null);
  return entries.length > 0 ? (Object.fromEntries(entries) as T) : null;
}

async function readRecord<Row extends DirectoryRow>(
  def: { store: DirectoryTableSpec<Row, string, never>; notFound: string },
  db: Db,
  orgId: string,
  id: string,
): Promise<Row> {
  const row = await findDirectoryRow(db, def.store, orgId, id);
  if (!row) throw new DomainError('NOT_FOUND', def.notFound);
  return row;
}

async function listRecords<Row extends DirectoryRow, Response, Query extends DirectoryListQuery>(
  def: DirectoryDefinition<Row, Response, Query, unknown, DirectoryUpdate>,
  ctx: OrgScope,
  query: unknown,
): Promise<{ items: Response[]; total: number }> {
  requireScopePermission(ctx, def.permissions.read);
  const { rows, total } = await listDirectoryRows(ctx.app.database.db, def.store, ctx.membership.org_id, parseInput(def.schemas.list, query));
  return { items: rows.map((row) => def.toResponse(row)), total };
}

/** One identifier is one record: a second one would split its cases (and a creditor's ledger). */
async function assertIdentifiersFree<Row extends DirectoryRow>(
  tx: Db,
  def: { store: DirectoryTableSpec<Row, string, never>; unique: DirectoryDefinition<Row, unknown, DirectoryListQuery, unknown, DirectoryUpdate>['unique'] },
  orgId: string,
  values: Partial<Row>,
  exceptId?: string,
): Promise<void> {
  for (const { field, taken } of def.unique) {
    const value = values[field];
    if (typeof value !== 'string') continue;
    const existing = await findDirectoryRowIdWith(tx, def.store, orgId, field, value, exceptId);
    if (existing) throw new DomainError('CONFLICT', taken(value), { field, id: existing });
  }
}

async function createRecord<Row extends DirectoryRow, Response, Create>(
  def: DirectoryDefinition<Row, Response, DirectoryListQuery, Create, DirectoryUpdate>,
  ctx: OrgScope,
  input: unknown,
  qaBatchId: string | null,
): Promise<Response> {
  requireScopePermission(ctx, def.permissions.write);
  const own = def.newRow(parseInput(def.schemas.create, input), ctx.app.clock.today());
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  return ctx.app.database.transaction(async (tx) => {
    await assertIdentifiersFree(tx, def, orgId, own);
    const row = await insertDirectoryRow(tx, def.store, {
      ...own,
      org_id: orgId,
      status: 'active',
      qa_batch_id: qaBatchId,
      created_at: now,
      updated_at: now,
    } as Partial<Row>);
    await auditWriteOf(tx, row, {
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
async function updateRecord<Row extends DirectoryRow, Response, Update extends DirectoryUpdate>(
  def: DirectoryDefinition<Row, Response, DirectoryListQuery, unknown, Update>,
  ctx: OrgScope,
  id: string,
  input: unknown,
): Promise<Response> {
  requireScopePermission(ctx, def.permissions.write);
  const recordId = parseInput(idSchema, id);
  const parsed = parseInput(def.schemas.update, input);
  const orgId = ctx.membership.org_id;
  const today = ctx.app.clock.today();
  const now = ctx.app.clock.now();
  return ctx.app.database.transaction(async (tx) => {
    const before = await readRecord(def, tx, orgId, recordId);
    const changes = def.changes(parsed, before, today);
    if (parsed.status !== undefined) changes.status = parsed.status;
    const changed = changedFields(before, changes);
    const fields = Object.keys(changed);
    if (fields.length === 0) return def.toResponse(before);
    await assertIdentifiersFree(tx, def, orgId, changed, recordId);
    const row = (await updateDirectoryRow(tx, def.store, orgId, recordId, { ...changed, updated_at: now }))!;
    const status = changed.status;
    const audited = def.audit.namesOnly ? { changed: fields, ...(status !== undefined ? { status } : {}) } : { changed };
    await appendAudit(tx, {
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
