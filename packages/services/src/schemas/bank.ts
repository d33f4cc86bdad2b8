import { BANK_ACCOUNT_TYPES, BANK_FILE_FORMATS, RECONCILIATION_STATUSES } from '@fordran/core';
import { z } from './zod-setup';

/*
 * Bank accounts and bank statements (Bankavstämning), spec part 2 §2–§4, §7, §9 and issue 5.
 * IBANs and bankgiro numbers arrive as people type them and are checked by core; amounts leave
 * as decimal strings ("7950.00").
 */

const amountText = z.string().describe('Belopp i kronor med två decimaler, t.ex. "7950.00"');

/** Optional free text: trimmed, empty means absent (null). */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: 'Ogiltig text' })
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

export const BANK_ACCOUNT_NAME_REQUIRED = 'Kontonamn krävs';

const accountTypeSchema = z.enum(BANK_ACCOUNT_TYPES, { error: 'Kontotyp måste vara client_funds eller operating' });

const bankAccountFields = {
  account_name: z.string({ error: BANK_ACCOUNT_NAME_REQUIRED }).trim().min(1, BANK_ACCOUNT_NAME_REQUIRED).max(200, 'Kontonamnet får vara högst 200 tecken'),
  type: accountTypeSchema,
  /** Checked with mod-97 and stored without spaces. */
  iban: optionalText(50, 'Ogiltigt IBAN'),
  /** Checked (Luhn) and stored as NNN-NNNN / NNNN-NNNN. */
  bg_number: optionalText(20, 'Ogiltigt bankgironummer'),
  provider: optionalText(100, 'Banken får vara högst 100 tecken'),
  is_active: z.boolean({ error: 'Ange ja eller nej' }),
};

export const bankAccountCreateSchema = z.object({ ...bankAccountFields, is_active: bankAccountFields.is_active.default(true) });
export type BankAccountCreateInput = z.input<typeof bankAccountCreateSchema>;

export const bankAccountUpdateSchema = z.object(bankAccountFields).partial();
export type BankAccountUpdateInput = z.input<typeof bankAccountUpdateSchema>;

export const bankAccountListQuerySchema = z.object({
  /** The spec lists active accounts; the editor also needs the inactive ones. */
  include_inactive: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], { error: 'include_inactive måste vara true eller false' })
    .default(false),
});
export type BankAccountListQuery = z.input<typeof bankAccountListQuerySchema>;

export const bankAccountResponseSchema = z.object({
  id: z.string(),
  account_name: z.string(),
  type: accountTypeSchema,
  iban: z.string().nullable(),
  bg_number: z.string().nullable(),
  provider: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BankAccountResponse = z.infer<typeof bankAccountResponseSchema>;

export const bankAccountListResponseSchema = z.object({ accounts: z.array(bankAccountResponseSchema) });
export type BankAccountListResponse = z.infer<typeof bankAccountListResponseSchema>;

// ── statements ──────────────────────────────────────────────────────────────────────────────

const reconciliationStatusSchema = z.enum(RECONCILIATION_STATUSES, { error: 'Status måste vara pending, reconciled eller mismatch' });

export const bankStatementListQuerySchema = z.object({
  limit: z.coerce.number({ error: 'Ogiltig gräns' }).int('Ogiltig gräns').min(1, 'Ogiltig gräns').max(200, 'Högst 200 rader per anrop').default(50),
  status: reconciliationStatusSchema.optional(),
});
export type BankStatementListQuery = z.input<typeof bankStatementListQuerySchema>;

export const bankStatementSummarySchema = z.object({
  id: z.string(),
  bank_account_id: z.string().nullable(),
  /** The spec's "account": the bank account's name. */
  account_name: z.string().nullable(),
  statement_date: z.string(),
  file_format: z.enum(BANK_FILE_FORMATS),
  file_name: z.string(),
  reconciliation_status: reconciliationStatusSchema,
  total_debits: amountText,
  total_credits: amountText,
  opening_balance: amountText.nullable(),
  closing_balance: amountText.nullable(),
  /** Payments booked from the statement. */
  payment_count: z.number().int(),
  /** Differences recorded by the last reconciliation. */
  difference_count: z.number().int(),
  created_at: z.string(),
});
export type BankStatementSummary = z.infer<typeof bankStatementSummarySchema>;

export const bankStatementListResponseSchema = z.object({
  statements: z.array(bankStatementSummarySchema),
  /** Statements of the organisation by status (all of them, not only this page). */
  counts: z.object({ pending: z.number().int(), reconciled: z.number().int(), mismatch: z.number().int() }),
});
export type BankStatementListResponse = z.infer<typeof bankStatementListResponseSchema>;

/** A difference of a reconciliation (stored in differences_json); amounts as decimal strings. */
export const statementDifferenceSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** What the file says. */
  expected: amountText.nullable(),
  /** What is booked (for a balance: what the statement says). */
  actual: amountText.nullable(),
  expected_date: z.string().nullable(),
  actual_date: z.string().nullable(),
  line: z.number().int().nullable(),
  transaction_id: z.string().nullable(),
  payment_id: z.string().nullable(),
});
export type StatementDifferenceResponse = z.infer<typeof statementDifferenceSchema>;

const bookedPaymentSchema = z.object({
  id: z.string(),
  amount: amountText,
  paid_at: z.string(),
  status: z.string(),
  transaction_id: z.string().nullable(),
  /** Booked from this statement (false: booked earlier, from another file). */
  on_statement: z.boolean(),
});

export const statementLineSchema = z.object({
  line: z.number().int(),
  transaction_id: z.string(),
  kind: z.enum(['payment', 'deduction', 'reversal', 'returned', 'foreign']),
  /** In `currency`: a foreign line's amount is never kronor. */
  amount: amountText,
  currency: z.string(),
  paid_at: z.string(),
  payer_name: z.string().nullable(),
  reference: z.string().nullable(),
  /** matched, missing (no booking), differs, held (a possible repeat waiting for review), not_compared (deductions, reversals, returns, foreign amounts). */
  status: z.enum(['matched', 'missing', 'differs', 'held', 'not_compared']),
  payment: bookedPaymentSchema.nullable(),
  /** A reversal: the booked payment it takes back, when it was found (to reverse under Inbetalningar). */
  reverses_payment: bookedPaymentSchema.nullable(),
});

/** A balance the statement states (camt.053), in its own currency; only SEK balances are checked. */
export const statementBalanceSchema = z.object({
  type: z.string(),
  amount: amountText,
  currency: z.string().nullable(),
  date: z.string().nullable(),
  checked: z.boolean(),
});

/** At most this many transactions are listed in the review view (the differences are all there). */
export const STATEMENT_REVIEW_MAX_LINES = 1000;

export const bankStatementDetailSchema = z.object({
  statement: bankStatementSummarySchema.extend({
    file_identity: z.string().nullable(),
    file_checksum: z.string(),
  }),
  /** The differences recorded by the last reconciliation, by line. */
  differences: z.array(statementDifferenceSchema),
  /** False when the stored original file is missing: no transactions can be shown. */
  file_available: z.boolean(),
  /** The file's transactions in file order beside the booked payments (at most 1000). */
  lines: z.array(statementLineSchema),
  line_count: z.number().int(),
  /** Payments booked on the statement that the file does not hold. */
  unexpected_payments: z.array(bookedPaymentSchema),
  /** The balances the file states, each with its currency. */
  balances: z.array(statementBalanceSchema),
  /** Σ of the booked payments compared with the file (to set against total_credits). */
  total_booked: amountText,
});
export type BankStatementDetail = z.infer<typeof bankStatementDetailSchema>;
