import { INTEREST_BASES, oreToDecimal } from '@fordran/core';
import { z } from './zod-setup';
import { configCodeSchema, idSchema, nullableTextSchema } from './common';
import { halfYearStartSchema, isoDateSchema, positiveOreAmountInput } from './values';

/*
 * The Ekonomi page (spec part 2 §2, §3, §9): the fee catalogue, interest profiles with the
 * organisation's default for new cases, and the global Riksbank reference-rate table.
 * Amounts leave as decimal strings ("180.00") and arrive as a number or a string with at most
 * two decimals; rates are never floats (fixed_rate_pa is decimal text, margins basis points).
 */

const nameSchema = z.string({ error: 'Namn krävs' }).trim().min(1, 'Namn krävs').max(200, 'Namnet får vara högst 200 tecken');
const taxCodeSchema = nullableTextSchema(20, 'Skattekoden får vara högst 20 tecken').transform((code) => (code ? code.toUpperCase() : null));
const activeSchema = z.boolean({ error: 'Ange ja eller nej' });
const dateSchema = isoDateSchema.meta({ description: 'YYYY-MM-DD' });

// ── fee catalogue ───────────────────────────────────────────────────────────────────────────

/**
 * A fee amount as sent (number or text with at most two decimals, above 0), normalised to the
 * JSON decimal form "150.00". Parsing it again gives the same value, so the API's validation and
 * the use case's own parse agree; the use case reads öre from it with decimalToOre.
 */
const feeAmountSchema = positiveOreAmountInput.transform(oreToDecimal);

export const feeCreateSchema = z.object({
  code: configCodeSchema,
  name: nameSchema,
  amount: feeAmountSchema,
  tax_code: taxCodeSchema,
  /** Default: today. */
  valid_from: dateSchema.optional(),
  is_active: activeSchema.default(true),
});
export type FeeCreateInput = z.input<typeof feeCreateSchema>;

/**
 * An edit of one catalogue row. name, tax_code and is_active change in place (is_active for every
 * version of the code); a new amount is a NEW row valid from valid_from (default today), so cases
 * keep what they were charged.
 */
export const feeUpdateSchema = z
  .object({
    name: nameSchema,
    tax_code: taxCodeSchema,
    is_active: activeSchema,
    amount: feeAmountSchema,
    valid_from: dateSchema,
  })
  .partial()
  .refine((input) => input.valid_from === undefined || input.amount !== undefined, {
    error: 'Giltig från anges bara med ett nytt belopp (en ny version av avgiften)',
    path: ['valid_from'],
  });
export type FeeUpdateInput = z.input<typeof feeUpdateSchema>;

/** Where a row stands today: the one charged now, a later amount, an earlier one, or switched off. */
export const FEE_STATES = ['in_force', 'scheduled', 'superseded', 'inactive'] as const;

export const feeResponseSchema = z.object({
  id: z.string(),
  org_id: z.string(),
  code: z.string(),
  name: z.string(),
  /** Decimal string, "180.00". */
  amount: z.string(),
  tax_code: z.string().nullable(),
  /** What the tax code means ('Momsfri' for EXEMPT); an organisation's own code as typed. */
  tax_code_label: z.string().nullable(),
  valid_from: z.string(),
  is_active: z.boolean(),
  state: z.enum(FEE_STATES),
  /** The statutory maximum of the code (lag 1981:739), or null when the law caps no such fee. */
  statutory_max: z.string().nullable(),
  created_at: z.string(),
});
export type FeeResponse = z.infer<typeof feeResponseSchema>;

export const feeListResponseSchema = z.object({
  /** Every version: by code, newest valid_from first. */
  items: z.array(feeResponseSchema),
  /** The date `state` was judged on (Swedish calendar day). */
  today: z.string(),
});
export type FeeListResponse = z.infer<typeof feeListResponseSchema>;

// ── interest profiles ───────────────────────────────────────────────────────────────────────

export const interestBaseSchema = z.enum(INTEREST_BASES, { error: 'Välj bas: REFERENCE_RATE (referensränta + marginal) eller fixed (fast ränta)' });

const MARGIN_MESSAGE = 'Marginalen anges i hela baspunkter (800 = 8 procentenheter), mellan -10000 och 10000';
const marginSchema = z.int({ error: MARGIN_MESSAGE }).min(-10_000, MARGIN_MESSAGE).max(10_000, MARGIN_MESSAGE);

const FIXED_RATE_MESSAGE = 'Ange den fasta räntan i procent per år, 0–100 med högst fyra decimaler, t.ex. 8.50';
/** Percent per year as decimal text with a dot ("8.5"); never a float. */
const fixedRateSchema = z
  .union([z.number(), z.string().trim()], { error: FIXED_RATE_MESSAGE })
  .transform((rate) => String(rate).replace(',', '.'))
  .refine((rate) => /^(?:100(?:\.0{1,4})?|\d{1,2}(?:\.\d{1,4})?)$/.test(rate), { error: FIXED_RATE_MESSAGE })
  .meta({ description: 'Procent per år som decimaltext, t.ex. "8.50"' });

const profileFields = {
  code: configCodeSchema,
  name: nullableTextSchema(200, 'Namnet får vara högst 200 tecken'),
  base: interestBaseSchema,
  margin_bp: marginSchema.nullish(),
  fixed_rate_pa: fixedRateSchema.nullish(),
  valid_from: dateSchema.nullish(),
  valid_to: dateSchema.nullish(),
};

export const interestProfileCreateSchema = z.object(profileFields);
export type InterestProfileCreateInput = z.input<typeof interestProfileCreateSchema>;

/** An edit; the code is fixed once created. */
export const interestProfileUpdateSchema = z
  .object({ ...profileFields, is_active: activeSchema })
  .omit({ code: true })
  .partial();
export type InterestProfileUpdateInput = z.input<typeof interestProfileUpdateSchema>;

export const defaultInterestProfileSchema = z.object({ interest_profile_id: idSchema });
export type DefaultInterestProfileInput = z.input<typeof defaultInterestProfileSchema>;

export const interestProfileResponseSchema = z.object({
  id: z.string(),
  org_id: z.string(),
  code: z.string(),
  name: z.string().nullable(),
  base: interestBaseSchema,
  /** Basis points over the reference rate; null for a fixed rate. */
  margin_bp: z.number().int().nullable(),
  /** Percent per year as decimal text; null for REFERENCE_RATE. */
  fixed_rate_pa: z.string().nullable(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  is_active: z.boolean(),
  /** The organisation's profile for new cases. */
  is_default: z.boolean(),
  /** 'Referensränta + 8 %' or '8,5 % per år' (spec part 2 §9). */
  rate_display: z.string(),
  /** Cases use it: its rate can no longer change (create a new profile instead). */
  in_use: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InterestProfileResponse = z.infer<typeof interestProfileResponseSchema>;

export const interestProfileListResponseSchema = z.object({
  /** Ordered by code (spec part 2 §7). */
  items: z.array(interestProfileResponseSchema),
  default_interest_profile_id: z.string().nullable(),
});
export type InterestProfileListResponse = z.infer<typeof interestProfileListResponseSchema>;

// ── reference rates (global) ────────────────────────────────────────────────────────────────

export const referenceRateSetSchema = z.object({
  /** YYYY-01-01 or YYYY-07-01 ('Referensräntan gäller från 1 januari eller 1 juli'). */
  valid_from: halfYearStartSchema,
  /** Percent with at most two decimals ("2.25", "-0.50"); read by core into basis points. */
  rate: z.union([z.string(), z.number()], { error: 'Ange referensräntan i procent, t.ex. 2.25' }).transform(String),
  verified: z.boolean().default(false),
});
export type ReferenceRateSetInput = z.input<typeof referenceRateSetSchema>;

export const referenceRateResponseSchema = z.object({
  /** First day of the half-year. */
  valid_from: z.string(),
  /** Last day of the half-year. */
  valid_to: z.string(),
  /** Percent, decimal text with two decimals ("2.25"). */
  rate: z.string(),
  rate_bp: z.number().int(),
  /** Dröjsmålsränta of the half-year: reference + 8 points, never below 0 (räntelagen 6 §). */
  legal_interest_rate: z.string(),
  verified: z.boolean(),
  updated_at: z.string(),
});
export type ReferenceRateResponse = z.infer<typeof referenceRateResponseSchema>;

export const referenceRateListResponseSchema = z.object({
  /** Newest half-year first. */
  items: z.array(referenceRateResponseSchema),
  /** The half-year today falls in, and whether its rate is on record. */
  current_half_year: z.string(),
  current_missing: z.boolean(),
});
export type ReferenceRateListResponse = z.infer<typeof referenceRateListResponseSchema>;
