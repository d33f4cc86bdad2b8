import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { index, table } from './table';
import { createdAt, id, instant, isoDate, json, money, text, updatedAt } from './columns';
import { LAWSUIT_STATUSES, LAWSUIT_TRACKS, SERVICE_STATUSES } from './enums';
import { users } from './auth';
import { tenantId } from './orgs';
import { cases } from './cases';

/** A procedural deadline of a lawsuit (e.g. reply to a föreläggande). */
export interface LawsuitDeadline {
  code: string;
  label?: string;
  due_date: string;
  done_at?: string | null;
  /** When the reminder notification went out (the nightly deadline check reminds once). */
  reminded_at?: string | null;
}

/**
 * Court cases (tvistemål, part 2 §3–4): FT = förenklat tvistemål, ORD = ordinärt mål. Party and
 * creditor are read through the linked case.
 */
export const lawsuits = table(
  'lawsuits',
  {
    id: id(),
    org_id: tenantId(),
    case_id: text('case_id')
      .notNull()
      .references((): AnySQLiteColumn => cases.id),
    status: text('status', { enum: LAWSUIT_STATUSES }).notNull().default('draft'),
    track: text('track', { enum: LAWSUIT_TRACKS }).notNull(),
    court_name: text('court_name'),
    court_case_no: text('court_case_no'),
    /** ÖRE despite the spec's `_sek` suffix (kept for the field name), like every money column. */
    court_fee_sek: money('court_fee_sek'),
    filing_date: isoDate('filing_date'),
    service_status: text('service_status', { enum: SERVICE_STATUSES }).notNull().default('pending'),
    deadlines_json: json<LawsuitDeadline[]>('deadlines_json')
      .notNull()
      .$defaultFn(() => []),
    notes: text('notes'),
    created_by: text('created_by').references((): AnySQLiteColumn => users.id),
    created_at: createdAt(),
    updated_at: updatedAt(),
    closed_at: instant('closed_at'),
  },
  (t) => [index('lawsuits_org_status_track_idx').on(t.org_id, t.status, t.track), index('lawsuits_org_case_idx').on(t.org_id, t.case_id)],
);
