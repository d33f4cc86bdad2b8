import { z } from 'zod';
import { CASE_CLOSE_REASONS, CASE_STAGES, CASE_STATUSES, DISPUTE_STATUSES } from '../cases';
import { compareIsoDates, parseIsoDate, type IsoDate } from '../dates';
import { ERROR_MESSAGES } from '../errors';
import {
  enumSchema,
  isoDateSchema,
  isoInstantSchema,
  jsonObjectSchema,
  nonNegativeOreSchema,
  optionalTextSchema,
  oreSchema,
  positiveOreAmountInput,
  REQUIRED_FIELD_MESSAGE,
  requiredTextSchema,
  uuidSchema,
} from './shared';

export const caseStatusSchema = enumSchema(CASE_STATUSES);
export const caseStageSchema = enumSchema(CASE_STAGES);
export const caseCloseReasonSchema = enumSchema(CASE_CLOSE_REASONS);

// ── claims ──────────────────────────────────────────────────────────────────────────────────

/** A claim (fordran). principal_amount is in öre. */
export const claimSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  creditor_id: uuidSchema,
  reference_no: z.string(),
  principal_amount: nonNegativeOreSchema,
  due_date: isoDateSchema,
  contract_type: z.string().nullable(),
  notes: z.string().nullable(),
  /** A påminnelseavgift may only be charged if agreed when the debt arose (lag 1981:739 4 §). */
  reminder_fee_agreed: z.boolean().nullish(),
  /** Preskription period in years (3 consumer, 10 general); null = derived. */
  prescription_years: z.int().min(1).nullish(),
  /** Last preskriptionsavbrott (preskriptionslag 5 §). */
  prescription_interrupted_on: isoDateSchema.nullish(),
  created_at: isoInstantSchema.nullish(),
  updated_at: isoInstantSchema.nullish(),
});

/** A due date that exists and is not after `today`; missing → the spec's required message. */
function pastDueDateSchema(today: IsoDate) {
  parseIsoDate(today);
  return isoDateSchema.refine((dueDate) => compareIsoDates(dueDate, today) <= 0, { error: ERROR_MESSAGES.DUE_DATE_IN_FUTURE });
}

const claimFields = (today: IsoDate) => ({
  reference_no: requiredTextSchema(REQUIRED_FIELD_MESSAGE, 100),
  /** Input in kronor (number, or text with at most 2 decimals); output in öre, > 0. */
  principal_amount: positiveOreAmountInput,
  due_date: pastDueDateSchema(today),
  contract_type: optionalTextSchema(100),
  notes: optionalTextSchema(2000),
});

/**
 * The claim step of the create-case wizard (part 1 §5) for a given `today` (YYYY-MM-DD):
 * creditor, reference number, principal amount and due date required ('Alla obligatoriska fält
 * måste fyllas i'); amount > 0 ('Belopp måste vara större än 0'); due date not after today
 * ('Förfallodatum måste vara i det förflutna'; a claim due today is accepted, as the spec's rule
 * "must not be in the future" says). Throws INVALID_DATE for a bad `today`.
 * @example makeClaimCreateSchema('2026-11-22').parse({ creditor_id, reference_no: 'F-1001', principal_amount: '7950', due_date: '2026-10-01' })
 */
export function makeClaimCreateSchema(today: IsoDate) {
  return z.object({ creditor_id: uuidSchema, ...claimFields(today) });
}

export type ClaimEntity = z.infer<typeof claimSchema>;
export type ClaimCreateInput = z.infer<ReturnType<typeof makeClaimCreateSchema>>;

// ── cases ───────────────────────────────────────────────────────────────────────────────────

/** Who the agency collects for (spec part 2 §3). */
export const MANDATE_TYPES = ['direct', 'agent', 'assignee'] as const;
export type MandateType = (typeof MANDATE_TYPES)[number];

export const MANDATE_TYPE_LABELS: Readonly<Record<MandateType, string>> = {
  direct: 'Direkt uppdrag',
  agent: 'Via ombud',
  assignee: 'Överlåten fordran',
};

export const mandateTypeSchema = enumSchema(MANDATE_TYPES);

/**
 * A collection case. Money fields (total_principal, total_interest, total_fees,
 * total_outstanding, amount_paid_total) are öre; total_outstanding = principal + interest +
 * fees − paid and may go below zero when a debtor paid too much. close_reason and closed_at are
 * Fordran's additions (docs/state-machines.md), nullable.
 */
export const caseSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  creditor_id: uuidSchema,
  party_id: uuidSchema,
  claim_id: uuidSchema,
  status: caseStatusSchema,
  stage: caseStageSchema,
  total_principal: nonNegativeOreSchema,
  total_interest: nonNegativeOreSchema,
  total_fees: nonNegativeOreSchema,
  total_outstanding: oreSchema,
  amount_paid_total: nonNegativeOreSchema,
  mandate_type: mandateTypeSchema.nullable(),
  legal_creditor_id: uuidSchema.nullable(),
  agent_creditor_id: uuidSchema.nullable(),
  interest_profile_id: uuidSchema.nullable(),
  /** The OCR reference the debtor pays with (bankgiro). */
  ocr_reference: z.string().nullish(),
  /** total_interest has been accrued up to and including this date. */
  interest_calculated_to: isoDateSchema.nullish(),
  close_reason: caseCloseReasonSchema.nullish(),
  closed_at: isoInstantSchema.nullish(),
  /** The member who handles the case (Fordran's addition); null = nobody yet. */
  handler_id: uuidSchema.nullish(),
  created_at: isoInstantSchema,
  updated_at: isoInstantSchema.nullish(),
});

/**
 * The whole create-case wizard (part 1 §2, §5) for a given `today`: creditor (step 1), debtor
 * (step 2) and the claim (step 3); the case is created as draft at stage intake. mandate_type
 * defaults to direct; an agent mandate needs agent_creditor_id.
 * @example makeCaseCreateInputSchema('2026-11-22').parse({ creditor_id, party_id, reference_no: 'F-1001', principal_amount: 7950, due_date: '2026-10-01' })
 */
export function makeCaseCreateInputSchema(today: IsoDate) {
  return z
    .object({
      creditor_id: uuidSchema,
      party_id: uuidSchema,
      ...claimFields(today),
      mandate_type: mandateTypeSchema.default('direct'),
      legal_creditor_id: uuidSchema.nullish().transform((value) => value ?? null),
      agent_creditor_id: uuidSchema.nullish().transform((value) => value ?? null),
      interest_profile_id: uuidSchema.nullish().transform((value) => value ?? null),
    })
    .refine((input) => input.mandate_type !== 'agent' || input.agent_creditor_id !== null, {
      error: REQUIRED_FIELD_MESSAGE,
      path: ['agent_creditor_id'],
    });
}

export type CaseEntity = z.infer<typeof caseSchema>;
export type CaseCreateInput = z.infer<ReturnType<typeof makeCaseCreateInputSchema>>;

// ── case events and flags ───────────────────────────────────────────────────────────────────

/**
 * Event types of a case's timeline: those seen in the spec (part 1 §3, part 2 §7; their mixed
 * case is the spec's), plus Fordran's own (status, stage, handler, resolved flags). The column
 * stays open text; services write only these, and the timeline names each in Swedish.
 */
export const CASE_EVENT_TYPES = [
  'case_created',
  'fee_added',
  'interest_calculated',
  'COMMUNICATION_SENT',
  'KFM_PRECHECK_PASSED',
  'KFM_SUBMITTED',
  'PAYMENT_ALLOCATED',
  'PAYMENT_REVERSED',
  'status_changed',
  'stage_changed',
  'handler_changed',
  'flag_resolved',
] as const;
export type CaseEventType = (typeof CASE_EVENT_TYPES)[number];

/** The timeline's title of each event type; an unknown (older) type is 'Händelse', never its code. */
export const CASE_EVENT_LABELS: Readonly<Record<CaseEventType, string>> = {
  case_created: 'Ärendet skapades',
  fee_added: 'Avgift tillagd',
  interest_calculated: 'Ränta beräknad',
  COMMUNICATION_SENT: 'Meddelande skickat',
  KFM_PRECHECK_PASSED: 'KFM-kontroll godkänd',
  KFM_SUBMITTED: 'Ansökan skickad till Kronofogden',
  PAYMENT_ALLOCATED: 'Inbetalning avräknad',
  PAYMENT_REVERSED: 'Inbetalning återförd',
  status_changed: 'Status ändrad',
  stage_changed: 'Fas ändrad',
  handler_changed: 'Handläggare ändrad',
  flag_resolved: 'Flagga löst',
};
export const UNKNOWN_CASE_EVENT_LABEL = 'Händelse';

/**
 * Why a case was paused (the demo's and the portal's dispute): the reason codes a status change
 * may carry besides the closing reasons of CASE_CLOSE_REASON_LABELS.
 */
export const CASE_PAUSE_REASON_LABELS = {
  dispute: 'Gäldenären har invänt mot fordran',
} as const;

export const caseEventSchema = z.object({
  id: uuidSchema.nullish(),
  org_id: uuidSchema,
  case_id: uuidSchema,
  type: z.string().min(1),
  /** null: the system acted (shown as 'System'). */
  actor_id: uuidSchema.nullable(),
  payload_json: jsonObjectSchema.nullable(),
  created_at: isoInstantSchema,
});

const FLAG_LEVELS = ['block', 'warning', 'info'] as const;

/** Severity of a rule and level of the flag it raises (part 1 §3). */
export const ruleSeveritySchema = enumSchema(FLAG_LEVELS);

export const caseFlagSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  case_id: uuidSchema,
  rule_code: z.string(),
  level: ruleSeveritySchema,
  message: z.string(),
  resolved_at: isoInstantSchema.nullable(),
  resolved_by: uuidSchema.nullish(),
  created_at: isoInstantSchema.nullish(),
});

export type CaseEventEntity = z.infer<typeof caseEventSchema>;
export type CaseFlagEntity = z.infer<typeof caseFlagSchema>;

// ── rules ───────────────────────────────────────────────────────────────────────────────────

/** condition_json: a rule_type and its parameters (years_b2c, max_rate_pa, …), see the rules module. */
export const ruleConditionSchema = z.looseObject({ rule_type: requiredTextSchema(REQUIRED_FIELD_MESSAGE, 100) });

/** action_json: the actions a blocking violation stops (none named: every action). */
export const ruleActionSchema = z.looseObject({ block_actions: z.array(z.string()).optional() });

export const ruleSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  code: z.string(),
  description: z.string().nullable(),
  severity: ruleSeveritySchema,
  is_active: z.boolean(),
  condition_json: ruleConditionSchema,
  action_json: ruleActionSchema.nullable(),
  created_at: isoInstantSchema.nullish(),
  updated_at: isoInstantSchema.nullish(),
});

/**
 * A rule edit on the rule engine page (part 2 §2): every field optional, the code fixed.
 * @example ruleUpdateInputSchema.parse({ is_active: false })
 */
export const ruleUpdateInputSchema = z.object({
  description: optionalTextSchema(1000).optional(),
  severity: ruleSeveritySchema.optional(),
  condition_json: ruleConditionSchema.optional(),
  action_json: ruleActionSchema.optional(),
  is_active: z.boolean().optional(),
});

export type RuleEntity = z.infer<typeof ruleSchema>;
export type RuleUpdateInput = z.infer<typeof ruleUpdateInputSchema>;

// ── disputes (invändningar, from the portal) ────────────────────────────────────────────────

/** Dispute types (part 2 §5); incorrect_amount is the default. */
export const DISPUTE_TYPES = ['incorrect_amount', 'not_my_debt', 'quality_issue', 'invoice_missing', 'other'] as const;
export type DisputeType = (typeof DISPUTE_TYPES)[number];

export const DISPUTE_TYPE_LABELS: Readonly<Record<DisputeType, string>> = {
  incorrect_amount: 'Felaktigt belopp',
  not_my_debt: 'Inte min skuld',
  quality_issue: 'Fel på vara eller tjänst',
  invoice_missing: 'Har inte fått fakturan',
  other: 'Annat',
};

/** Maximum description length (part 2 §5, §9). */
export const DISPUTE_DESCRIPTION_MAX_LENGTH = 1000;

export const disputeTypeSchema = enumSchema(DISPUTE_TYPES);
export const disputeStatusSchema = enumSchema(DISPUTE_STATUSES);

export const disputeSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  case_id: uuidSchema,
  party_id: uuidSchema.nullish(),
  type: disputeTypeSchema,
  description: z.string(),
  /** File-storage keys; the portal sends `attachments` (always empty today). */
  attachments_json: z.array(z.string()),
  status: disputeStatusSchema,
  resolution: z.string().nullish(),
  resolved_by: uuidSchema.nullish(),
  resolved_at: isoInstantSchema.nullish(),
  created_at: isoInstantSchema,
});

/**
 * The portal's dispute dialog (part 2 §5): description required after trimming ('Vänligen
 * beskriv din invändning'), at most 1000 characters; type defaults to incorrect_amount;
 * attachments are always sent empty.
 * @example disputeCreateInputSchema.parse({ description: 'Beloppet är fel' })
 */
export const disputeCreateInputSchema = z.object({
  type: disputeTypeSchema.default('incorrect_amount'),
  description: z
    .string({ error: ERROR_MESSAGES.DISPUTE_DESCRIPTION_REQUIRED })
    .trim()
    .min(1, ERROR_MESSAGES.DISPUTE_DESCRIPTION_REQUIRED)
    .max(DISPUTE_DESCRIPTION_MAX_LENGTH, ERROR_MESSAGES.DISPUTE_DESCRIPTION_TOO_LONG),
  attachments: z.array(z.string()).default([]),
});

export type DisputeEntity = z.infer<typeof disputeSchema>;
export type DisputeCreateInput = z.infer<typeof disputeCreateInputSchema>;
