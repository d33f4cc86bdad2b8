import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { index, table } from './table';
import { createdAt, id, instant, isoDate, json, money, text, updatedAt } from './columns';
import { KFM_APPLICATION_TYPES, KFM_CASE_STATUSES, KFM_FILE_DIRECTIONS, KFM_FILE_STATUSES, KFM_SUBMISSION_STATUSES, KFM_TRANSPORTS } from './enums';
import { users } from './auth';
import { tenantId } from './orgs';
import { creditors } from './parties';
import { cases, type PayloadJson } from './cases';

/*
 * Escalation to Kronofogden (part 1 §3–4, part 2 §3–4, domain reference §5). A kfm_case is a
 * frozen snapshot of the case at as_of_date; the generated application file is a kfm_file
 * (direction out), its sending a kfm_submission, and everything KFM answers a kfm_event (plus an
 * incoming kfm_file for receipts).
 */

export const kfmCases = table(
  'kfm_cases',
  {
    id: id(),
    org_id: tenantId(),
    case_id: text('case_id')
      .notNull()
      .references((): AnySQLiteColumn => cases.id),
    creditor_id: text('creditor_id')
      .notNull()
      .references((): AnySQLiteColumn => creditors.id),
    debtor_snapshot_json: json<PayloadJson>('debtor_snapshot_json').notNull(),
    claim_snapshot_json: json<PayloadJson>('claim_snapshot_json').notNull(),
    interest_snapshot_json: json<PayloadJson>('interest_snapshot_json').notNull(),
    fees_snapshot_json: json<PayloadJson>('fees_snapshot_json').notNull(),
    /**
     * ÖRE despite the spec's `_sek` suffix (kept for the field name): 300 kr = 30000
     * (förordning 1992:1094), like every money column.
     */
    application_fee_sek: money('application_fee_sek'),
    application_type: text('application_type', { enum: KFM_APPLICATION_TYPES }).notNull().default('payment_order'),
    as_of_date: isoDate('as_of_date').notNull(),
    reference: text('reference').notNull(),
    current_status: text('current_status', { enum: KFM_CASE_STATUSES }).notNull().default('draft'),
    /** KFM's målnummer once acknowledged, e.g. 14-141638-12. */
    kfm_case_no: text('kfm_case_no'),
    created_by: text('created_by').references((): AnySQLiteColumn => users.id),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('kfm_cases_org_case_idx').on(t.org_id, t.case_id),
    index('kfm_cases_org_created_idx').on(t.org_id, t.created_at),
    index('kfm_cases_org_status_idx').on(t.org_id, t.current_status),
  ],
);

/** Files to and from KFM; checksum is the SHA-256 of payload_text. */
export const kfmFiles = table(
  'kfm_files',
  {
    id: id(),
    org_id: tenantId(),
    kfm_case_id: text('kfm_case_id').references((): AnySQLiteColumn => kfmCases.id),
    direction: text('direction', { enum: KFM_FILE_DIRECTIONS }).notNull(),
    filename: text('filename').notNull(),
    payload_text: text('payload_text').notNull(),
    checksum: text('checksum').notNull(),
    status: text('status', { enum: KFM_FILE_STATUSES }).notNull().default('ready'),
    created_at: createdAt(),
  },
  (t) => [index('kfm_files_org_case_idx').on(t.org_id, t.kfm_case_id), index('kfm_files_org_checksum_idx').on(t.org_id, t.checksum)],
);

export const kfmSubmissions = table(
  'kfm_submissions',
  {
    id: id(),
    org_id: tenantId(),
    kfm_case_id: text('kfm_case_id')
      .notNull()
      .references((): AnySQLiteColumn => kfmCases.id),
    file_out_id: text('file_out_id')
      .notNull()
      .references((): AnySQLiteColumn => kfmFiles.id),
    /** The receipt (kvittens) file, when one came back. */
    file_in_id: text('file_in_id').references((): AnySQLiteColumn => kfmFiles.id),
    transport: text('transport', { enum: KFM_TRANSPORTS }).notNull().default('manual'),
    status: text('status', { enum: KFM_SUBMISSION_STATUSES }).notNull().default('pending'),
    submitted_at: instant('submitted_at'),
    created_by: text('created_by').references((): AnySQLiteColumn => users.id),
    created_at: createdAt(),
  },
  (t) => [index('kfm_submissions_org_case_idx').on(t.org_id, t.kfm_case_id)],
);

export const kfmEvents = table(
  'kfm_events',
  {
    id: id(),
    org_id: tenantId(),
    kfm_case_id: text('kfm_case_id')
      .notNull()
      .references((): AnySQLiteColumn => kfmCases.id),
    type: text('type').notNull(),
    payload_json: json<PayloadJson>('payload_json')
      .notNull()
      .$defaultFn(() => ({})),
    actor_id: text('actor_id').references((): AnySQLiteColumn => users.id),
    created_at: createdAt(),
  },
  (t) => [index('kfm_events_org_case_created_idx').on(t.org_id, t.kfm_case_id, t.created_at)],
);
