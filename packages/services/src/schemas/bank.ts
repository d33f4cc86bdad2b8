import { BANK_ACCOUNT_TYPES, BANK_ADJUSTMENT_ACCOUNT_CODES, BANK_FILE_FORMATS, RECONCILIATION_STATUSES, STATEMENT_RESOLUTION_KINDS } from '@fordran/core';
import { actionReasonSchema } from './common';
import { z } from './zod-setup';

/*
 * Bank accounts and bank statements (Bankavstämning), spec part 2 §2–§4, §7, §9 and issue 5.
 * IBANs, bankgiro and plusgiro numbers arrive as people type them and are checked by core; amounts leave
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
  /** Checked (Luhn over the whole number) and stored as e.g. 90 20 03-3. */
  pg_number: optionalText(20, 'Ogiltigt plusgironummer'),
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
  pg_number: z.string().nullable(),
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
const differenceFields = {
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
  /** Who paid and the OCR or reference: the line's, or the booking's (what a person reads instead of ids). */
  payer_name: z.string().nullable(),
  reference: z.string().nullable(),
};

const resolutionKindSchema = z.enum(STATEMENT_RESOLUTION_KINDS, { error: 'Välj en åtgärd' });

export const statementDifferenceSchema = z.object({
  ...differenceFields,
  /** Names the difference in a resolution (stable across reconciliations). */
  key: z.string(),
  /** The actions it offers (docs/bank-files.md "Resolving differences"); empty: see action_note. */
  actions: z.array(resolutionKindSchema),
  /** Why it offers none (Swedish), e.g. a held payment is reviewed under Inbetalningar. */
  action_note: z.string().nullable(),
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
  /** matched, missing (no booking), differs, held (a possible repeat waiting for review), not_compared (deductions, reversals, returns, foreign amounts), excluded (another account's). */
  status: z.enum(['matched', 'missing', 'differs', 'held', 'not_compared', 'excluded']),
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

/** A payment as a person recognises it: date, amount, payer, OCR or reference (no ids shown). */
const recognisablePaymentSchema = z.object({
  id: z.string(),
  paid_at: z.string(),
  amount: amountText,
  payer_name: z.string().nullable(),
  ocr: z.string().nullable(),
  reference: z.string().nullable(),
  status: z.string(),
});

const ledgerAccountNameSchema = z.object({ code: z.string(), name: z.string() });

/** A person's decision on a difference, with who, when and why; undone ones stay with who undid them and why. */
export const statementResolutionSchema = z.object({
  id: z.string(),
  kind: resolutionKindSchema,
  /** The decision in Swedish ('Bokförd som bankavgift', 'Kopplad till betalning', …). */
  kind_label: z.string(),
  /** The difference as it was when resolved. */
  difference: z.object(differenceFields),
  /** A fee or adjustment: the signed difference booked (file minus bookings); a match or another account: the money linked or set aside. */
  amount: amountText.nullable(),
  /** The account the fee or adjustment was booked on against 1900. */
  counter_account: ledgerAccountNameSchema.nullable(),
  /** The payment linked (a match) or set aside (a booking of another account). */
  payment: recognisablePaymentSchema.nullable(),
  reason: z.string(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  undone_at: z.string().nullable(),
  undone_by_name: z.string().nullable(),
  undo_reason: z.string().nullable(),
  /** False for an active decision whose difference is no longer found as it was (e.g. the bookings changed since). */
  in_effect: z.boolean(),
});
export type StatementResolutionResponse = z.infer<typeof statementResolutionSchema>;

export const bankStatementDetailSchema = z.object({
  statement: bankStatementSummarySchema.extend({
    file_identity: z.string().nullable(),
    file_checksum: z.string(),
  }),
  /** The differences recorded by the last reconciliation and left open, by line. */
  differences: z.array(statementDifferenceSchema),
  /** Every decision taken on the statement's differences, newest first (undone ones too). */
  resolutions: z.array(statementResolutionSchema),
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
  /** Σ of the fees and adjustments booked for differences (signed: file minus bookings). */
  total_adjustments: amountText,
  /** Σ of the file's payments set aside as another account's. */
  total_excluded: amountText,
});
export type BankStatementDetail = z.infer<typeof bankStatementDetailSchema>;

// ── resolving differences ─────────────────────────────────────────────────────────────────────

const differenceKeySchema = z.string({ error: 'Välj en avvikelse' }).min(1, 'Välj en avvikelse').max(1000, 'Ogiltig avvikelse');
const adjustmentAccountSchema = z.enum(BANK_ADJUSTMENT_ACCOUNT_CODES, { error: `Välj motkonto: ${BANK_ADJUSTMENT_ACCOUNT_CODES.join(' eller ')}` });

export const statementResolutionOptionsQuerySchema = z.object({ difference: differenceKeySchema });
export type StatementResolutionOptionsQuery = z.input<typeof statementResolutionOptionsQuerySchema>;

/** What the 'Lös' dialog offers for one difference. */
export const statementResolutionOptionsSchema = z.object({
  difference: statementDifferenceSchema,
  /** A fee or adjustment: the signed difference it books (file minus bookings). */
  amount: amountText.nullable(),
  /** Payments the line may be, best first: booked, unlinked, within 10 % of the line's amount. */
  candidates: z.array(
    recognisablePaymentSchema.extend({
      /** The payment's amount minus the line's. */
      amount_difference: amountText,
      /** Days from the line's date to the payment's. */
      days_apart: z.number().int(),
      same_reference: z.boolean(),
    }),
  ),
  /** Where a bank fee is booked (6570). */
  fee_account: ledgerAccountNameSchema,
  /** The counter accounts an adjustment may use, with what each is for. */
  counter_accounts: z.array(ledgerAccountNameSchema.extend({ purpose: z.string() })),
});
export type StatementResolutionOptions = z.infer<typeof statementResolutionOptionsSchema>;

/** Why a difference was resolved so (or a decision undone), for the system log. */
const resolutionReasonSchema = actionReasonSchema('Ange en anledning');

/**
 * A decision on one difference (`difference` is its `key`), with a reason. A match of a payment
 * whose amount is not the line's books the difference at once: `amount_difference` says how.
 */
export const statementResolutionCreateSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('match_payment'),
      difference: differenceKeySchema,
      payment_id: z.string({ error: 'Välj en betalning' }).min(1, 'Välj en betalning').max(100, 'Ogiltigt id'),
      amount_difference: z.enum(['bank_fee', 'adjustment'], { error: 'Välj bankavgift eller justering' }).optional(),
      counter_account: adjustmentAccountSchema.optional(),
      reason: resolutionReasonSchema,
    }),
    z.object({ kind: z.literal('bank_fee'), difference: differenceKeySchema, reason: resolutionReasonSchema }),
    z.object({ kind: z.literal('adjustment'), difference: differenceKeySchema, counter_account: adjustmentAccountSchema, reason: resolutionReasonSchema }),
    z.object({ kind: z.literal('other_account'), difference: differenceKeySchema, reason: resolutionReasonSchema }),
    z.object({ kind: z.literal('acknowledge'), difference: differenceKeySchema, reason: resolutionReasonSchema }),
  ],
  { error: 'Välj en åtgärd' },
);
export type StatementResolutionCreateInput = z.input<typeof statementResolutionCreateSchema>;

export const statementResolutionUndoSchema = z.object({ reason: resolutionReasonSchema });
export type StatementResolutionUndoInput = z.input<typeof statementResolutionUndoSchema>;
