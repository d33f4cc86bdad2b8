import { sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { index, table, uniqueIndex } from './table';
import { createdAt, flag, id, instant, integer, isoDate, json, moneyFromZero, optionalMoney, text, updatedAt } from './columns';
import { BANK_ACCOUNT_TYPES, BANK_FILE_FORMATS, RECONCILIATION_STATUSES, STATEMENT_RESOLUTION_KINDS } from './enums';
import { users } from './auth';
import { tenantId } from './orgs';
import { payments } from './finance';
import { glJournals } from './ledger';

/** The agency's bank accounts: client funds (klientmedel) kept apart from operating money. */
export const bankAccounts = table(
  'bank_accounts',
  {
    id: id(),
    org_id: tenantId(),
    account_name: text('account_name').notNull(),
    type: text('type', { enum: BANK_ACCOUNT_TYPES }).notNull(),
    iban: text('iban'),
    bg_number: text('bg_number'),
    provider: text('provider'),
    is_active: flag('is_active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
    /** Plusgironummer in its display form, e.g. `90 20 03-3` (core `parsePlusgiro`); last, as its migration appends it. */
    pg_number: text('pg_number'),
  },
  (t) => [index('bank_accounts_org_type_idx').on(t.org_id, t.type)],
);

/** A difference found when reconciling a statement (amounts in öre). */
export interface StatementDifference {
  code: string;
  message: string;
  expected?: number;
  actual?: number;
  line?: number;
  [key: string]: unknown;
}

/**
 * An imported bank file. file_checksum (SHA-256 of the bytes) is unique per organisation: the
 * same file is never imported twice. file_identity is the identity the file states about itself
 * (BgMax opening record, camt.053 MsgId/Stmt Id) to catch a re-export of the same statement.
 * Totals and balances in öre.
 */
export const bankStatements = table(
  'bank_statements',
  {
    id: id(),
    org_id: tenantId(),
    bank_account_id: text('bank_account_id').references((): AnySQLiteColumn => bankAccounts.id),
    statement_date: isoDate('statement_date').notNull(),
    file_format: text('file_format', { enum: BANK_FILE_FORMATS }).notNull(),
    file_name: text('file_name').notNull(),
    file_checksum: text('file_checksum').notNull(),
    file_identity: text('file_identity'),
    /** Key of the original file in FileStorage. */
    file_key: text('file_key'),
    reconciliation_status: text('reconciliation_status', { enum: RECONCILIATION_STATUSES }).notNull().default('pending'),
    total_debits: moneyFromZero('total_debits'),
    total_credits: moneyFromZero('total_credits'),
    opening_balance: optionalMoney('opening_balance'),
    closing_balance: optionalMoney('closing_balance'),
    differences_json: json<StatementDifference[]>('differences_json')
      .notNull()
      .$defaultFn(() => []),
    imported_by: text('imported_by').references((): AnySQLiteColumn => users.id),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_statements_org_checksum_uq').on(t.org_id, t.file_checksum),
    index('bank_statements_org_identity_idx').on(t.org_id, t.file_identity),
    index('bank_statements_org_date_idx').on(t.org_id, t.statement_date),
    index('bank_statements_account_idx').on(t.bank_account_id),
  ],
);

/**
 * A person's decision on one difference of a statement's reconciliation (docs/bank-files.md
 * "Resolving differences"), kept with its reason and never deleted: undoing it sets undone_* and,
 * for a fee or an adjustment, books the reversing journal (undo_journal_id).
 * - difference_key names the difference across reconciliations; difference_json is the difference
 *   as it was when resolved (what the review shows under it).
 * - amount (öre): a fee or adjustment's signed difference (file minus bookings), or the money a
 *   match links or another-account sets aside; null for an acknowledgement.
 * - payment_id: the payment linked (match) or set aside (a booking of another account);
 *   previous_transaction_id is the linked payment's own id before the link, restored on undo.
 */
export const bankStatementResolutions = table(
  'bank_statement_resolutions',
  {
    id: id(),
    org_id: tenantId(),
    statement_id: text('statement_id')
      .notNull()
      .references((): AnySQLiteColumn => bankStatements.id),
    kind: text('kind', { enum: STATEMENT_RESOLUTION_KINDS }).notNull(),
    difference_key: text('difference_key').notNull(),
    difference_code: text('difference_code').notNull(),
    difference_json: json<StatementDifference>('difference_json').notNull(),
    line: integer('line'),
    transaction_id: text('transaction_id'),
    payment_id: text('payment_id').references((): AnySQLiteColumn => payments.id),
    previous_transaction_id: text('previous_transaction_id'),
    journal_id: text('journal_id').references((): AnySQLiteColumn => glJournals.id),
    amount: optionalMoney('amount'),
    counter_account: text('counter_account'),
    reason: text('reason').notNull(),
    created_by: text('created_by').references((): AnySQLiteColumn => users.id),
    created_at: createdAt(),
    undone_at: instant('undone_at'),
    undone_by: text('undone_by').references((): AnySQLiteColumn => users.id),
    undo_reason: text('undo_reason'),
    undo_journal_id: text('undo_journal_id').references((): AnySQLiteColumn => glJournals.id),
  },
  (t) => [
    index('bank_statement_resolutions_statement_idx').on(t.org_id, t.statement_id),
    // The foreign keys' child sides, so deleting a payment or journal never scans every decision.
    index('bank_statement_resolutions_payment_idx')
      .on(t.payment_id)
      .where(sql`${t.payment_id} IS NOT NULL`),
    index('bank_statement_resolutions_journal_idx')
      .on(t.journal_id)
      .where(sql`${t.journal_id} IS NOT NULL`),
    index('bank_statement_resolutions_undo_journal_idx')
      .on(t.undo_journal_id)
      .where(sql`${t.undo_journal_id} IS NOT NULL`),
  ],
);
