import {
  BANK_FILE_FORMATS,
  BANK_IMPORT_FORMATS,
  CASE_STAGES,
  CASE_STATUSES,
  compareIsoDates,
  ERROR_MESSAGES,
  parseIsoDate,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  RECONCILIATION_STATUSES,
  STORED_PAYMENT_METHODS,
  type IsoDate,
} from '@fordran/core';
import { auditEntryResponseSchema } from './audit';
import { actionReasonSchema, dayRangeInOrder, dayRangeQueryShape, nullableTextSchema } from './common';
import { ledgerJournalSchema } from './ledger';
import { z } from './zod-setup';
import { enumSchema, isoDateSchema, positiveOreAmountInput, uuidSchema } from './values';

/*
 * Incoming payments (Inbetalningar), spec part 2 §2–§5, §7, and the HTTP contract of issue 5.
 * Amounts leave as decimal strings ("2000.00") and arrive as a number or a string with at most
 * two decimals (parsed by core into öre).
 */

/** What a person registers; imports also store bank_transfer (camt.053, camt.054, CSV). */
const methodSchema = z.enum(PAYMENT_METHODS, { error: `Betalsätt måste vara ett av ${PAYMENT_METHODS.join(', ')}` });
const storedMethodSchema = z.enum(STORED_PAYMENT_METHODS, { error: `Betalsätt måste vara ett av ${STORED_PAYMENT_METHODS.join(', ')}` });
const statusSchema = z.enum(PAYMENT_STATUSES, { error: `Status måste vara en av ${PAYMENT_STATUSES.join(', ')}` });
const amountText = z.string().describe('Belopp i kronor med två decimaler, t.ex. "2000.00"');
const amountInput = z.union([z.number(), z.string()], { error: ERROR_MESSAGES.REQUIRED_FIELDS_MISSING }).describe('Belopp i kronor, högst två decimaler');
const isoDateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Ange datum som ÅÅÅÅ-MM-DD');
const optionalText = (max: number) => z.string().trim().max(max, `Högst ${max} tecken`).nullish();

// ── list and read ───────────────────────────────────────────────────────────────────────────

/** Sort columns of the payment list: the payment date (then registration time) or the amount. */
export const PAYMENT_SORTS = ['paid_at', 'amount'] as const;

export const paymentListQuerySchema = z
  .object({
    status: statusSchema.optional(),
    method: storedMethodSchema.optional(),
    /** OCR, reference, message or payer name. */
    query: z.string().trim().max(100, 'Söktexten får vara högst 100 tecken').optional(),
    bank_statement_id: z.string().max(100).optional(),
    /** Paid from and to these days (the payment date). */
    ...dayRangeQueryShape,
    sort: z.enum(PAYMENT_SORTS, { error: `Sortera på ${PAYMENT_SORTS.join(' eller ')}` }).default('paid_at'),
    order: z.enum(['asc', 'desc'], { error: 'Ordning måste vara asc eller desc' }).default('desc'),
    limit: z.coerce.number({ error: 'Ogiltig gräns' }).int('Ogiltig gräns').min(1, 'Ogiltig gräns').max(200, 'Högst 200 rader per anrop').default(50),
    offset: z.coerce.number({ error: 'Ogiltig förskjutning' }).int('Ogiltig förskjutning').min(0, 'Ogiltig förskjutning').default(0),
  })
  .refine(...dayRangeInOrder);
export type PaymentListQuery = z.input<typeof paymentListQuerySchema>;

export const paymentAllocationResponseSchema = z.object({
  id: z.string(),
  case_id: z.string(),
  /** The claim reference of the case. */
  reference_no: z.string(),
  sequence_no: z.number().int(),
  amount: amountText,
  principal: amountText,
  interest: amountText,
  fees: amountText,
  created_at: z.string(),
});

export const paymentResponseSchema = z.object({
  id: z.string(),
  method: storedMethodSchema,
  amount: amountText,
  /** What is not yet allocated to a case. */
  unallocated_amount: amountText,
  ocr: z.string().nullable(),
  reference: z.string().nullable(),
  message: z.string().nullable(),
  payer_name: z.string().nullable(),
  paid_at: z.string(),
  status: statusSchema,
  bank_statement_id: z.string().nullable(),
  transaction_id: z.string().nullable(),
  /** held or duplicate: the payment already booked that this one may be (or is) the same transaction as. */
  duplicate_of_payment_id: z.string().nullable(),
  created_at: z.string(),
  allocations: z.array(paymentAllocationResponseSchema),
});
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

// ── held for review ─────────────────────────────────────────────────────────────────────────

const statementRefSchema = z.object({ id: z.string(), file_name: z.string(), file_format: z.string(), statement_date: z.string() });

/** A held payment beside the payment it may repeat, each with the bank file it came from. */
export const heldPaymentReviewSchema = z.object({
  payment: paymentResponseSchema,
  payment_file: statementRefSchema.nullable(),
  original: paymentResponseSchema,
  original_file: statementRefSchema.nullable(),
});
export type HeldPaymentReview = z.infer<typeof heldPaymentReviewSchema>;

/** 'Granska dubblett': the same transaction (duplicate) or another one (book), with a reason for the audit log. */
export const heldPaymentResolveSchema = z.object({
  decision: z.enum(['duplicate', 'book'], { error: 'Välj om betalningen är en dubblett eller ska bokföras' }),
  reason: actionReasonSchema('Ange varför betalningen bedöms så'),
});
export type HeldPaymentResolveInput = z.input<typeof heldPaymentResolveSchema>;

/** 'Återför inbetalningen': the bank took the money back; a reason for the audit log. */
export const paymentReverseSchema = z.object({
  reason: actionReasonSchema('Ange varför inbetalningen återförs'),
});
export type PaymentReverseInput = z.input<typeof paymentReverseSchema>;

export const paymentListResponseSchema = z.object({ items: z.array(paymentResponseSchema), total: z.number().int() });
export type PaymentListResponse = z.infer<typeof paymentListResponseSchema>;

/**
 * A payment's detail view: the payment, the cases it was allocated to, its ledger journals, the
 * bank statement and file line it was imported from, and its audit trail. Journals and the
 * statement are ledger data: null for a role without ledger.read.
 */
export const paymentDetailSchema = z.object({
  payment: paymentResponseSchema,
  /** The cases of the allocations, each once. */
  cases: z.array(
    z.object({
      id: z.string(),
      reference_no: z.string(),
      status: z.enum(CASE_STATUSES),
      stage: z.enum(CASE_STAGES),
      party_name: z.string(),
      creditor_name: z.string(),
      total_outstanding: amountText,
    }),
  ),
  /** The journals booking the payment (source_ref = the payment), oldest first; null without ledger.read. */
  journals: z.array(ledgerJournalSchema).nullable(),
  /** The statement (bank file) the payment was imported from; null for a registered payment or without ledger.read. */
  bank_statement: z
    .object({
      id: z.string(),
      file_name: z.string(),
      file_format: z.enum(BANK_FILE_FORMATS),
      statement_date: z.string(),
      account_name: z.string().nullable(),
      reconciliation_status: z.enum(RECONCILIATION_STATUSES),
      /** The payment's transaction in the stored file, read back; null when the file is missing or unreadable. */
      line: z
        .object({
          line: z.number().int(),
          amount: amountText,
          paid_at: z.string(),
          payer_name: z.string().nullable(),
          reference: z.string().nullable(),
        })
        .nullable(),
    })
    .nullable(),
  /** The payment's audit rows (and its file's import), oldest first. */
  audit: z.array(auditEntryResponseSchema),
});
export type PaymentDetailResponse = z.infer<typeof paymentDetailSchema>;

// ── register ────────────────────────────────────────────────────────────────────────────────

/**
 * 'Ny inbetalning' (part 2 §2, §5): method, amount (> 0, two decimals), OCR, message, paid date
 * (default today, not in the future). `idempotency_key` — a client-generated id — makes a
 * repeated submit return the payment already registered instead of a second one.
 */
export const paymentCreateSchema = z.object({
  method: methodSchema.default('manual'),
  amount: amountInput,
  ocr: optionalText(25),
  reference: optionalText(140),
  message: optionalText(500),
  payer_name: optionalText(200),
  paid_at: isoDateText.optional(),
  idempotency_key: z.string().trim().min(8, 'Ogiltig nyckel').max(100, 'Ogiltig nyckel').optional(),
});
export type PaymentCreateInput = z.input<typeof paymentCreateSchema>;

/**
 * The new-payment dialog for a given `today` (part 2 §5), as the use case reads it after
 * `paymentCreateSchema`: amount > 0 in öre, paid date defaults to today and cannot be later. The
 * client may send its own id, the idempotency key of a manual payment.
 * @example makePaymentCreateInputSchema('2026-11-22').parse({ method: 'manual', amount: '2000' }) // paid_at '2026-11-22'
 */
export function makePaymentCreateInputSchema(today: IsoDate) {
  parseIsoDate(today);
  return z.object({
    id: uuidSchema.optional(),
    method: enumSchema(PAYMENT_METHODS).default('manual'),
    amount: positiveOreAmountInput,
    ocr: nullableTextSchema(25, ERROR_MESSAGES.TEXT_TOO_LONG),
    message: nullableTextSchema(500, ERROR_MESSAGES.TEXT_TOO_LONG),
    paid_at: isoDateSchema.refine((paidAt) => compareIsoDates(paidAt, today) <= 0, { error: ERROR_MESSAGES.PAID_DATE_IN_FUTURE }).default(today),
  });
}

// ── match and allocate ──────────────────────────────────────────────────────────────────────

export const paymentCandidateSchema = z.object({
  case_id: z.string(),
  reference_no: z.string(),
  creditor_name: z.string(),
  party_name: z.string(),
  status: z.string(),
  total_outstanding: amountText,
  /** case_id, ocr, message_reference, claim_reference, amount — strongest first. */
  reasons: z.array(z.string()),
  score: z.number().int(),
});
export const paymentCandidatesResponseSchema = z.object({ candidates: z.array(paymentCandidateSchema) });
export type PaymentCandidatesResponse = z.infer<typeof paymentCandidatesResponseSchema>;

export const paymentAllocateSchema = z.object({
  case_id: z.string({ error: 'Välj ett ärende' }).min(1, 'Välj ett ärende'),
  /** Default: what is unallocated of the payment. Never above the case's outstanding amount. */
  amount: amountInput.optional(),
});
export type PaymentAllocateInput = z.input<typeof paymentAllocateSchema>;

export const paymentAllocateResponseSchema = z.object({
  payment: paymentResponseSchema,
  allocation: paymentAllocationResponseSchema,
  /** The case after the allocation: its new amount_paid_total, total_outstanding and status. */
  case: z.object({
    id: z.string(),
    status: z.string(),
    amount_paid_total: amountText,
    total_outstanding: amountText,
    /** True when this payment settled the case and closed it (reason paid). */
    closed: z.boolean(),
    follow_ups: z.array(z.string()),
  }),
});
export type PaymentAllocateResponse = z.infer<typeof paymentAllocateResponseSchema>;

// ── bank-file import ────────────────────────────────────────────────────────────────────────

export const bankImportFormatSchema = z.enum(BANK_IMPORT_FORMATS, { error: 'Format måste vara bgmax, camt053, camt054 eller csv' });

export const importErrorSchema = z.object({
  line: z.number().int().nullable(),
  code: z.string(),
  message: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  /** BANK_FILE_CURRENCY: the amount as the file states it, in `currency` (never kronor unless SEK). */
  amount: z.string().optional(),
  currency: z.string().optional(),
  /** BANK_FILE_REVERSAL: the booked payment the reversal takes back, when it was found. */
  payment_id: z.string().optional(),
});

/**
 * The import summary (issue 5; `fordran import payments --json` prints the same): what the file
 * held and what was booked. A repeated file or transaction books nothing and counts as duplicate.
 */
export const importSummarySchema = z.object({
  format: bankImportFormatSchema,
  file_name: z.string(),
  /** Payment records in the file. */
  payments: z.number().int(),
  /** Σ of those payments, kronor. */
  total_amount: amountText,
  /** Payments matched to one case by case id, OCR or message reference. */
  matched: z.number().int(),
  /** Fully allocated on import. */
  allocated: z.number().int(),
  /** Allocated with a remainder kept on the payment (over-payment). */
  partially_allocated: z.number().int(),
  /** Booked as unallocated (2990) for a person to match. */
  unmatched: z.number().int(),
  /** Skipped: the same bank transaction is already booked (this file or another). */
  duplicates: z.number().int(),
  /** Possibly a transaction already booked from another file (no bank reference tells them apart): held, unbooked, for a person to decide. */
  held: z.number().int(),
  /** Amounts in another currency than SEK: not booked, not in total_amount, each in errors (BANK_FILE_CURRENCY). */
  foreign: z.number().int(),
  errors: z.array(importErrorSchema),
  /** The bank statement the file was recorded as; null for a dry run or a repeated file. */
  statement_id: z.string().nullable(),
  /** True when the whole file had been imported before (nothing booked). */
  duplicate_file: z.boolean(),
  dry_run: z.boolean(),
  /** The statement after reconciliation against the bookings (null for a dry run). */
  reconciliation_status: z.enum(['pending', 'reconciled', 'mismatch']).nullable(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** `POST …/payments/import` of a large file (202): the queued job, whose result is the summary. */
export const importJobResponseSchema = z.object({ job_id: z.string(), status: z.literal('pending') });
export type ImportJobResponse = z.infer<typeof importJobResponseSchema>;
