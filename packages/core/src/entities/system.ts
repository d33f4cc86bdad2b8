import { z } from 'zod';
import { AI_SUGGESTION_STATUSES, CASE_STAGES, JOB_STATUSES } from '../cases';
import type { SystemValidationStatus } from '../validation';
import { ERROR_MESSAGES } from '../errors';
import { countSchema, enumSchema, isoInstantSchema, jsonObjectSchema, REQUIRED_FIELD_MESSAGE, requiredTextSchema, uuidSchema } from './shared';

// ── job queue ───────────────────────────────────────────────────────────────────────────────

export const jobStatusSchema = enumSchema(JOB_STATUSES);

/**
 * A background job (job_queue; spec part 2 §3 shows status, job_type, org_id). A worker claims a
 * pending or retry job whose run_at has come; progress is 0–100.
 */
export const jobSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  job_type: z.string(),
  status: jobStatusSchema,
  payload_json: jsonObjectSchema.nullish(),
  result_json: jsonObjectSchema.nullish(),
  attempts: countSchema.nullish(),
  max_attempts: countSchema.nullish(),
  run_at: isoInstantSchema.nullish(),
  locked_at: isoInstantSchema.nullish(),
  locked_by: z.string().nullish(),
  last_error: z.string().nullish(),
  progress: z.int().min(0).max(100).nullish(),
  created_at: isoInstantSchema.nullish(),
  updated_at: isoInstantSchema.nullish(),
});

export type JobEntity = z.infer<typeof jobSchema>;

// ── audit log ───────────────────────────────────────────────────────────────────────────────

/** An audit row (spec part 2 §3: org_id, event, created_at; actor and target are Fordran's). */
export const auditLogSchema = z.object({
  id: uuidSchema.nullish(),
  org_id: uuidSchema,
  event: z.string(),
  /** null: the system acted. */
  actor_id: uuidSchema.nullish(),
  entity: z.string().nullish(),
  entity_id: z.string().nullish(),
  payload_json: jsonObjectSchema.nullish(),
  created_at: isoInstantSchema,
});

export type AuditLogEntity = z.infer<typeof auditLogSchema>;

// ── risk profiles and AI playbooks ──────────────────────────────────────────────────────────
// The spec names these tables only (system validation counts them). Each row is a named JSON
// configuration (config_json) until a feature gives it structure; the config schemas below
// check the keys Fordran already uses and let others through.

/** The score range scheme: 0 (lowest risk) to 100. */
const scoreSchema = z.int({ error: ERROR_MESSAGES.VALUE_OUT_OF_RANGE }).min(0, ERROR_MESSAGES.VALUE_OUT_OF_RANGE).max(100, ERROR_MESSAGES.VALUE_OUT_OF_RANGE);

/**
 * config_json of a risk profile: the band of risk scores it covers and the collection strategy
 * for cases in it. The days may not undercut the law: a demand gives the debtor at least 8 days
 * to pay before the next step (god inkassosed; domain reference §4.6).
 */
export const riskProfileConfigSchema = z
  .looseObject({
    min_score: scoreSchema.optional(),
    max_score: scoreSchema.optional(),
    reminder_to_demand_days: z.int({ error: ERROR_MESSAGES.VALUE_OUT_OF_RANGE }).min(0, ERROR_MESSAGES.VALUE_OUT_OF_RANGE).optional(),
    demand_to_kfm_days: z.int({ error: ERROR_MESSAGES.VALUE_OUT_OF_RANGE }).min(8, ERROR_MESSAGES.VALUE_OUT_OF_RANGE).optional(),
    offer_payment_plan: z.boolean().optional(),
  })
  .refine((config) => config.min_score === undefined || config.max_score === undefined || config.min_score <= config.max_score, {
    error: ERROR_MESSAGES.VALUE_OUT_OF_RANGE,
    path: ['max_score'],
  });

export const riskProfileSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  code: z.string(),
  name: z.string(),
  config_json: riskProfileConfigSchema.nullable(),
  is_active: z.boolean(),
  created_at: isoInstantSchema.nullish(),
  updated_at: isoInstantSchema.nullish(),
});

/**
 * A risk profile form: code (upper-cased) and name required.
 * @example riskProfileInputSchema.parse({ code: 'low', name: 'Låg risk', config_json: { min_score: 0, max_score: 30 } })
 */
export const riskProfileInputSchema = z.object({
  code: requiredTextSchema(REQUIRED_FIELD_MESSAGE, 50).transform((code) => code.toUpperCase()),
  name: requiredTextSchema(REQUIRED_FIELD_MESSAGE, 200),
  config_json: riskProfileConfigSchema.default({}),
  is_active: z.boolean().default(true),
});

export type RiskProfileEntity = z.infer<typeof riskProfileSchema>;
export type RiskProfileInput = z.infer<typeof riskProfileInputSchema>;

/**
 * config_json of an AI playbook: instructions the assistant follows, for cases at a stage
 * (absent: any stage). What the AI suggests is always decided by a person.
 */
export const aiPlaybookConfigSchema = z.looseObject({
  stage: enumSchema(CASE_STAGES).optional(),
  instructions_md: z.string().optional(),
});

export const aiPlaybookSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  code: z.string(),
  name: z.string(),
  config_json: aiPlaybookConfigSchema.nullable(),
  is_active: z.boolean(),
  created_at: isoInstantSchema.nullish(),
  updated_at: isoInstantSchema.nullish(),
});

/**
 * An AI playbook form: code (upper-cased), name and instructions required.
 * @example aiPlaybookInputSchema.parse({ code: 'demand', name: 'Inkassokrav', config_json: { stage: 'demand', instructions_md: 'Föreslå …' } })
 */
export const aiPlaybookInputSchema = z.object({
  code: requiredTextSchema(REQUIRED_FIELD_MESSAGE, 50).transform((code) => code.toUpperCase()),
  name: requiredTextSchema(REQUIRED_FIELD_MESSAGE, 200),
  config_json: aiPlaybookConfigSchema.extend({ instructions_md: requiredTextSchema(REQUIRED_FIELD_MESSAGE, 20_000) }),
  is_active: z.boolean().default(true),
});

/** What an AI suggestion proposes (the column is open text; these are the kinds Fordran makes). */
export const AI_SUGGESTION_TYPES = ['next_action', 'message_draft', 'payment_plan', 'risk_assessment'] as const;

export const aiSuggestionStatusSchema = enumSchema(AI_SUGGESTION_STATUSES);

export const aiSuggestionSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  case_id: uuidSchema.nullable(),
  playbook_id: uuidSchema.nullable(),
  type: z.string(),
  payload_json: jsonObjectSchema.nullable(),
  status: aiSuggestionStatusSchema,
  decided_by: uuidSchema.nullish(),
  decided_at: isoInstantSchema.nullish(),
  created_at: isoInstantSchema,
});

export type AiPlaybookEntity = z.infer<typeof aiPlaybookSchema>;
export type AiPlaybookInput = z.infer<typeof aiPlaybookInputSchema>;
export type AiSuggestionEntity = z.infer<typeof aiSuggestionSchema>;

// ── AI assistant chat ───────────────────────────────────────────────────────────────────────

/** Who wrote a chat message (spec part 1 §3). */
export const CHAT_ROLES = ['user', 'assistant'] as const;

/** One message of the AI assistant chat of the staff shell (spec part 1 §3: role, content). */
export const chatMessageSchema = z.object({
  role: enumSchema(CHAT_ROLES),
  content: z.string(),
});

export type ChatMessage = z.infer<typeof chatMessageSchema>;

// ── system validation report ────────────────────────────────────────────────────────────────

/** A result's outcome (spec part 2 §4: pass, warning, fail). */
export const SYSTEM_VALIDATION_STATUSES = ['pass', 'warning', 'fail'] as const satisfies readonly SystemValidationStatus[];

/** One line of the report: the check's code, its module badge, a message and optional details. */
export const systemValidationResultSchema = z.object({
  code: z.string(),
  module: z.string(),
  message: z.string(),
  status: enumSchema(SYSTEM_VALIDATION_STATUSES),
  details: z.string().optional(),
});

/**
 * The report `runSystemValidation` composes (spec part 2 §3), as the page and its JSON export
 * read it: completion rate in whole percent, results split by outcome, modules and time.
 */
export const systemValidationReportSchema = z.object({
  completionRate: z.int().min(0).max(100),
  passed: z.array(systemValidationResultSchema),
  warnings: z.array(systemValidationResultSchema),
  failures: z.array(systemValidationResultSchema),
  checkedModules: z.array(z.string()),
  timestamp: isoInstantSchema,
});
