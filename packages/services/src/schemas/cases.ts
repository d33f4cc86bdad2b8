import {
  CASE_SEGMENTS,
  CASE_SORTS,
  CASE_STAGES,
  CASE_STATUSES,
  compareIsoDates,
  INTEREST_BASES,
  PARTY_TYPES,
  RULE_SEVERITIES,
  ERROR_MESSAGES,
  MANDATE_TYPES,
  parseIsoDate,
  type IsoDate,
} from '@fordran/core';
import { z } from './zod-setup';
import { actionReasonSchema, nullableTextSchema } from './common';
import { casePrescriptionSchema } from './prescription';
import { enumSchema, isoDateSchema, positiveOreAmountInput, requiredTextSchema, uuidSchema } from './values';

/*
 * Cases (Ärenden), spec part 1 §2–§5 and part 2 §3, and the HTTP contract of issue 4. Amounts
 * leave as decimal strings with two decimals ("7950.00"); they arrive as a number or a string
 * with at most two decimals and are parsed by core (integer öre).
 */

const statusSchema = z.enum(CASE_STATUSES, { error: `Status måste vara en av ${CASE_STATUSES.join(', ')}` });
const stageSchema = z.enum(CASE_STAGES, { error: `Fas måste vara en av ${CASE_STAGES.join(', ')}` });
const isoDateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Ange datum som ÅÅÅÅ-MM-DD');
/** An amount in JSON output: kronor with two decimals. */
const amountText = z.string().describe('Belopp i kronor med två decimaler, t.ex. "7950.00"');

// ── list ────────────────────────────────────────────────────────────────────────────────────

export const caseListQuerySchema = z.object({
  /** Claim reference, OCR, the 8-character message reference, creditor or debtor name. */
  query: z.string().trim().max(100, 'Söktexten får vara högst 100 tecken').optional(),
  status: statusSchema.optional(),
  stage: stageSchema.optional(),
  creditor_id: z.string().max(100).optional(),
  party_id: z.string().max(100).optional(),
  /** The cases one member handles ('Mina ärenden'). */
  handler_id: z.string().max(100).optional(),
  /** Only cases with an unresolved rule flag. */
  flagged: z.enum(['true', 'false'], { error: 'flagged måste vara true eller false' }).optional(),
  segment: z.enum(CASE_SEGMENTS, { error: `Urvalet måste vara ett av ${CASE_SEGMENTS.join(', ')}` }).optional(),
  sort: z.enum(CASE_SORTS, { error: `Sortera på ${CASE_SORTS.join(', ')}` }).default('created_at'),
  order: z.enum(['asc', 'desc'], { error: 'Ordning måste vara asc eller desc' }).default('desc'),
  limit: z.coerce.number({ error: 'Ogiltig gräns' }).int('Ogiltig gräns').min(1, 'Ogiltig gräns').max(200, 'Högst 200 rader per anrop').default(50),
  offset: z.coerce.number({ error: 'Ogiltig förskjutning' }).int('Ogiltig förskjutning').min(0, 'Ogiltig förskjutning').default(0),
});
export type CaseListQuery = z.input<typeof caseListQuerySchema>;

const caseMoneyFields = {
  total_principal: amountText,
  total_interest: amountText,
  total_fees: amountText,
  amount_paid_total: amountText,
  /** = principal + interest + fees − paid. */
  total_outstanding: amountText,
};

/** One card of the case list. */
export const caseSummarySchema = z.object({
  id: z.string(),
  status: statusSchema,
  stage: stageSchema,
  reference_no: z.string(),
  due_date: z.string(),
  creditor: z.object({ id: z.string(), name: z.string() }),
  party: z.object({ id: z.string(), name: z.string(), type: z.enum(PARTY_TYPES) }),
  ...caseMoneyFields,
  ocr_reference: z.string().nullable(),
  /** Unresolved rule flags, by level. */
  open_flags: z.object({ block: z.number().int(), warning: z.number().int(), info: z.number().int() }),
  created_at: z.string(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;

export const caseListResponseSchema = z.object({ items: z.array(caseSummarySchema), total: z.number().int() });
export type CaseListResponse = z.infer<typeof caseListResponseSchema>;

// ── detail ──────────────────────────────────────────────────────────────────────────────────

export const caseFlagResponseSchema = z.object({
  id: z.string(),
  rule_code: z.string(),
  /** What the rule is about, in Swedish ('Preskriptionskontroll'): what the banner shows. */
  rule_label: z.string(),
  level: z.enum(RULE_SEVERITIES),
  message: z.string(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type CaseFlagResponse = z.infer<typeof caseFlagResponseSchema>;

export const caseFeeResponseSchema = z.object({
  id: z.string(),
  code: z.string(),
  /** The catalogue name of the code. */
  name: z.string(),
  amount: amountText,
  created_at: z.string(),
});
export type CaseFeeResponse = z.infer<typeof caseFeeResponseSchema>;

export const interestProfileSummarySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string().nullable(),
  base: z.enum(INTEREST_BASES),
  margin_bp: z.number().int().nullable(),
  fixed_rate_pa: z.string().nullable(),
  /** 'Referensränta + 8 %' or '8 % per år' (part 2 §9). */
  display: z.string(),
  /** True when the case has none of its own and uses the organisation's default. */
  is_default: z.boolean(),
});

const creditorRefSchema = z.object({ id: z.string(), name: z.string() });

export const caseDetailSchema = z.object({
  id: z.string(),
  org_id: z.string(),
  status: statusSchema,
  stage: stageSchema,
  ...caseMoneyFields,
  mandate_type: z.enum(MANDATE_TYPES),
  ocr_reference: z.string().nullable(),
  /** First 8 characters of the id in upper case: what a debtor writes on a payment. */
  message_reference: z.string(),
  /** Interest in total_interest is accrued up to and including this date. */
  interest_calculated_to: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
  claim: z.object({
    id: z.string(),
    reference_no: z.string(),
    principal_amount: amountText,
    due_date: z.string(),
    /** When the claim arose (preskriptionslag 2 §): prescription runs from here, not from the due date. */
    arose_on: z.string(),
    /** arose_on is an estimate (the UI says 'uppskattat'). */
    arose_on_estimated: z.boolean(),
    /** The claim's own prescription period in years; null = by debtor type. */
    prescription_years: z.number().int().nullable(),
    contract_type: z.string().nullable(),
    notes: z.string().nullable(),
    reminder_fee_agreed: z.boolean(),
  }),
  /** When the claim is time-barred and the interruption that set that date (docs/prescription.md). */
  prescription: casePrescriptionSchema,
  creditor: creditorRefSchema.extend({ org_no: z.string().nullable(), is_business: z.boolean() }),
  party: z.object({
    id: z.string(),
    type: z.enum(PARTY_TYPES),
    name: z.string(),
    national_id: z.string().nullable(),
    org_no: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  legal_creditor: creditorRefSchema.nullable(),
  agent_creditor: creditorRefSchema.nullable(),
  /** The member who handles the case; null = nobody yet. */
  handler: z.object({ id: z.string(), name: z.string() }).nullable(),
  interest_profile: interestProfileSummarySchema.nullable(),
  /** Unresolved flags, block first. */
  flags: z.array(caseFlagResponseSchema),
  fees: z.array(caseFeeResponseSchema),
  /** The active catalogue fees in force today that are not on the case yet (the add-fee dialog). */
  /** Every catalogue fee in force: whether it can be added now, and if not, why (law, rules, already added, closed case). */
  fee_options: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      amount: amountText,
      available: z.boolean(),
      unavailable_reason: z.string().nullable(),
      /** Above the statutory maximum: added only with `above_maximum_reason` (lag 1981:739 4 §). */
      requires_reason: z.boolean(),
    }),
  ),
  /** What the state machines allow from here (buttons offer only these). */
  allowed_statuses: z.array(statusSchema),
  allowed_stages: z.array(stageSchema),
  counts: z.object({ events: z.number().int(), communications: z.number().int(), kfm: z.number().int() }),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

// ── writes ──────────────────────────────────────────────────────────────────────────────────

const REQUIRED_FIELD_MESSAGE = ERROR_MESSAGES.REQUIRED_FIELDS_MISSING;
const requiredText = z.string({ error: REQUIRED_FIELD_MESSAGE });
const optionalId = z.string().nullish();

/**
 * The create-case wizard's body (part 1 §2, §5). Only the shape is checked here; the use case
 * parses it with `makeCaseCreateInputSchema(today)` for the spec's texts ('Alla
 * obligatoriska fält måste fyllas i', 'Belopp måste vara större än 0', 'Förfallodatum måste vara
 * i det förflutna') and the amount in öre.
 */
export const caseCreateSchema = z.object({
  creditor_id: requiredText,
  party_id: requiredText,
  reference_no: requiredText,
  principal_amount: z.union([z.number(), z.string()], { error: REQUIRED_FIELD_MESSAGE }).describe('Kapitalbelopp i kronor, högst två decimaler'),
  due_date: requiredText.describe('ÅÅÅÅ-MM-DD, inte senare än i dag'),
  /** Default: the due date, marked estimated. */
  arose_on: z.string().nullish().describe('Dagen fordran uppkom (fakturadatum), ÅÅÅÅ-MM-DD; preskriptionen räknas härifrån'),
  arose_on_estimated: z.boolean().optional().describe('Dagen är uppskattad'),
  contract_type: z.string().nullish(),
  notes: z.string().nullish(),
  mandate_type: z.enum(MANDATE_TYPES).optional(),
  legal_creditor_id: optionalId,
  agent_creditor_id: optionalId,
  /** Null: the organisation's default profile. */
  interest_profile_id: optionalId,
  /** Whether a påminnelseavgift was agreed when the debt arose (lag 1981:739 2 §). */
  reminder_fee_agreed: z.boolean().optional(),
});
export type CaseCreateBody = z.input<typeof caseCreateSchema>;

/**
 * The whole create-case wizard for a given `today` (part 1 §2, §5): creditor, debtor, reference
 * number, principal amount and due date required ('Alla obligatoriska fält måste fyllas i');
 * amount > 0 ('Belopp måste vara större än 0'); due date not after today ('Förfallodatum måste
 * vara i det förflutna'; a claim due today is accepted, as "must not be in the future" says).
 * mandate_type defaults to direct; an agent mandate needs agent_creditor_id. Throws INVALID_DATE
 * for a bad `today`.
 * @example makeCaseCreateInputSchema('2026-11-22').parse({ creditor_id, party_id, reference_no: 'F-1001', principal_amount: 7950, due_date: '2026-10-01' })
 */
export function makeCaseCreateInputSchema(today: IsoDate) {
  parseIsoDate(today);
  return z
    .object({
      creditor_id: uuidSchema,
      party_id: uuidSchema,
      reference_no: requiredTextSchema(100),
      principal_amount: positiveOreAmountInput,
      due_date: isoDateSchema.refine((dueDate) => compareIsoDates(dueDate, today) <= 0, { error: ERROR_MESSAGES.DUE_DATE_IN_FUTURE }),
      arose_on: isoDateSchema
        .refine((aroseOn) => compareIsoDates(aroseOn, today) <= 0, { error: AROSE_ON_IN_FUTURE })
        .nullish()
        .transform((value) => value ?? null),
      arose_on_estimated: z.boolean().default(false),
      contract_type: nullableTextSchema(100, ERROR_MESSAGES.TEXT_TOO_LONG),
      notes: nullableTextSchema(2000, ERROR_MESSAGES.TEXT_TOO_LONG),
      mandate_type: enumSchema(MANDATE_TYPES).default('direct'),
      legal_creditor_id: uuidSchema.nullish().transform((value) => value ?? null),
      agent_creditor_id: uuidSchema.nullish().transform((value) => value ?? null),
      interest_profile_id: uuidSchema.nullish().transform((value) => value ?? null),
    })
    .refine((input) => input.mandate_type !== 'agent' || input.agent_creditor_id !== null, {
      error: REQUIRED_FIELD_MESSAGE,
      path: ['agent_creditor_id'],
    })
    .refine((input) => input.arose_on === null || compareIsoDates(input.arose_on, input.due_date) <= 0, {
      error: AROSE_ON_AFTER_DUE_DATE,
      path: ['arose_on'],
    });
}

export const AROSE_ON_IN_FUTURE = 'Dagen fordran uppkom får inte vara i framtiden';
export const AROSE_ON_AFTER_DUE_DATE = 'Fordran kan inte ha uppkommit efter förfallodagen';

/** 'Ange varför ärendet stängs': closing is one of the risky actions that need a reason. */
export const CASE_CLOSE_REASON_REQUIRED = 'Ange varför ärendet stängs';

export const caseStatusChangeSchema = z
  .object({
    status: statusSchema,
    /** Why (shown in the timeline and kept in the system log); required when closing. */
    reason: actionReasonSchema(CASE_CLOSE_REASON_REQUIRED).optional(),
  })
  .refine((input) => input.status !== 'closed' || input.reason !== undefined, { error: CASE_CLOSE_REASON_REQUIRED, path: ['reason'] });
export type CaseStatusChangeInput = z.input<typeof caseStatusChangeSchema>;

export const caseStageChangeSchema = z.object({ stage: stageSchema });

/** Who handles the case: a member's user id, or null for nobody. */
export const caseHandlerChangeSchema = z.object({
  handler_id: z.string({ error: 'Välj en handläggare' }).min(1, 'Välj en handläggare').max(100, 'Ogiltigt id').nullable(),
});
export type CaseHandlerChangeInput = z.input<typeof caseHandlerChangeSchema>;

export const caseHandlersResponseSchema = z.object({
  /** Members who may handle cases (admins and handlers), by name. */
  handlers: z.array(z.object({ user_id: z.string(), name: z.string() })),
});
export type CaseHandlersResponse = z.infer<typeof caseHandlersResponseSchema>;
export type CaseStageChangeInput = z.input<typeof caseStageChangeSchema>;

export const caseFeeAddSchema = z.object({
  code: z.string({ error: 'Välj en avgift' }).trim().min(1, 'Välj en avgift').max(50),
  /** The "särskilda skäl" for an amount above the statutory maximum (lag 1981:739 4 §). */
  above_maximum_reason: z.string().trim().max(500).optional(),
});
export type CaseFeeAddInput = z.input<typeof caseFeeAddSchema>;

export const caseInterestSchema = z.object({
  /** Calculate up to and including this date (default today). */
  as_of: isoDateText.optional(),
});
export type CaseInterestInput = z.input<typeof caseInterestSchema>;

export const ruleViolationResponseSchema = z.object({
  rule_code: z.string(),
  level: z.enum(RULE_SEVERITIES),
  message: z.string(),
});

export const caseFeeAddResponseSchema = z.object({
  fee: caseFeeResponseSchema,
  /** Warnings and infos of the rule check (the action went through). */
  violations: z.array(ruleViolationResponseSchema),
  case: caseDetailSchema,
});
export type CaseFeeAddResponse = z.infer<typeof caseFeeAddResponseSchema>;

export const interestPeriodResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  rate_pa: z.string(),
  reference_rate_bp: z.number().int().nullable(),
  principal: amountText,
  amount: amountText,
});

export const caseInterestResponseSchema = z.object({
  /** The interest from the due date to as_of on the unpaid capital ('Ränta beräknad!'). */
  amount: amountText,
  /** What this calculation added to total_interest (negative when a back-dated payment lowered it). */
  change: amountText,
  days: z.number().int(),
  /** The yearly rate of the last period, percent ("10.00"). */
  rate: z.string(),
  from: z.string(),
  to: z.string(),
  periods: z.array(interestPeriodResponseSchema),
  violations: z.array(ruleViolationResponseSchema),
  case: caseDetailSchema,
});
export type CaseInterestResponse = z.infer<typeof caseInterestResponseSchema>;

// ── timeline ────────────────────────────────────────────────────────────────────────────────

/** Which icon the timeline gives an event. */
export const CASE_EVENT_KINDS = ['created', 'fee', 'interest', 'status', 'stage', 'handler', 'flag', 'payment', 'communication', 'kfm', 'other'] as const;
export type CaseEventKind = (typeof CASE_EVENT_KINDS)[number];

export const caseEventResponseSchema = z.object({
  id: z.string(),
  type: z.string(),
  actor_id: z.string().nullable(),
  /** The author's name, or 'System' when no person acted. */
  actor_name: z.string(),
  payload_json: z.record(z.string(), z.unknown()),
  kind: z.enum(CASE_EVENT_KINDS),
  /** What happened, in Swedish (never a code): 'Status ändrad från Aktiv till Stängd'. */
  title: z.string(),
  /** The figures or the reason of the event, when it has any. */
  detail: z.string().nullable(),
  created_at: z.string(),
});
export type CaseEventResponse = z.infer<typeof caseEventResponseSchema>;

export const caseEventsResponseSchema = z.object({ events: z.array(caseEventResponseSchema) });
export type CaseEventsResponse = z.infer<typeof caseEventsResponseSchema>;

/** 'Ange varför flaggan löses': a blocking flag (a dispute, a prescribed claim) is not waved away. */
export const FLAG_RESOLVE_REASON_REQUIRED = 'Ange varför flaggan löses';

/** Resolving a flag: a reason is required for a blocking one, optional otherwise. */
export const caseFlagResolveSchema = z.object({ reason: actionReasonSchema(FLAG_RESOLVE_REASON_REQUIRED).optional() });
export type CaseFlagResolveInput = z.input<typeof caseFlagResolveSchema>;

export const caseFlagResolveResponseSchema = z.object({ flag: caseFlagResponseSchema, case: caseDetailSchema });

// ── nightly job ─────────────────────────────────────────────────────────────────────────────

export const interestRunSchema = z.object({
  as_of: isoDateText.optional(),
  /** Cases per transaction. */
  batch_size: z.number().int().min(1).max(10_000).default(1000),
});
export type InterestRunInput = z.input<typeof interestRunSchema>;

export interface InterestRunSummary {
  as_of: string;
  organisations: number;
  cases: number;
  updated: number;
  unchanged: number;
  /** Not due yet on as_of. */
  not_due: number;
  failed: { case_id: string; code: string; message: string }[];
  /** Σ of the changes, kronor. */
  interest_added: string;
}
