import { auditEventLabel, type AuditEntity, type AuditEventCode } from '@fordran/core';
import {
  insertAuditLogs,
  listAuditActorRows,
  listAuditEntryRows,
  listAuditEventCodes,
  listAuditUserOrgIds,
  type AuditLogFilter,
  type Db,
} from '@fordran/store';
import type { OrgContext } from '../context';
import { requirePermission } from '../access/membership';
import { parseInput } from '../schemas/zod-setup';
import { decodeCursor, keysetPage } from '../paging/keyset';
import { swedishDayRange } from '../paging/instant-range';
import { AUDIT_SYSTEM_ACTOR, auditLogQuerySchema, type AuditEntryResponse, type AuditLogFiltersResponse, type AuditLogResponse } from '../schemas/audit';
import { loadCodeNames } from '../labels/code-names';
import { describeAuditEntry } from './describe-audit-entry';

export interface AuditEntry {
  org_id: string;
  /** Who; null = the system. */
  actor_id: string | null;
  /** What, as `<entity>.<verb>`, e.g. `organisation.updated`: one of core's AUDIT_EVENT_LABELS. */
  event: AuditEventCode;
  /** The table the row is about: one of core's AUDIT_ENTITY_LABELS. */
  entity?: AuditEntity | null;
  entity_id?: string | null;
  payload?: Record<string, unknown>;
  /** When (the clock's now). */
  created_at: string;
}

/** Appends one audit row; call it inside the transaction of the write it records. */
export async function appendAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await insertAuditLogs(tx, [toAuditRow(entry)]);
}

function toAuditRow(entry: AuditEntry) {
  return {
    org_id: entry.org_id,
    actor_id: entry.actor_id,
    event: entry.event,
    entity: entry.entity ?? null,
    entity_id: entry.entity_id ?? null,
    payload_json: entry.payload ?? {},
    created_at: entry.created_at,
  };
}

/**
 * Audit of a write that belongs to a user rather than one organisation (profile, second factor,
 * sign-in): one row in the log of every organisation the user is a member of, so each
 * organisation's system log shows what its members did.
 */
export async function appendUserAudit(tx: Db, userId: string, entry: Omit<AuditEntry, 'org_id' | 'actor_id'>): Promise<void> {
  const orgIds = await listAuditUserOrgIds(tx, userId);
  await insertAuditLogs(
    tx,
    orgIds.map((org_id) => toAuditRow({ ...entry, org_id, actor_id: userId })),
  );
}

/**
 * `orgId`'s audit rows matching `filter` with the actor's name (or e-mail), each described in
 * Swedish (title, entity_label, detail): newest first by (created_at, id), the system log's keyset
 * order; or oldest first in the order they were written (a record's trail, where one transaction
 * writes several rows at the same instant).
 */
export async function auditEntries(
  db: Db,
  orgId: string,
  filter: AuditLogFilter,
  limit: number,
  order: 'newest' | 'as_written' = 'newest',
): Promise<AuditEntryResponse[]> {
  // In sequence: `db` may be a transaction's one connection.
  const names = await loadCodeNames(db, orgId);
  const rows = await listAuditEntryRows(db, orgId, filter, limit, order);
  return rows.map(({ full_name, email, ...row }) => ({ ...row, ...describeAuditEntry(row, names), actor_name: full_name ?? email ?? null }));
}

/**
 * The organisation's system log, newest first (part 2 §7: 50 a page, created_at desc), filtered
 * by the Swedish days `from`–`to`, one `event` and one `actor` (a user id or `system`); later
 * pages by `cursor` (keyset, see paging/keyset.ts).
 */
export async function listAuditLog(ctx: OrgContext, query: unknown = {}): Promise<AuditLogResponse> {
  requirePermission(ctx, 'audit.read');
  const q = parseInput(auditLogQuerySchema, query);
  const rows = await auditEntries(
    ctx.app.database.db,
    ctx.membership.org_id,
    {
      ...(q.event ? { event: q.event } : {}),
      ...(q.actor ? { actor: q.actor === AUDIT_SYSTEM_ACTOR ? null : q.actor } : {}),
      window: { ...swedishDayRange(q.from, q.to), ...(q.cursor ? { after: decodeCursor(q.cursor) } : {}) },
    },
    q.limit + 1,
  );
  const page = keysetPage(rows, q.limit, (row) => ({ at: row.created_at, id: row.id }));
  return { entries: page.rows, next_cursor: page.next_cursor };
}

/**
 * The choices of the system log's filters: the events in the log and the users who wrote rows
 * (former members too, so their history stays findable).
 */
export async function auditLogFilters(ctx: OrgContext): Promise<AuditLogFiltersResponse> {
  requirePermission(ctx, 'audit.read');
  const db = ctx.app.database.db;
  const orgId = ctx.membership.org_id;
  const [eventCodes, actorRows] = await Promise.all([listAuditEventCodes(db, orgId), listAuditActorRows(db, orgId)]);
  const events = eventCodes.map((event) => ({ event, label: auditEventLabel(event) })).sort((a, b) => a.label.localeCompare(b.label, 'sv'));
  const actors = actorRows.map((row) => ({ id: row.id, name: row.full_name ?? row.email })).sort((a, b) => a.name.localeCompare(b.name, 'sv'));
  return { events, actors };
}
