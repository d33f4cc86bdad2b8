import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { index, table, uniqueIndex } from './table';
import { bytes, createdAt, flag, id, instant, integer, json, text, updatedAt } from './columns';
import { AI_SUGGESTION_STATUSES, JOB_STATUSES } from './enums';
import { users } from './auth';
import { tenantId } from './orgs';
import { cases, type PayloadJson } from './cases';

/**
 * Background jobs (bank imports, bulk sends, validation runs). A worker claims a row by setting
 * status processing, locked_at, locked_by and a lease (lease_expires_at, seconds ahead) in one
 * UPDATE … WHERE status IN (pending, retry) AND run_at <= now, and renews the lease while it
 * works; a processing job whose lease lapsed belongs to no one and is taken back. progress is 0–100.
 */
export const jobQueue = table(
  'job_queue',
  {
    id: id(),
    org_id: tenantId(),
    job_type: text('job_type').notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    payload_json: json<PayloadJson>('payload_json')
      .notNull()
      .$defaultFn(() => ({})),
    result_json: json<PayloadJson>('result_json'),
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull().default(3),
    run_at: instant('run_at').notNull(),
    locked_at: instant('locked_at'),
    locked_by: text('locked_by'),
    last_error: text('last_error'),
    progress: integer('progress').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
    /** Until when locked_by holds the job; renewed by its heartbeat (processing only). */
    lease_expires_at: instant('lease_expires_at'),
  },
  (t) => [index('job_queue_status_run_at_idx').on(t.status, t.run_at), index('job_queue_org_status_idx').on(t.org_id, t.status)],
);

/** Who did what (system log, part 2). actor_id null = the system. */
export const auditLogs = table(
  'audit_logs',
  {
    id: id(),
    org_id: tenantId(),
    actor_id: text('actor_id').references((): AnySQLiteColumn => users.id),
    event: text('event').notNull(),
    entity: text('entity'),
    entity_id: text('entity_id'),
    payload_json: json<PayloadJson>('payload_json')
      .notNull()
      .$defaultFn(() => ({})),
    created_at: createdAt(),
  },
  // The system log pages by (created_at, id) from a cursor: everything, one event or one actor.
  (t) => [
    index('audit_logs_org_created_idx').on(t.org_id, t.created_at, t.id),
    index('audit_logs_org_event_idx').on(t.org_id, t.event, t.created_at, t.id),
    index('audit_logs_org_actor_idx').on(t.org_id, t.actor_id, t.created_at, t.id),
    index('audit_logs_org_entity_idx').on(t.org_id, t.entity, t.entity_id),
  ],
);

/**
 * Uploaded and generated files (avatars, bank files, letters, KFM files) on PostgreSQL, where every
 * instance must read what another stored (files/database-storage.ts); SQLite keeps them on local
 * disk and leaves this table empty. `key` is the FileStorage key (`orgs/{orgId}/bank-files/…`);
 * created_at is when the current content was stored (a put replaces the row's content).
 */
export const storedFiles = table(
  'stored_files',
  {
    id: id(),
    key: text('key').notNull(),
    content: bytes('content').notNull(),
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('stored_files_key_uq').on(t.key)],
);

/*
 * Configuration tables the system validation counts (part 2 §2). Their behaviour is not in the
 * spec; they hold named configurations as JSON until a feature gives them structure.
 */

/** A named configuration table: code (unique per organisation), name, JSON config, active flag. */
function namedConfigTable<N extends string>(name: N) {
  return table(
    name,
    {
      id: id(),
      org_id: tenantId(),
      code: text('code').notNull(),
      name: text('name').notNull(),
      config_json: json<PayloadJson>('config_json')
        .notNull()
        .$defaultFn(() => ({})),
      is_active: flag('is_active').notNull().default(true),
      created_at: createdAt(),
      updated_at: updatedAt(),
    },
    (t) => [uniqueIndex(`${name}_org_code_uq`).on(t.org_id, t.code)],
  );
}

/** How new cases are distributed to handlers. */
export const distributionRules = namedConfigTable('distribution_rules');

/** Debtor risk scoring profiles. */
export const riskProfiles = namedConfigTable('risk_profiles');

/** Instructions for the AI assistant per situation. */
export const aiPlaybooks = namedConfigTable('ai_playbooks');

/** Suggestions the AI made for a case, accepted or rejected by a person. */
export const aiSuggestions = table(
  'ai_suggestions',
  {
    id: id(),
    org_id: tenantId(),
    case_id: text('case_id').references((): AnySQLiteColumn => cases.id),
    playbook_id: text('playbook_id').references((): AnySQLiteColumn => aiPlaybooks.id),
    type: text('type').notNull(),
    payload_json: json<PayloadJson>('payload_json')
      .notNull()
      .$defaultFn(() => ({})),
    status: text('status', { enum: AI_SUGGESTION_STATUSES }).notNull().default('pending'),
    decided_at: instant('decided_at'),
    decided_by: text('decided_by').references((): AnySQLiteColumn => users.id),
    created_at: createdAt(),
  },
  (t) => [index('ai_suggestions_org_case_idx').on(t.org_id, t.case_id), index('ai_suggestions_org_status_idx').on(t.org_id, t.status)],
);
