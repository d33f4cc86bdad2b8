import { index, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { createdAt, flag, id, isoDate, json, moneyFromZero, optionalMoney, updatedAt } from './columns';
import { BANK_ACCOUNT_TYPES, BANK_FILE_FORMATS, RECONCILIATION_STATUSES } from './enums';
import { users } from './auth';
import { tenantId } from './orgs';

/** The agency's bank accounts: client funds (klientmedel) kept apart from operating money. */
export const bankAccounts = sqliteTable(
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
export const bankStatements = sqliteTable(
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
