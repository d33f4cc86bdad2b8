import { sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { index, table, uniqueIndex } from './table';
import { createdAt, flag, id, instant, json, moneyFromZero, text } from './columns';
import { GL_ACCOUNT_TYPES, GL_JOURNAL_STATUSES } from './enums';
import { users } from './auth';
import { tenantId } from './orgs';
import { creditors } from './parties';
import { cases, type PayloadJson } from './cases';

/*
 * Double-entry general ledger (part 2 §3, §7). Entries are immutable: a correction is a new
 * journal (reverses_journal_id) built by core, never an UPDATE of amounts. Every journal balances
 * (sum of debit = sum of credit); core asserts it when building and the store query that inserts
 * a journal asserts it again (style §9.6).
 */

/** Chart of accounts (kontoplan), e.g. 1900 client funds, 1510/1511/1512 claim parts. */
export const glAccounts = table(
  'gl_accounts',
  {
    id: id(),
    org_id: tenantId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: GL_ACCOUNT_TYPES }).notNull(),
    is_active: flag('is_active').notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('gl_accounts_org_code_uq').on(t.org_id, t.code)],
);

export const glJournals = table(
  'gl_journals',
  {
    id: id(),
    org_id: tenantId(),
    /** What produced the journal: payment, fee, interest, manual, reversal, … */
    source: text('source').notNull(),
    /** Id of the producing row (e.g. the payment id). */
    source_ref: text('source_ref'),
    status: text('status', { enum: GL_JOURNAL_STATUSES }).notNull().default('posted'),
    booked_at: instant('booked_at').notNull(),
    /** For a reversal: the journal it reverses. */
    reverses_journal_id: text('reverses_journal_id').references((): AnySQLiteColumn => glJournals.id),
    meta_json: json<PayloadJson>('meta_json')
      .notNull()
      .$defaultFn(() => ({})),
    created_by: text('created_by').references((): AnySQLiteColumn => users.id),
    created_at: createdAt(),
  },
  (t) => [
    // The journal list pages by (booked_at, id) from a cursor, alone or within one source.
    index('gl_journals_org_booked_idx').on(t.org_id, t.booked_at, t.id),
    index('gl_journals_org_source_booked_idx').on(t.org_id, t.source, t.booked_at, t.id),
    index('gl_journals_org_source_idx').on(t.org_id, t.source, t.source_ref),
    // The foreign key's child side: without it, deleting a journal (purging an organisation)
    // scans every journal for one reversing it. Partial, as few journals reverse another.
    index('gl_journals_reverses_idx')
      .on(t.reverses_journal_id)
      .where(sql`${t.reverses_journal_id} IS NOT NULL`),
  ],
);

/** One journal line; exactly one of debit/credit is non-zero (öre). */
export const glEntries = table(
  'gl_entries',
  {
    id: id(),
    org_id: tenantId(),
    journal_id: text('journal_id')
      .notNull()
      .references((): AnySQLiteColumn => glJournals.id),
    account_id: text('account_id')
      .notNull()
      .references((): AnySQLiteColumn => glAccounts.id),
    debit: moneyFromZero('debit'),
    credit: moneyFromZero('credit'),
    case_id: text('case_id').references((): AnySQLiteColumn => cases.id),
    creditor_id: text('creditor_id').references((): AnySQLiteColumn => creditors.id),
    created_at: createdAt(),
  },
  (t) => [
    index('gl_entries_journal_idx').on(t.journal_id),
    // Covers 'journals touching an account' (the journal list's account filter) either way round.
    index('gl_entries_account_idx').on(t.account_id, t.journal_id),
    index('gl_entries_org_case_idx').on(t.org_id, t.case_id),
    index('gl_entries_org_creditor_idx').on(t.org_id, t.creditor_id),
  ],
);
