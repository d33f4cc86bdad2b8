import { z } from 'zod';
import type { LedgerAccountType } from '../ledger';
import { PAYMENT_PLAN_STATUSES, PAYMENT_STATUSES, RECONCILIATION_STATUSES } from '../cases';
import { addDays, compareIsoDates, parseIsoDate, startOfHalfYear, type IsoDate } from '../dates';
import { ERROR_MESSAGES } from '../errors';
import { kronor } from '../money';
import { PAYMENT_PLAN_DEFAULT_INSTALLMENTS, PAYMENT_PLAN_MAX_INSTALLMENTS, PAYMENT_PLAN_MIN_DAYS_AHEAD, PAYMENT_PLAN_MIN_INSTALLMENTS } from '../payment-plan';
import {
  basisPointsSchema,
  enumSchema,
  isoDateSchema,
  isoInstantSchema,
  jsonObjectSchema,
  nonNegativeOreSchema,
  optionalTextSchema,
  oreSchema,
  positiveOreAmountInput,
  ratePercentSchema,
  REQUIRED_FIELD_MESSAGE,
  requiredTextSchema,
  uuidSchema,
} from './shared';

/** A fee or account code: trimmed, upper case (LATE_FEE_450, REMINDER_60). */
const codeInput = requiredTextSchema(REQUIRED_FIELD_MESSAGE, 50).transform((code) => code.toUpperCase());

// ── fees ────────────────────────────────────────────────────────────────────────────────────

/** A fee catalogue entry (spec part 2 §3). amount is öre. */
export const feeCatalogueEntrySchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  code: z.string(),
  name: z.string().nullish(),
  amount: nonNegativeOreSchema,
  tax_code: z.string().nullable(),
  /** A changed amount is a new row from this date, so earlier cases keep what they were charged. */
  valid_from: isoDateSchema.nullish(),
  is_active: z.boolean(),
  created_at: isoInstantSchema.nullish(),
});

/**
 * A fee catalogue entry form: code required (upper-cased), amount > 0 in kronor → öre.
 * Statutory caps are the fees module's check.
 * @example feeCatalogueEntryInputSchema.parse({ code: 'reminder_60', amount: '60' }) // amount 6000
 */
export const feeCatalogueEntryInputSchema = z
  .object({
    code: codeInput,
    name: optionalTextSchema(200),
    amount: positiveOreAmountInput,
    tax_code: optionalTextSchema(20),
    valid_from: isoDateSchema.nullish().transform((value) => value ?? null),
    is_active: z.boolean().default(true),
  })
  .transform((entry) => ({ ...entry, name: entry.name ?? entry.code }));

/** A fee added to a case (case_fees; the spec records it as event fee_added with the code). amount is öre. */
export const caseFeeSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  case_id: uuidSchema,
  code: z.string(),
  amount: nonNegativeOreSchema,
  created_by: uuidSchema.nullish(),
  created_at: isoInstantSchema,
});

/**
 * Adding a catalogue fee to a case: the code names the catalogue entry.
 * @example caseFeeCreateInputSchema.parse({ code: 'LATE_FEE_450' })
 */
export const caseFeeCreateInputSchema = z.object({ code: codeInput });

export type FeeCatalogueEntryEntity = z.infer<typeof feeCatalogueEntrySchema>;
export type FeeCatalogueEntryInput = z.infer<typeof feeCatalogueEntryInputSchema>;
export type CaseFeeEntity = z.infer<typeof caseFeeSchema>;
export type CaseFeeCreateInput = z.infer<typeof caseFeeCreateInputSchema>;

// ── interest ────────────────────────────────────────────────────────────────────────────────

/** REFERENCE_RATE: Riksbank reference rate + margin_bp; fixed: fixed_rate_pa (spec part 2 §3). */
export const INTEREST_BASES = ['REFERENCE_RATE', 'fixed'] as const;
export const interestBaseSchema = enumSchema(INTEREST_BASES);

/**
 * An interest profile. margin_bp is basis points over the reference rate (800 = dröjsmålsränta,
 * räntelagen 6 §); fixed_rate_pa is percent per year as exact decimal text ("8.5").
 */
export const interestProfileSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  code: z.string(),
  name: z.string().nullish(),
  base: interestBaseSchema,
  margin_bp: basisPointsSchema.nullable(),
  fixed_rate_pa: ratePercentSchema.nullable(),
  valid_from: isoDateSchema.nullable(),
  valid_to: isoDateSchema.nullable(),
  is_active: z.boolean().nullish(),
});

/**
 * An interest profile form: REFERENCE_RATE needs margin_bp, fixed needs fixed_rate_pa, and
 * valid_to may not precede valid_from ('Ogiltig ränteprofil').
 * @example interestProfileInputSchema.parse({ code: 'DROJSMAL', base: 'REFERENCE_RATE', margin_bp: 800 })
 */
export const interestProfileInputSchema = z
  .object({
    code: codeInput,
    base: interestBaseSchema,
    margin_bp: basisPointsSchema.nullish().transform((value) => value ?? null),
    fixed_rate_pa: ratePercentSchema.nullish().transform((value) => value ?? null),
    valid_from: isoDateSchema.nullish().transform((value) => value ?? null),
    valid_to: isoDateSchema.nullish().transform((value) => value ?? null),
  })
  .superRefine((profile, context) => {
    if (profile.base === 'REFERENCE_RATE' && profile.margin_bp === null) {
      context.addIssue({ code: 'custom', message: REQUIRED_FIELD_MESSAGE, path: ['margin_bp'] });
    }
    if (profile.base === 'fixed' && profile.fixed_rate_pa === null) {
      context.addIssue({ code: 'custom', message: REQUIRED_FIELD_MESSAGE, path: ['fixed_rate_pa'] });
    }
    if (profile.valid_from && profile.valid_to && compareIsoDates(profile.valid_to, profile.valid_from) < 0) {
      context.addIssue({ code: 'custom', message: ERROR_MESSAGES.INVALID_INTEREST_PROFILE, path: ['valid_to'] });
    }
  });

/** Riksbank reference rate for one half-year (räntelagen 9 §); global, not per organisation. */
export const referenceRateSchema = z.object({
  id: uuidSchema.nullish(),
  /** First day of the half-year: YYYY-01-01 or YYYY-07-01. */
  valid_from: isoDateSchema.refine((date) => startOfHalfYear(date) === date, { error: 'Referensräntan gäller från 1 januari eller 1 juli' }),
  rate_bp: basisPointsSchema,
  verified: z.boolean(),
});

export type InterestProfileEntity = z.infer<typeof interestProfileSchema>;
export type InterestProfileInput = z.infer<typeof interestProfileInputSchema>;
export type ReferenceRateEntity = z.infer<typeof referenceRateSchema>;

// ── payments ────────────────────────────────────────────────────────────────────────────────

/** Staff payment methods (spec part 2 §9). */
export const PAYMENT_METHODS = ['manual', 'bankgiro', 'swish', 'card'] as const;
/** Stored methods: the staff ones plus bank_transfer for camt.053, LB and CSV lines. */
export const STORED_PAYMENT_METHODS = [...PAYMENT_METHODS, 'bank_transfer'] as const;
export type PaymentMethod = (typeof STORED_PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  manual: 'Manuell',
  bankgiro: 'Bankgiro',
  swish: 'Swish',
  card: 'Kort',
  bank_transfer: 'Banköverföring',
};

export const paymentMethodSchema = enumSchema(PAYMENT_METHODS);
export const storedPaymentMethodSchema = enumSchema(STORED_PAYMENT_METHODS);
export const paymentStatusSchema = enumSchema(PAYMENT_STATUSES);

/** An incoming payment. amount is öre; paid_at is the payment date (YYYY-MM-DD). */
export const paymentSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  method: storedPaymentMethodSchema,
  amount: nonNegativeOreSchema,
  ocr: z.string().nullable(),
  reference: z.string().nullish(),
  message: z.string().nullable(),
  paid_at: isoDateSchema,
  status: paymentStatusSchema,
  bank_statement_id: uuidSchema.nullish(),
  /** The bank's transaction identity of an imported line: the idempotency key of an import. */
  transaction_id: z.string().nullish(),
  payer_name: z.string().nullish(),
  /** Öre still to allocate; equals amount on registration. */
  unallocated_amount: nonNegativeOreSchema.nullish(),
  created_by: uuidSchema.nullish(),
  created_at: isoInstantSchema.nullish(),
  updated_at: isoInstantSchema.nullish(),
});

/**
 * The new-payment dialog (part 2 §5) for a given `today`: amount required and > 0 (kronor with
 * at most 2 decimals → öre), paid date defaults to today and cannot be later. The client may
 * send its own id, the idempotency key of a manual payment.
 * @example makePaymentCreateInputSchema('2026-11-22').parse({ method: 'manual', amount: '2000' }) // paid_at '2026-11-22'
 */
export function makePaymentCreateInputSchema(today: IsoDate) {
  parseIsoDate(today);
  return z.object({
    id: uuidSchema.optional(),
    method: paymentMethodSchema.default('manual'),
    amount: positiveOreAmountInput,
    ocr: optionalTextSchema(25),
    message: optionalTextSchema(500),
    paid_at: isoDateSchema.refine((paidAt) => compareIsoDates(paidAt, today) <= 0, { error: ERROR_MESSAGES.PAID_DATE_IN_FUTURE }).default(today),
  });
}

/** A part of a payment settled on a case. amount is öre; sequence_no counts from 1 per payment. */
export const paymentAllocationSchema = z.object({
  id: uuidSchema.nullish(),
  org_id: uuidSchema,
  payment_id: uuidSchema,
  case_id: uuidSchema,
  amount: nonNegativeOreSchema,
  /** The split of amount (öre): principal + interest + fees = amount. */
  principal_amount: nonNegativeOreSchema.nullish(),
  interest_amount: nonNegativeOreSchema.nullish(),
  fees_amount: nonNegativeOreSchema.nullish(),
  sequence_no: z.int().min(1),
  created_at: isoInstantSchema.nullish(),
});

/**
 * The match dialog: a payment, a case and the amount (> 0) to settle; the cap at the case's
 * outstanding is the allocation module's check ('Betalning överstiger utestående belopp').
 * @example paymentAllocationInputSchema.parse({ payment_id, case_id, amount: '2000.00' })
 */
export const paymentAllocationInputSchema = z.object({
  payment_id: uuidSchema,
  case_id: uuidSchema,
  amount: positiveOreAmountInput,
});

/** Portal payment methods (part 2 §5): swish (default) or card. */
export const PORTAL_PAYMENT_METHODS = ['swish', 'card'] as const;

/** The smallest portal payment: 1 kr (part 2 §9). */
export const PORTAL_MIN_PAYMENT_ORE = kronor(1);

/**
 * The portal pay dialog (part 2 §5): amount > 0 and at least 1 kr ('Lägsta belopp är 1 kr').
 * @example portalPayIntentInputSchema.parse({ amount: 613 }) // { method: 'swish', amount: 61300 }
 */
export const portalPayIntentInputSchema = z.object({
  method: enumSchema(PORTAL_PAYMENT_METHODS).default('swish'),
  amount: positiveOreAmountInput.refine((amountOre) => amountOre >= PORTAL_MIN_PAYMENT_ORE, { error: ERROR_MESSAGES.AMOUNT_BELOW_MINIMUM }),
});

export type PaymentEntity = z.infer<typeof paymentSchema>;
export type PaymentCreateInput = z.infer<ReturnType<typeof makePaymentCreateInputSchema>>;
export type PaymentAllocationEntity = z.infer<typeof paymentAllocationSchema>;
export type PaymentAllocationInput = z.infer<typeof paymentAllocationInputSchema>;
export type PortalPayIntentInput = z.infer<typeof portalPayIntentInputSchema>;

// ── ledger ──────────────────────────────────────────────────────────────────────────────────

const GL_ACCOUNT_TYPE_VALUES = ['asset', 'liability', 'equity', 'income', 'expense'] as const satisfies readonly LedgerAccountType[];

/** Account types (spec part 2 §3); they decide the sign of a balance (ledger module). */
export const glAccountTypeSchema = enumSchema(GL_ACCOUNT_TYPE_VALUES);

export const glAccountSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  code: z.string(),
  name: z.string(),
  type: glAccountTypeSchema,
  is_active: z.boolean(),
  created_at: isoInstantSchema.nullish(),
});

/** Journal statuses: the spec writes posted; a reversed journal stays, its reversal is a new one. */
export const GL_JOURNAL_STATUSES = ['draft', 'posted', 'reversed'] as const;

/**
 * A journal (verifikation). Journals are never edited: a correction is a new (reversing)
 * journal; meta_json carries e.g. the case id and the allocation.
 */
export const glJournalSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  source: z.string(),
  source_ref: z.string().nullable(),
  status: enumSchema(GL_JOURNAL_STATUSES),
  booked_at: isoInstantSchema,
  meta_json: jsonObjectSchema.nullable(),
  created_at: isoInstantSchema.nullish(),
});

/** One line of a journal: debit or credit in öre, exactly one of them above zero. */
export const glEntrySchema = z
  .object({
    id: uuidSchema.nullish(),
    org_id: uuidSchema.nullish(),
    journal_id: uuidSchema,
    account_id: uuidSchema,
    debit: nonNegativeOreSchema,
    credit: nonNegativeOreSchema,
    case_id: uuidSchema.nullable(),
    creditor_id: uuidSchema.nullable(),
    created_at: isoInstantSchema.nullish(),
  })
  .refine((entry) => entry.debit > 0 !== entry.credit > 0, { error: ERROR_MESSAGES.UNBALANCED_JOURNAL, path: ['debit'] });

export type GlAccountEntity = z.infer<typeof glAccountSchema>;
export type GlJournalEntity = z.infer<typeof glJournalSchema>;
export type GlEntryEntity = z.infer<typeof glEntrySchema>;

// ── bank ────────────────────────────────────────────────────────────────────────────────────

/** Bank account types (spec part 2 §3). Client funds belong to the creditors and are kept apart. */
export const BANK_ACCOUNT_TYPES = ['client_funds', 'operating'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

export const BANK_ACCOUNT_TYPE_LABELS: Readonly<Record<BankAccountType, string>> = {
  client_funds: 'Klientmedelskonto',
  operating: 'Driftkonto',
};

export const bankAccountTypeSchema = enumSchema(BANK_ACCOUNT_TYPES);

export const bankAccountSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  account_name: z.string(),
  type: bankAccountTypeSchema,
  iban: z.string().nullable(),
  bg_number: z.string().nullable(),
  provider: z.string().nullable(),
  is_active: z.boolean(),
  created_at: isoInstantSchema.nullish(),
  updated_at: isoInstantSchema.nullish(),
});

/**
 * A bank account form: the name is required; IBAN, bankgiro number and provider optional
 * (their checksums are the identifiers module's job).
 * @example bankAccountInputSchema.parse({ account_name: 'Klientmedel', type: 'client_funds', bg_number: '5050-1055' })
 */
export const bankAccountInputSchema = z.object({
  account_name: requiredTextSchema(REQUIRED_FIELD_MESSAGE, 200),
  type: bankAccountTypeSchema,
  iban: optionalTextSchema(34).transform((iban) => (iban ? iban.replace(/\s/g, '').toUpperCase() : null)),
  bg_number: optionalTextSchema(20),
  provider: optionalTextSchema(100),
  is_active: z.boolean().default(true),
});

/** Bank file formats (spec part 2 §9). */
export const BANK_FILE_FORMATS = ['bgmax', 'lb', 'camt053', 'camt054', 'csv'] as const;
export const bankFileFormatSchema = enumSchema(BANK_FILE_FORMATS);
export const reconciliationStatusSchema = enumSchema(RECONCILIATION_STATUSES);

/** An imported bank statement; totals and balances are öre. */
export const bankStatementSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  /** The spec's "account". */
  bank_account_id: uuidSchema.nullable(),
  statement_date: isoDateSchema,
  file_format: bankFileFormatSchema,
  file_name: z.string().nullish(),
  /** SHA-256 of the file: the same file is never imported twice. */
  file_checksum: z.string().nullish(),
  reconciliation_status: reconciliationStatusSchema,
  total_debits: nonNegativeOreSchema,
  total_credits: nonNegativeOreSchema,
  opening_balance: oreSchema.nullish(),
  closing_balance: oreSchema.nullish(),
  created_at: isoInstantSchema.nullish(),
});

export type BankAccountEntity = z.infer<typeof bankAccountSchema>;
export type BankAccountInput = z.infer<typeof bankAccountInputSchema>;
export type BankStatementEntity = z.infer<typeof bankStatementSchema>;

// ── payment plans ───────────────────────────────────────────────────────────────────────────

export const paymentPlanStatusSchema = enumSchema(PAYMENT_PLAN_STATUSES);

const decimalAmountText = z.string().regex(/^-?\d+\.\d{2}$/, ERROR_MESSAGES.INVALID_AMOUNT);

/**
 * One instalment in plan_json. The payment-plan module writes amounts as decimal text
 * ("2040.00", `paymentPlanToJson`) while the store types them as öre: both are accepted until
 * the two agree (see the helper report).
 */
export const paymentPlanScheduleItemSchema = z.object({ due_date: isoDateSchema, amount: z.union([decimalAmountText, nonNegativeOreSchema]) });

/** plan_json: the schedule, plus whatever else the payment-plan module stores. */
export const paymentPlanRowJsonSchema = z.looseObject({
  schedule: z.array(paymentPlanScheduleItemSchema).min(1),
});

/** A payment plan; setup_fee is öre. */
export const paymentPlanSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  case_id: uuidSchema,
  party_id: uuidSchema.nullish(),
  status: paymentPlanStatusSchema,
  installments: z.int().min(1).nullish(),
  first_due_date: isoDateSchema.nullish(),
  plan_json: paymentPlanRowJsonSchema,
  setup_fee: nonNegativeOreSchema,
  /** Outstanding + setup fee, öre. */
  total_amount: nonNegativeOreSchema.nullish(),
  /** When the debtor signed with BankID. */
  signed_at: isoInstantSchema.nullish(),
  created_at: isoInstantSchema.nullish(),
});

/**
 * The portal plan wizard's first step for a given `today` (part 2 §5): 2–12 instalments
 * (default 6) and a first due date at least 7 days ahead.
 * @example makePaymentPlanPreviewInputSchema('2026-11-22').parse({ first_due_date: '2026-11-29' }) // installments 6
 */
export function makePaymentPlanPreviewInputSchema(today: IsoDate) {
  const earliest = addDays(today, PAYMENT_PLAN_MIN_DAYS_AHEAD);
  return z.object({
    installments: z
      .int({ error: ERROR_MESSAGES.INVALID_INSTALLMENTS })
      .min(PAYMENT_PLAN_MIN_INSTALLMENTS, ERROR_MESSAGES.INVALID_INSTALLMENTS)
      .max(PAYMENT_PLAN_MAX_INSTALLMENTS, ERROR_MESSAGES.INVALID_INSTALLMENTS)
      .default(PAYMENT_PLAN_DEFAULT_INSTALLMENTS),
    first_due_date: isoDateSchema.refine((date) => compareIsoDates(date, earliest) >= 0, { error: ERROR_MESSAGES.FIRST_DUE_DATE_TOO_EARLY }),
  });
}

export type PaymentPlanScheduleItem = z.infer<typeof paymentPlanScheduleItemSchema>;
export type PaymentPlanEntity = z.infer<typeof paymentPlanSchema>;
export type PaymentPlanPreviewInput = z.infer<ReturnType<typeof makePaymentPlanPreviewInputSchema>>;

// ── distribution rules ──────────────────────────────────────────────────────────────────────

/**
 * A distribution rule (fördelningsregel): how new cases are distributed to handlers. The spec
 * names the table only (system validation counts it); the rule itself is a named JSON
 * configuration until a feature gives it structure.
 */
export const distributionRuleSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  code: z.string(),
  name: z.string(),
  config_json: jsonObjectSchema.nullable(),
  is_active: z.boolean(),
  created_at: isoInstantSchema.nullish(),
  updated_at: isoInstantSchema.nullish(),
});

/**
 * A distribution rule form: code (upper-cased) and name required.
 * @example distributionRuleInputSchema.parse({ code: 'round_robin', name: 'Turordning' })
 */
export const distributionRuleInputSchema = z.object({
  code: codeInput,
  name: requiredTextSchema(REQUIRED_FIELD_MESSAGE, 200),
  config_json: jsonObjectSchema.default({}),
  is_active: z.boolean().default(true),
});

export type DistributionRuleEntity = z.infer<typeof distributionRuleSchema>;
export type DistributionRuleInput = z.infer<typeof distributionRuleInputSchema>;
