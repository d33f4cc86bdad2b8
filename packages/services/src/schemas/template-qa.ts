import { COMM_CHANNELS, COMM_TEMPLATE_CATEGORIES } from '@fordran/core';
import { z } from './zod-setup';
import { idSchema } from './common';

/*
 * Template QA (Mall-QA Sverige, spec part 2 §7 "Function template-qa", issue 11): run a batch,
 * list batches, read one, clean up.
 */

/** The spec's function body: `action` run or cleanup; cleanup without `batch_id` removes every batch. */
export const templateQaActionSchema = z.object({
  action: z.enum(['run', 'cleanup'], { error: 'Åtgärden måste vara run eller cleanup' }),
  batch_id: idSchema.optional(),
});
export type TemplateQaActionInput = z.input<typeof templateQaActionSchema>;

const findingSchema = z.object({
  kind: z.enum(['unresolved_variable', 'sms_too_long', 'demand_content_missing', 'empty_subject']),
  message: z.string(),
  case_label: z.string().nullable(),
});

export const templateQaResultSchema = z.object({
  template_id: z.string(),
  code: z.string(),
  name: z.string(),
  category: z.enum(COMM_TEMPLATE_CATEGORIES),
  channel: z.enum(COMM_CHANNELS),
  passed: z.boolean(),
  sms_segments: z.array(z.object({ case_label: z.string(), segments: z.number().int(), with_unsubscribe: z.number().int() })),
  findings: z.array(findingSchema),
});
export type TemplateQaResultResponse = z.infer<typeof templateQaResultSchema>;

export const templateQaBatchSummarySchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'completed']),
  templates_checked: z.number().int(),
  templates_passed: z.number().int(),
  templates_failed: z.number().int(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type TemplateQaBatchSummary = z.infer<typeof templateQaBatchSummarySchema>;

export const templateQaBatchListSchema = z.object({ items: z.array(templateQaBatchSummarySchema) });
export type TemplateQaBatchList = z.infer<typeof templateQaBatchListSchema>;

export const templateQaBatchDetailSchema = templateQaBatchSummarySchema.extend({
  cases: z.array(z.object({ case_id: z.string(), label: z.string() })),
  results: z.array(templateQaResultSchema),
});
export type TemplateQaBatchDetail = z.infer<typeof templateQaBatchDetailSchema>;

/** A run (the spec's response `{batch_id, report: {batch_id, html}}`, with the per-template results). */
export const templateQaRunResponseSchema = z.object({
  batch_id: z.string(),
  report: z.object({ batch_id: z.string(), html: z.string() }),
  batch: templateQaBatchDetailSchema,
});
export type TemplateQaRunResponse = z.infer<typeof templateQaRunResponseSchema>;

/** A cleanup: the batches removed and the rows deleted per table. */
export const templateQaCleanupResponseSchema = z.object({
  batch_ids: z.array(z.string()),
  deleted: z.record(z.string(), z.number().int()),
});
export type TemplateQaCleanupResponse = z.infer<typeof templateQaCleanupResponseSchema>;

export const templateQaActionResponseSchema = z.union([templateQaRunResponseSchema, templateQaCleanupResponseSchema]);
