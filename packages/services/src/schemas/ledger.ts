import { LEDGER_ACCOUNT_TYPES, LEDGER_JOURNAL_STATUSES } from '@fordran/core';
import { cursorQuerySchema, dayRangeInOrder, dayRangeQueryShape } from './common';
import { z } from './zod-setup';

/*
 * The general ledger (Huvudbok & Journal), spec part 2 §2, §3, §7, §9 and issue 5: the latest
 * journals with their entries, the chart of accounts with balances, the trial balance (råbalans)
 * and its CSV and SIE 4 exports. Amounts leave as decimal strings ("7950.00").
 */

const amountText = z.string().describe('Belopp i kronor med två decimaler, t.ex. "7950.00"');
const isoDateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Ange datum som ÅÅÅÅ-MM-DD');
const accountTypeSchema = z.enum(LEDGER_ACCOUNT_TYPES);

/** The spec's journal list: latest 50 (part 2 §9); up to 200 a page on request, later pages by cursor. */
export const LEDGER_JOURNAL_DEFAULT_LIMIT = 50;

export const ledgerJournalListQuerySchema = z
  .object({
    limit: z.coerce
      .number({ error: 'Ogiltig gräns' })
      .int('Ogiltig gräns')
      .min(1, 'Ogiltig gräns')
      .max(200, 'Högst 200 rader per anrop')
      .default(LEDGER_JOURNAL_DEFAULT_LIMIT),
    /** The previous page's `next_cursor`: the page after it. */
    cursor: cursorQuerySchema,
    /** Booked from and to these Swedish calendar days. */
    ...dayRangeQueryShape,
    /** payment, fee, interest, claim, reversal, … */
    source: z.string().trim().max(50, 'Ogiltig källa').optional(),
    /** Only journals with an entry on this account (its code, e.g. 1900). */
    account: z.string().trim().min(1, 'Ogiltigt konto').max(20, 'Ogiltigt konto').optional(),
    /** Only journals with an entry on this case. */
    case_id: z.string().max(100, 'Ogiltigt id').optional(),
  })
  .refine(...dayRangeInOrder);
export type LedgerJournalListQuery = z.input<typeof ledgerJournalListQuerySchema>;

export const ledgerEntrySchema = z.object({
  id: z.string(),
  account_code: z.string(),
  account_name: z.string(),
  debit: amountText,
  credit: amountText,
  case_id: z.string().nullable(),
  /** The claim reference of the entry's case. */
  case_reference: z.string().nullable(),
  creditor_id: z.string().nullable(),
  creditor_name: z.string().nullable(),
});
export type LedgerEntryResponse = z.infer<typeof ledgerEntrySchema>;

export const ledgerJournalSchema = z.object({
  id: z.string(),
  source: z.string(),
  source_ref: z.string().nullable(),
  status: z.enum(LEDGER_JOURNAL_STATUSES),
  /** The instant the journal was booked; its Swedish calendar day is its ledger date. */
  booked_at: z.string(),
  reverses_journal_id: z.string().nullable(),
  /** Context the booking use case recorded (case_id, the allocation split, booked_on, …). */
  meta: z.record(z.string(), z.unknown()),
  /** The case when every entry with a case names the same one (the case link of the list). */
  case_id: z.string().nullable(),
  case_reference: z.string().nullable(),
  total_debit: amountText,
  total_credit: amountText,
  /** Debit lines first, then by account code. */
  entries: z.array(ledgerEntrySchema),
});
export type LedgerJournalResponse = z.infer<typeof ledgerJournalSchema>;

export const ledgerJournalListResponseSchema = z.object({
  journals: z.array(ledgerJournalSchema),
  /** The cursor of the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type LedgerJournalListResponse = z.infer<typeof ledgerJournalListResponseSchema>;

export const ledgerAccountSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  type: accountTypeSchema,
  is_active: z.boolean(),
  debit: amountText,
  credit: amountText,
  /** Debit − credit (the trial balance's sign). */
  balance: amountText,
  /** The balance on the account's normal side: debit − credit for assets and expenses, credit − debit otherwise. */
  normal_balance: amountText,
});
export type LedgerAccountResponse = z.infer<typeof ledgerAccountSchema>;

export const ledgerAccountListResponseSchema = z.object({ accounts: z.array(ledgerAccountSchema) });
export type LedgerAccountListResponse = z.infer<typeof ledgerAccountListResponseSchema>;

export const trialBalanceQuerySchema = z.object({
  /** Up to and including this Swedish calendar day; default everything booked. */
  to: isoDateText.optional(),
});
export type TrialBalanceQuery = z.input<typeof trialBalanceQuerySchema>;

export const trialBalanceRowSchema = z.object({
  account_code: z.string(),
  account_name: z.string(),
  type: accountTypeSchema,
  debit: amountText,
  credit: amountText,
  /** Debit − credit. */
  balance: amountText,
});

export const trialBalanceResponseSchema = z.object({
  to: z.string().nullable(),
  rows: z.array(trialBalanceRowSchema),
  total_debit: amountText,
  total_credit: amountText,
  /** Σ balance: always "0.00" — every journal balances. */
  total_balance: amountText,
  is_balanced: z.boolean(),
});
export type TrialBalanceResponse = z.infer<typeof trialBalanceResponseSchema>;

export const sieExportQuerySchema = z.object({
  /** The calendar year the file covers (räkenskapsår = kalenderår). */
  year: z.coerce.number({ error: 'Ange år som ÅÅÅÅ' }).int('Ange år som ÅÅÅÅ').min(2000, 'Ange år som ÅÅÅÅ').max(2100, 'Ange år som ÅÅÅÅ'),
});
export type SieExportQuery = z.input<typeof sieExportQuerySchema>;
