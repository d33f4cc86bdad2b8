import { CASE_STAGES, COMM_CHANNELS, COMM_TEMPLATE_CATEGORIES, DUNNING_MAX_DAYS_PAST_DUE, DUNNING_SKIP_REASONS, DUNNING_STAGES } from '@fordran/core';
import { z } from './zod-setup';
import { enumSchema, isoDateSchema, requiredTextSchema, uuidSchema } from './values';

/*
 * Dunning (issue 11): the plan per organisation and per creditor, and the runs — the HTTP and
 * CLI contract. The run's JSON is exact (scripts depend on it):
 * `{as_of, dry_run, cases_seen, messages, fees, skipped: [{case_id, reason}]}`.
 */

/** One step as the editor saves it; `id` keeps an existing step (a case that had it never gets it again). */
const dunningStepInputSchema = z.object({
  id: uuidSchema.optional().meta({ description: 'Ett befintligt stegs id; utan det ett nytt steg' }),
  name: requiredTextSchema(80),
  days_past_due: z
    .number({ error: 'Ange antal dagar som ett heltal' })
    .int('Ange antal dagar som ett heltal')
    .min(0, 'Antal dagar kan inte vara negativt')
    .max(DUNNING_MAX_DAYS_PAST_DUE, `Högst ${DUNNING_MAX_DAYS_PAST_DUE} dagar`)
    .meta({ description: 'Dagar efter fordringens förfallodag' }),
  template_code: requiredTextSchema(100).transform((code) => code.toUpperCase()),
  channel: enumSchema(COMM_CHANNELS),
  fee_code: z
    .string()
    .trim()
    .max(50)
    .nullish()
    .transform((code) => (code ? code.toUpperCase() : null))
    .meta({ description: 'Avgiftskod ur avgiftskatalogen; null för ingen' }),
  stage: enumSchema(DUNNING_STAGES)
    .nullish()
    .transform((stage) => stage ?? null)
    .meta({ description: 'Fasen ärendet flyttas till; null: ingen ändring' }),
});

/** A plan's steps, in order of days past due. */
export const dunningPlanSaveSchema = z.object({ steps: z.array(dunningStepInputSchema).max(50) });
export type DunningPlanSaveInput = z.input<typeof dunningPlanSaveSchema>;

const dunningStepSchema = z.object({
  id: z.string(),
  name: z.string(),
  days_past_due: z.number().int(),
  template_code: z.string(),
  /** The template's name; null when no template has the code (the run skips the step). */
  template_name: z.string().nullable(),
  channel: z.enum(COMM_CHANNELS),
  channel_label: z.string(),
  fee_code: z.string().nullable(),
  fee_name: z.string().nullable(),
  /** Kronor, e.g. "180.00", as the catalogue has it today. */
  fee_amount: z.string().nullable(),
  stage: z.enum(CASE_STAGES).nullable(),
  stage_label: z.string().nullable(),
});

export const dunningPlanSchema = z.object({
  id: z.string(),
  /** null: the organisation's plan. */
  creditor_id: z.string().nullable(),
  creditor_name: z.string().nullable(),
  updated_at: z.string(),
  steps: z.array(dunningStepSchema),
});
export type DunningPlanResponse = z.infer<typeof dunningPlanSchema>;

/** The plans, and what the editor offers: the templates and the fees in force. */
export const dunningPlansResponseSchema = z.object({
  organisation: dunningPlanSchema,
  creditors: z.array(dunningPlanSchema),
  templates: z.array(
    z.object({ code: z.string(), name: z.string(), category: z.enum(COMM_TEMPLATE_CATEGORIES), channel: z.enum(COMM_CHANNELS), is_active: z.boolean() }),
  ),
  fees: z.array(z.object({ code: z.string(), name: z.string(), amount: z.string() })),
});
export type DunningPlansResponse = z.infer<typeof dunningPlansResponseSchema>;

/** `POST …/dunning/runs`: as of a day (default today; a real run not after today), or a dry run. */
export const dunningRunSchema = z.object({
  as_of: isoDateSchema.optional().meta({ description: 'Dagen körningen gäller (ÅÅÅÅ-MM-DD); standard i dag' }),
  dry_run: z.boolean().default(false).meta({ description: 'Visa vad som skulle skickas och debiteras, utan att skriva något' }),
});
export type DunningRunInput = z.input<typeof dunningRunSchema>;

/** The run's exact JSON. */
export const dunningRunResultSchema = z.object({
  as_of: z.string(),
  dry_run: z.boolean(),
  /** Cases looked at: active or paused, owing, at intake, reminder or demand. */
  cases_seen: z.number().int(),
  /** Messages sent (a dry run: that would be sent); communication_id null in a dry run. */
  messages: z.array(
    z.object({
      case_id: z.string(),
      step: z.string(),
      template: z.string(),
      channel: z.enum(COMM_CHANNELS),
      recipient: z.string(),
      communication_id: z.string().nullable(),
    }),
  ),
  /** Fees charged, and those that wait for their inkassokrav to go out (`waiting`). */
  fees: z.array(z.object({ case_id: z.string(), code: z.string(), amount: z.string(), status: z.enum(['charged', 'waiting']) })),
  skipped: z.array(z.object({ case_id: z.string(), reason: z.enum(DUNNING_SKIP_REASONS) })),
});
export type DunningRunResult = z.infer<typeof dunningRunResultSchema>;

/** A run's counts, as kept with it. */
export const dunningRunSummarySchema = z.object({
  cases_seen: z.number().int(),
  messages: z.number().int(),
  fees: z.number().int(),
  /** Kronor charged. */
  fees_amount: z.string(),
  waiting_fees: z.number().int(),
  skipped: z.number().int(),
  skipped_by_reason: z.record(z.string(), z.number().int()),
});
export type DunningRunSummary = z.infer<typeof dunningRunSummarySchema>;

export const dunningRunListResponseSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      as_of: z.string(),
      /** The server's daily run (else started by hand). */
      scheduled: z.boolean(),
      started_by: z.string().nullable(),
      started_at: z.string(),
      /** null: running, or stopped midway (a rerun takes what is left). */
      finished_at: z.string().nullable(),
      failure: z.string().nullable(),
      summary: dunningRunSummarySchema.nullable(),
    }),
  ),
});
export type DunningRunListResponse = z.infer<typeof dunningRunListResponseSchema>;
