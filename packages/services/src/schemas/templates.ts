import { COMM_CHANNELS, COMM_TEMPLATE_CATEGORIES, COMM_TEMPLATE_SIMPLE_CATEGORIES } from '@fordran/core';
import { z } from './zod-setup';
import { idSchema } from './common';

/*
 * Message templates (Mallbibliotek Sverige v1, spec part 2 §2, §5, §9; issue 11). The shapes are
 * checked here; what makes a template valid (name and code, body, known variables, language,
 * version) is core's `validateCommTemplate`, whose findings come back per field.
 */

const BODY_MAX_LENGTH = 20_000;

const textField = (max: number) => z.string({ error: 'Ogiltig text' }).max(max, `Texten får vara högst ${max} tecken`);

export const templateCategorySchema = z.enum(COMM_TEMPLATE_CATEGORIES, { error: 'Okänd mallkategori' });
export const templateChannelSchema = z.enum(COMM_CHANNELS, { error: 'Okänd kanal' });

export const templateListQuerySchema = z.object({ category: templateCategorySchema.optional() });
export type TemplateListQuery = z.input<typeof templateListQuerySchema>;

/** The simple create dialog (part 2 §9): name, body, a category of four, channel, subject for e-mail and letter. */
export const templateCreateSchema = z.object({
  name: textField(200).nullish(),
  body_md: textField(BODY_MAX_LENGTH).nullish(),
  category: z.enum(COMM_TEMPLATE_SIMPLE_CATEGORIES as [string, ...string[]], { error: 'Välj påminnelse, inkassokrav, betalplan eller anpassad' }).optional(),
  channel: templateChannelSchema.optional(),
  subject: textField(300).nullish(),
  /** Generated as CATEGORY_<timestamp> when absent (scripts may name their own). */
  code: textField(100).nullish(),
});
export type TemplateCreateInput = z.input<typeof templateCreateSchema>;

/** The editor (tabs Grundläggande, Innehåll, Inställningar): every field; the code may be sent but never changes. */
export const templateUpdateSchema = z
  .object({
    name: textField(200).nullable(),
    code: textField(100).nullable(),
    category: templateCategorySchema,
    channel: templateChannelSchema,
    language: textField(10).nullable(),
    subject: textField(300).nullable(),
    body_md: textField(BODY_MAX_LENGTH).nullable(),
    version: z.number({ error: 'Versionen måste vara ett heltal, minst 1' }),
    is_active: z.boolean({ error: 'Ange ja eller nej' }),
  })
  .partial();
export type TemplateUpdateInput = z.input<typeof templateUpdateSchema>;

export const templateActiveSchema = z.object({ is_active: z.boolean({ error: 'Ange ja eller nej' }) });
export type TemplateActiveInput = z.input<typeof templateActiveSchema>;

/** A stored template rendered for one case. */
export const templatePreviewSchema = z.object({ case_id: idSchema });
export type TemplatePreviewInput = z.input<typeof templatePreviewSchema>;

/** The editor's live preview: the text as typed, for a case or, without one, for an example case. */
export const templateDraftPreviewSchema = z.object({
  body_md: textField(BODY_MAX_LENGTH),
  subject: textField(300).nullish(),
  case_id: idSchema.nullish(),
});
export type TemplateDraftPreviewInput = z.input<typeof templateDraftPreviewSchema>;

const missingContentSchema = z.object({ code: z.string(), label: z.string() });

export const templateResponseSchema = z.object({
  id: z.string(),
  org_id: z.string(),
  code: z.string(),
  name: z.string(),
  category: templateCategorySchema,
  channel: templateChannelSchema,
  language: z.string(),
  subject: z.string().nullable(),
  body_md: z.string(),
  /** The body's distinct `{{variables}}`. */
  variables: z.array(z.string()),
  is_active: z.boolean(),
  version: z.number().int(),
  /** The first 150 characters of the body. */
  preview: z.string(),
  /** For a demand: what inkassolagen 5 § asks that the body lacks (empty: it may carry the 180 kr fee). */
  missing_demand_content: z.array(missingContentSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TemplateResponse = z.infer<typeof templateResponseSchema>;

export const templateVariableSchema = z.object({ name: z.string(), label: z.string(), kind: z.enum(['text', 'amount', 'date', 'block']) });

export const templateListResponseSchema = z.object({
  items: z.array(templateResponseSchema),
  /** The variables the editor's insert menu offers. */
  variables: z.array(templateVariableSchema),
});
export type TemplateListResponse = z.infer<typeof templateListResponseSchema>;

export const templateVersionSchema = z.object({
  version: z.number().int(),
  name: z.string(),
  subject: z.string().nullable(),
  body_md: z.string(),
  replaced_at: z.string(),
});

export const templateDetailSchema = templateResponseSchema.extend({
  /** The texts earlier versions had, newest first (sent messages keep their own rendered text too). */
  versions: z.array(templateVersionSchema),
  /** Whether a message has been made from it: an edit of its text then makes a new version. */
  used: z.boolean(),
});
export type TemplateDetail = z.infer<typeof templateDetailSchema>;

export const templatePreviewResponseSchema = z.object({
  subject: z.string().nullable(),
  body: z.string(),
  /** The case it was rendered for; null for the example case. */
  case_id: z.string().nullable(),
});
export type TemplatePreviewResponse = z.infer<typeof templatePreviewResponseSchema>;
