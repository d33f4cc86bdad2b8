import { and, asc, desc, eq, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../database';
import { auditLogs, profiles, userOrgRoles, users } from '../schema';
import type { NewAuditLogRow } from '../types';
import { keysetWindowCondition, type KeysetWindow } from './keyset';

/** Appends audit rows (one statement); call it inside the transaction of the write it records. */
export async function insertAuditLogs(tx: Db, rows: NewAuditLogRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(auditLogs).values(rows);
}

/** The organisations `userId` is a member of: a user's own writes are audited in each. */
export async function listAuditUserOrgIds(db: Db, userId: string): Promise<string[]> {
  return (await db.select({ org_id: userOrgRoles.org_id }).from(userOrgRoles).where(eq(userOrgRoles.user_id, userId))).map((row) => row.org_id);
}

/** One record's audit rows: `entity`/`entity_id`, optionally only `event`. */
export interface AuditRecordRef {
  entity: string;
  entity_id: string;
  event?: string;
}

/** Which of an organisation's audit rows: every given criterion must hold. */
export interface AuditLogFilter {
  event?: string;
  /** A user id, or null for the system's rows. */
  actor?: string | null;
  /** A keyset page of the newest-first order (created_at, id). */
  window?: KeysetWindow;
  /** The rows of any of these records. */
  records?: AuditRecordRef[];
}

function auditRecordCondition(record: AuditRecordRef): SQL | undefined {
  return and(eq(auditLogs.entity, record.entity), eq(auditLogs.entity_id, record.entity_id), record.event ? eq(auditLogs.event, record.event) : undefined);
}

function auditFilterCondition(orgId: string, filter: AuditLogFilter): SQL | undefined {
  return and(
    eq(auditLogs.org_id, orgId),
    filter.event ? eq(auditLogs.event, filter.event) : undefined,
    filter.actor === null ? isNull(auditLogs.actor_id) : filter.actor ? eq(auditLogs.actor_id, filter.actor) : undefined,
    filter.window ? keysetWindowCondition(auditLogs.created_at, auditLogs.id, filter.window) : undefined,
    filter.records ? or(...filter.records.map(auditRecordCondition)) : undefined,
  );
}

/** An audit row with its actor's name and e-mail (null for the system or a removed user). */
export interface AuditEntryRow {
  id: string;
  actor_id: string | null;
  full_name: string | null;
  email: string | null;
  event: string;
  entity: string | null;
  entity_id: string | null;
  payload: Record<string, unknown>;
  created_at: string;
}

/**
 * `orgId`'s audit rows matching `filter` with the actor's name: newest first by (created_at, id),
 * the system log's keyset order; or oldest first in the order they were written (a record's
 * trail, where one transaction writes several rows at the same instant: ids are UUIDv7).
 */
export async function listAuditEntryRows(
  db: Db,
  orgId: string,
  filter: AuditLogFilter,
  limit: number,
  order: 'newest' | 'as_written',
): Promise<AuditEntryRow[]> {
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
    .where(auditFilterCondition(orgId, filter))
    .orderBy(...(order === 'newest' ? [desc(auditLogs.created_at), desc(auditLogs.id)] : [asc(auditLogs.created_at), asc(auditLogs.id)]))
    .limit(limit);
}

/** The distinct events in `orgId`'s log (read from the (org_id, event, …) index, one step per value). */
export async function listAuditEventCodes(db: Db, orgId: string): Promise<string[]> {
  const rows = await db.selectDistinct({ event: auditLogs.event }).from(auditLogs).where(eq(auditLogs.org_id, orgId)).orderBy(auditLogs.event);
  return rows.map((row) => row.event);
}

/**
 * The users who wrote rows in `orgId`'s log, former members too (so their history stays
 * findable), with their name or null and e-mail.
 */
export async function listAuditActorRows(db: Db, orgId: string): Promise<{ id: string; full_name: string | null; email: string }[]> {
  const actorIds = db
    .selectDistinct({ id: auditLogs.actor_id })
    .from(auditLogs)
    .where(and(eq(auditLogs.org_id, orgId), isNotNull(auditLogs.actor_id)));
  return db
    .select({ id: users.id, full_name: profiles.full_name, email: users.email })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(inArray(users.id, actorIds));
}
