import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { index, table, uniqueIndex } from './table';
import { sql } from 'drizzle-orm';
import { createdAt, flag, id, integer, isoDate, money, moneyFromZero, text, updatedAt } from './columns';
import { INTEREST_BASES, PAYMENT_METHODS, PAYMENT_STATUSES } from './enums';
import { users } from './auth';
import { tenantId } from './orgs';
import { cases } from './cases';
import { bankStatements } from './bank';

/**
 * Fee catalogue (avgiftskatalog). A fee's amount can change over time: a new row with a later
 * valid_from, never an update, so earlier cases keep the amount they were charged.
 */
export const feeCatalogue = table(
  'fee_catalogue',
  {
    id: id(),
    org_id: tenantId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Öre. */
    amount: money('amount'),
    tax_code: text('tax_code'),
    valid_from: isoDate('valid_from').notNull(),
    is_active: flag('is_active').notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('fee_catalogue_org_code_valid_from_uq').on(t.org_id, t.code, t.valid_from)],
);

/**
 * Interest profiles (part 2 §3): REFERENCE_RATE + margin_bp (dröjsmålsränta = reference rate +
 * 800 bp, räntelagen 6 §), or a fixed yearly rate. fixed_rate_pa is a decimal percent as TEXT
 * (e.g. '8.00') so no float ever holds a rate; core reads it with big.js.
 */
export const interestProfiles = table(
  'interest_profiles',
  {
    id: id(),
    org_id: tenantId(),
    code: text('code').notNull(),
    name: text('name'),
    base: text('base', { enum: INTEREST_BASES }).notNull(),
    margin_bp: integer('margin_bp').notNull().default(0),
    fixed_rate_pa: text('fixed_rate_pa'),
    valid_from: isoDate('valid_from'),
    valid_to: isoDate('valid_to'),
    is_active: flag('is_active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('interest_profiles_org_code_idx').on(t.org_id, t.code)],
);

/**
 * Riksbank referensränta per half-year (räntelagen 9 §). GLOBAL, NOT A TENANT TABLE: the rate is
 * the same for every organisation; with the auth tables it is the only data without org_id.
 * rate_bp is integer basis points (may be negative, e.g. -50 in 2019-H1).
 */
export const referenceRates = table('reference_rates', {
  id: id(),
  /** First day of the half-year: YYYY-01-01 or YYYY-07-01. */
  valid_from: isoDate('valid_from').notNull().unique('reference_rates_valid_from_uq'),
  rate_bp: integer('rate_bp').notNull(),
  /** Checked against a primary source (Riksbank); unverified rows are shown as such. */
  verified: flag('verified').notNull().default(false),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/**
 * Incoming payments. Bank-file lines carry the bank's transaction identity in transaction_id,
 * unique per organisation, so importing the same line twice is a no-op (idempotency, style §9.7);
 * manual payments use a caller-generated id. unallocated_amount is what is still to match.
 */
export const payments = table(
  'payments',
  {
    id: id(),
    org_id: tenantId(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    /** Öre, > 0. */
    amount: money('amount'),
    ocr: text('ocr'),
    reference: text('reference'),
    message: text('message'),
    paid_at: isoDate('paid_at').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('received'),
    bank_statement_id: text('bank_statement_id').references((): AnySQLiteColumn => bankStatements.id),
    transaction_id: text('transaction_id'),
    payer_name: text('payer_name'),
    /** Öre; equals amount on registration and drops as allocations are made. */
    unallocated_amount: money('unallocated_amount'),
    created_by: text('created_by').references((): AnySQLiteColumn => users.id),
    created_at: createdAt(),
    updated_at: updatedAt(),
    /** A held or duplicate payment: the payment already booked that it may be (or is) the same transaction as. */
    duplicate_of_payment_id: text('duplicate_of_payment_id').references((): AnySQLiteColumn => payments.id),
  },
  (t) => [
    index('payments_org_paid_at_idx').on(t.org_id, t.paid_at),
    index('payments_org_amount_idx').on(t.org_id, t.amount),
    index('payments_org_status_idx').on(t.org_id, t.status),
    index('payments_org_ocr_idx').on(t.org_id, t.ocr),
    uniqueIndex('payments_org_transaction_uq').on(t.org_id, t.transaction_id),
    index('payments_bank_statement_idx').on(t.bank_statement_id),
    index('payments_duplicate_of_idx')
      .on(t.duplicate_of_payment_id)
      .where(sql`${t.duplicate_of_payment_id} IS NOT NULL`),
  ],
);

/**
 * How a payment was split onto cases. amount = principal_amount + interest_amount + fees_amount
 * (all öre); sequence_no orders several allocations of one payment.
 */
export const paymentAllocations = table(
  'payment_allocations',
  {
    id: id(),
    org_id: tenantId(),
    payment_id: text('payment_id')
      .notNull()
      .references((): AnySQLiteColumn => payments.id),
    case_id: text('case_id')
      .notNull()
      .references((): AnySQLiteColumn => cases.id),
    amount: money('amount'),
    principal_amount: moneyFromZero('principal_amount'),
    interest_amount: moneyFromZero('interest_amount'),
    fees_amount: moneyFromZero('fees_amount'),
    sequence_no: integer('sequence_no').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_allocations_payment_sequence_uq').on(t.payment_id, t.sequence_no),
    index('payment_allocations_org_case_idx').on(t.org_id, t.case_id),
  ],
);
