import { and, desc, eq } from 'drizzle-orm';
import type { AuditEntity, AuditEventCode } from '@fordran/core';
import { auditLogs, profiles, userOrgRoles, users, type DbOrTx } from '@fordran/store';
import type { OrgContext } from '../context';
import { requirePermission } from '../access/membership';
import { parseInput } from '../schemas/zod-setup';
import { limitQuerySchema } from '../schemas/common';
import type { AuditLogResponse } from '../schemas/audit';
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

/** The organisation's system log, newest first (part 2 §7: limit 50, created_at desc), each row described in Swedish. */
export function listAuditLog(ctx: OrgContext, query: unknown = {}): AuditLogResponse {
  requirePermission(ctx, 'audit.read');
  const { limit } = parseInput(limitQuerySchema, query);
  const rows = ctx.app.store.db
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
    .where(and(eq(auditLogs.org_id, ctx.membership.org_id)))
    .orderBy(desc(auditLogs.created_at), desc(auditLogs.id))
    .limit(limit)
    .all();
  const names = loadCodeNames(ctx.app.store.db, ctx.membership.org_id);
  return {
    entries: rows.map(({ full_name, email, ...row }) => ({ ...row, ...describeAuditEntry(row, names), actor_name: full_name ?? email ?? null })),
  };
}
