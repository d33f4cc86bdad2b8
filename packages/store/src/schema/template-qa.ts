import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { TemplateQaReport } from '@fordran/core';
import { index, table } from './table';
import { createdAt, id, instant, integer, json, text } from './columns';
import { users } from './auth';
import { tenantId } from './orgs';

export const TEMPLATE_QA_BATCH_STATUSES = ['running', 'completed'] as const;

/**
 * A template QA run (Mall-QA Sverige, part 2 §7): the test cases, creditor and debtors it made
 * carry its id (`qa_batch_id`), which keeps them out of the ledger, the audit log, the lists and
 * the figures of real work; 'Rensa' deletes the batch with them. `status` is running until the
 * report is stored.
 */
export const templateQaBatches = table(
  'template_qa_batches',
  {
    id: id(),
    org_id: tenantId(),
    status: text('status', { enum: TEMPLATE_QA_BATCH_STATUSES }).notNull().default('running'),
    templates_checked: integer('templates_checked').notNull().default(0),
    templates_failed: integer('templates_failed').notNull().default(0),
    /** The report as data (per-template results); null while running. */
    report_json: json<TemplateQaReport>('report_json'),
    /** The report as a self-contained HTML document (core templateQaReportHtml). */
    report_html: text('report_html'),
    created_by: text('created_by').references((): AnySQLiteColumn => users.id),
    created_at: createdAt(),
    completed_at: instant('completed_at'),
  },
  (t) => [index('template_qa_batches_org_created_idx').on(t.org_id, t.created_at)],
);
