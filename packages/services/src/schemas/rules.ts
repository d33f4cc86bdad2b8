import { RULE_SEVERITIES } from '@fordran/core';
import { z } from './zod-setup';
import { actionReasonSchema, configCodeSchema, nullableTextSchema } from './common';

/*
 * The rule engine settings (Regelmotor, spec part 1 §5, part 2 §2, §5, §7). condition_json and
 * action_json arrive as JSON objects or as the editor's JSON text; core's rule validation decides
 * whether they make a rule (the spec ignores invalid edits, Fordran refuses them with findings).
 */

export const ruleSeveritySchema = z.enum(RULE_SEVERITIES, { error: 'Allvarlighetsgrad måste vara block, warning eller info' });

/**
 * A rule part as sent: a JSON object, or JSON text from the editor. Optional to zod so that a
 * missing condition gets core's finding ('Villkoret måste vara ett JSON-objekt med rule_type …').
 */
const rulePartSchema = z.unknown().optional().meta({ description: 'JSON-objekt eller JSON-text' });

const descriptionSchema = nullableTextSchema(500, 'Beskrivningen får vara högst 500 tecken');

export const ruleCreateSchema = z.object({
  code: configCodeSchema,
  description: descriptionSchema,
  severity: ruleSeveritySchema,
  is_active: z.boolean({ error: 'Ange ja eller nej' }).default(true),
  condition_json: rulePartSchema,
  action_json: rulePartSchema,
});
export type RuleCreateInput = z.input<typeof ruleCreateSchema>;

/** 'Ange varför regeln stängs av': a rule switched off stops guarding every case of the organisation. */
export const RULE_DEACTIVATE_REASON_REQUIRED = 'Ange varför regeln stängs av';

/**
 * An edit: toggle, description, severity, condition and action. The code is fixed once created.
 * Switching a rule off needs a reason (kept in the system log).
 */
export const ruleUpdateSchema = z
  .object({
    description: descriptionSchema,
    severity: ruleSeveritySchema,
    is_active: z.boolean({ error: 'Ange ja eller nej' }),
    condition_json: rulePartSchema,
    action_json: rulePartSchema,
    reason: actionReasonSchema(RULE_DEACTIVATE_REASON_REQUIRED),
  })
  .partial()
  .refine((input) => input.is_active !== false || input.reason !== undefined, { error: RULE_DEACTIVATE_REASON_REQUIRED, path: ['reason'] });
export type RuleUpdateInput = z.input<typeof ruleUpdateSchema>;

/** The editor's live check: the condition and action as they stand. */
export const ruleValidateSchema = z.object({ condition_json: rulePartSchema, action_json: rulePartSchema });
export type RuleValidateInput = z.input<typeof ruleValidateSchema>;

export const ruleFindingSchema = z.object({ code: z.string(), path: z.string(), message: z.string() });
export type RuleFindingResponse = z.infer<typeof ruleFindingSchema>;

export const ruleResponseSchema = z.object({
  id: z.string(),
  org_id: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  severity: ruleSeveritySchema,
  is_active: z.boolean(),
  condition_json: z.record(z.string(), z.unknown()),
  action_json: z.record(z.string(), z.unknown()),
  /** condition_json.rule_type, or null when there is none. */
  rule_type: z.string().nullable(),
  /** Problems of the stored rule (e.g. from older data); the engine reports, never runs, such a rule. */
  findings: z.array(ruleFindingSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RuleResponse = z.infer<typeof ruleResponseSchema>;

export const ruleTypeDescriptionSchema = z.object({
  rule_type: z.string(),
  label: z.string(),
  description: z.string(),
  parameters: z.array(z.object({ name: z.string(), label: z.string(), required: z.boolean() })),
  example: z.record(z.string(), z.unknown()),
});

export const ruleListResponseSchema = z.object({
  /** Ordered by severity (block, warning, info), then code. */
  items: z.array(ruleResponseSchema),
  /** The rule types the engine knows, for the editor. */
  rule_types: z.array(ruleTypeDescriptionSchema),
  /** The actions block_actions may name, with Swedish labels. */
  actions: z.array(z.object({ action: z.string(), label: z.string() })),
});
export type RuleListResponse = z.infer<typeof ruleListResponseSchema>;

export const ruleValidationResponseSchema = z.object({ valid: z.boolean(), findings: z.array(ruleFindingSchema) });
export type RuleValidationResponse = z.infer<typeof ruleValidationResponseSchema>;
