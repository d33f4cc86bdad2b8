import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { auditEventLabel, type AuditEntity, type AuditEventCode } from '@fordran/core';
import { auditLogs, profiles, userOrgRoles, users, type DbOrTx } from '@fordran/store';
import type { OrgContext } from '../context';
import { requirePermission } from '../access/membership';
import { parseInput } from '../schemas/zod-setup';
import { keysetPage, keysetWindow } from '../paging/keyset';
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
export function appendAudit(tx: DbOrTx, entry: AuditEntry): void {
  tx.insert(auditLogs)
    .values({
      org_id: entry.org_id,
      actor_id: entry.actor_id,
      event: entry.event,
      entity: entry.entity ?? null,
      entity_id: entry.entity_id ?? null,
      payload_json: entry.payload ?? {},
      created_at: entry.created_at,
    })
    .run();
}

/**
 * Audit of a write that belongs to a user rather than one organisation (profile, second factor,
 * sign-in): one row in the log of every organisation the user is a member of, so each
 * organisation's system log shows what its members did.
 */
export function appendUserAudit(tx: DbOrTx, userId: string, entry: Omit<AuditEntry, 'org_id' | 'actor_id'>): void {
  const memberships = tx.select({ org_id: userOrgRoles.org_id }).from(userOrgRoles).where(eq(userOrgRoles.user_id, userId)).all();
  for (const { org_id } of memberships) appendAudit(tx, { ...entry, org_id, actor_id: userId });
}

/**
 * `orgId`'s audit rows with the actor's name (or e-mail), each described in Swedish (title,
 * entity_label, detail): newest first by (created_at, id), the system log's keyset order; or
 * oldest first in the order they were written (a record's trail, where one transaction writes
 * several rows at the same instant).
 */
export function auditEntries(
  db: DbOrTx,
  orgId: string,
  where: SQL | undefined,
  limit: number,
  order: 'newest' | 'as_written' = 'newest',
): AuditEntryResponse[] {
  const names = loadCodeNames(db, orgId);
  return db
    .select({
      id: auditLogs.id,
      actor_id: auditLogs.actor_id,
      full_name: profiles.full_name,
      email: users.email,
      event: auditLogs.event,
      entity: auditLogs.entity,
      entity_id: auditLogs.entity_id,
      payload: auditLogs.payload_json,
      created_at: auditLogs.created_at,
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.actor_id))
    .leftJoin(profiles, eq(profiles.id, auditLogs.actor_id))
    .where(and(eq(auditLogs.org_id, orgId), where))
    .orderBy(...(order === 'newest' ? [desc(auditLogs.created_at), desc(auditLogs.id)] : [asc(auditLogs.created_at), asc(sql`${auditLogs}.rowid`)]))
    .limit(limit)
    .all()
    .map(({ full_name, email, ...row }) => ({ ...row, ...describeAuditEntry(row, names), actor_name: full_name ?? email ?? null }));
}

/**
 * The organisation's system log, newest first (part 2 §7: 50 a page, created_at desc), filtered
 * by the Swedish days `from`–`to`, one `event` and one `actor` (a user id or `system`); later
 * pages by `cursor` (keyset, see paging/keyset.ts).
 */
export function listAuditLog(ctx: OrgContext, query: unknown = {}): AuditLogResponse {
  requirePermission(ctx, 'audit.read');
  const q = parseInput(auditLogQuerySchema, query);
  const rows = auditEntries(
    ctx.app.store.db,
    ctx.membership.org_id,
    and(
      q.event ? eq(auditLogs.event, q.event) : undefined,
      q.actor === AUDIT_SYSTEM_ACTOR ? isNull(auditLogs.actor_id) : q.actor ? eq(auditLogs.actor_id, q.actor) : undefined,
      keysetWindow(auditLogs.created_at, auditLogs.id, q.cursor, swedishDayRange(q.from, q.to)),
    ),
    q.limit + 1,
  );
  const page = keysetPage(rows, q.limit, (row) => ({ at: row.created_at, id: row.id }));
  return { entries: page.rows, next_cursor: page.next_cursor };
}

/**
 * The choices of the system log's filters: the events in the log and the users who wrote rows
 * (former members too, so their history stays findable). Both are distinct values read from the
 * (org_id, event, …) and (org_id, actor_id, …) indexes, one step per value, not per row.
 */
export function auditLogFilters(ctx: OrgContext): AuditLogFiltersResponse {
  requirePermission(ctx, 'audit.read');
  const db = ctx.app.store.db;
  const orgId = ctx.membership.org_id;
  const events = db
    .selectDistinct({ event: auditLogs.event })
    .from(auditLogs)
    .where(eq(auditLogs.org_id, orgId))
    .orderBy(auditLogs.event)
    .all()
    .map((row) => ({ event: row.event, label: auditEventLabel(row.event) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'sv'));
  const actorIds = db
    .selectDistinct({ id: auditLogs.actor_id })
    .from(auditLogs)
    .where(and(eq(auditLogs.org_id, orgId), isNotNull(auditLogs.actor_id)));
  const actors = db
    .select({ id: users.id, full_name: profiles.full_name, email: users.email })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(inArray(users.id, actorIds))
    .all()
    .map((row) => ({ id: row.id, name: row.full_name ?? row.email }))
    .sort((a, b) => a.name.localeCompare(b.name, 'sv'));
  return { events, actors };
}
