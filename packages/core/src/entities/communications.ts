import { z } from 'zod';
import { ERROR_MESSAGES } from '../errors';
import {
  countSchema,
  enumSchema,
  isoInstantSchema,
  jsonObjectSchema,
  optionalTextSchema,
  REQUIRED_FIELD_MESSAGE,
  requiredTextSchema,
  uuidSchema,
} from './shared';

/** Channels (spec part 1 §3, part 2 §9). */
const CHANNEL_VALUES = ['email', 'sms', 'letter', 'kivra'] as const;
export const commChannelSchema = enumSchema(CHANNEL_VALUES);
type CommChannelValue = (typeof CHANNEL_VALUES)[number];

/** Template categories (spec part 2 §9); the simple create dialog offers reminder, demand, plan, custom. */
const TEMPLATE_CATEGORY_VALUES = ['reminder', 'demand', 'plan', 'kfm', 'lawsuit', 'portal', 'gdpr', 'creditor', 'receipt', 'dispute', 'custom'] as const;
export const commTemplateCategorySchema = enumSchema(TEMPLATE_CATEGORY_VALUES);

/**
 * Communication and delivery statuses as stored (spec part 1 §4). Their transitions (cancel
 * from pending/queued, resend and change channel when failed) are the communications module's.
 */
const COMMUNICATION_STATUS_VALUES = ['pending', 'queued', 'sent', 'delivered', 'opened', 'failed', 'bounced', 'throttled', 'cancelled'] as const;
export const communicationStatusSchema = enumSchema(COMMUNICATION_STATUS_VALUES);

// ── templates ───────────────────────────────────────────────────────────────────────────────

export const commTemplateSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  code: z.string(),
  name: z.string(),
  category: commTemplateCategorySchema,
  channel: commChannelSchema,
  language: z.string(),
  subject: z.string().nullable(),
  body_md: z.string(),
  /** Distinct `{{variable}}` names found in the body. */
  variables_json: z.array(z.string()).nullable(),
  is_active: z.boolean(),
  version: z.int().min(1),
  created_at: isoInstantSchema.nullish(),
  updated_at: isoInstantSchema.nullish(),
});

/** Channels whose messages have a subject line (part 2 §5). */
const CHANNELS_WITH_SUBJECT: readonly CommChannelValue[] = ['email', 'letter'];

const templateNameOrCode = z.string({ error: ERROR_MESSAGES.TEMPLATE_FIELDS_MISSING }).trim().min(1, ERROR_MESSAGES.TEMPLATE_FIELDS_MISSING);

/**
 * The template editor (part 2 §5): name and code required ('Namn och kod måste fyllas i.'), code
 * upper-cased, language at most 2 characters (default sv), version an integer >= 1 (default 1),
 * category default custom, channel default email; the subject is kept only for email and
 * letter. variables_json is filled by the communications module from the body when absent.
 * @example commTemplateInputSchema.parse({ name: 'Påminnelse', code: 'rem1', body_md: 'Hej {{debtor_name}}' })
 */
export const commTemplateInputSchema = z
  .object({
    name: templateNameOrCode.max(200, ERROR_MESSAGES.TEXT_TOO_LONG),
    code: templateNameOrCode.max(100, ERROR_MESSAGES.TEXT_TOO_LONG).transform((code) => code.toUpperCase()),
    category: commTemplateCategorySchema.default('custom'),
    channel: commChannelSchema.default('email'),
    language: z.string().trim().min(1, REQUIRED_FIELD_MESSAGE).max(2, ERROR_MESSAGES.TEXT_TOO_LONG).default('sv'),
    subject: optionalTextSchema(300),
    body_md: requiredTextSchema(REQUIRED_FIELD_MESSAGE, 20_000),
    variables_json: z.array(z.string()).optional(),
    is_active: z.boolean().default(true),
    version: z.int({ error: ERROR_MESSAGES.VALUE_OUT_OF_RANGE }).min(1, ERROR_MESSAGES.VALUE_OUT_OF_RANGE).default(1),
  })
  .transform((template) => ({ ...template, subject: CHANNELS_WITH_SUBJECT.includes(template.channel) ? template.subject : null }));

export type CommTemplateEntity = z.infer<typeof commTemplateSchema>;
export type CommTemplateInput = z.infer<typeof commTemplateInputSchema>;

// ── channel settings ────────────────────────────────────────────────────────────────────────

/** Providers per channel (spec part 2 §9). */
export const COMM_CHANNEL_PROVIDERS: Readonly<Record<CommChannelValue, readonly string[]>> = {
  email: ['smtp', 'sendgrid'],
  sms: ['46elks', 'twilio'],
  letter: ['manual', 'printpartner'],
  kivra: ['kivra'],
};

/**
 * An SMS sender name (part 2 §5): at most 11 letters. Only A–Z and a–z: operators refuse other
 * characters, å/ä/ö included, in alphanumeric sender ids.
 * @example smsSenderNameSchema.parse('Inkasso')
 */
export const smsSenderNameSchema = z
  .string({ error: ERROR_MESSAGES.INVALID_SMS_SENDER })
  .trim()
  .regex(/^[A-Za-z]{1,11}$/, ERROR_MESSAGES.INVALID_SMS_SENDER);

/**
 * Settings of one channel (comm_channels_settings, one row per organisation and channel).
 * `sandbox` is the spec's "sandbox flag": messages are logged by the simulator, not sent.
 */
export const commChannelSettingSchema = z.object({
  id: uuidSchema.nullish(),
  org_id: uuidSchema,
  channel: commChannelSchema,
  provider: z.string(),
  credentials_json: jsonObjectSchema.nullable(),
  is_active: z.boolean(),
  sandbox: z.boolean(),
  created_at: isoInstantSchema.nullish(),
  updated_at: isoInstantSchema.nullish(),
});

/**
 * The communication settings form: the provider must belong to the channel; for SMS a
 * credentials_json.sender_name must be a valid sender name.
 * @example commChannelSettingInputSchema.parse({ channel: 'sms', provider: '46elks', credentials_json: { sender_name: 'Inkasso' } })
 */
export const commChannelSettingInputSchema = z
  .object({
    channel: commChannelSchema,
    provider: requiredTextSchema(REQUIRED_FIELD_MESSAGE, 50),
    credentials_json: jsonObjectSchema.default({}),
    is_active: z.boolean().default(true),
    sandbox: z.boolean().default(true),
  })
  .superRefine((setting, context) => {
    if (!COMM_CHANNEL_PROVIDERS[setting.channel].includes(setting.provider)) {
      context.addIssue({ code: 'custom', message: ERROR_MESSAGES.INVALID_OPTION, path: ['provider'] });
    }
    const senderName = setting.credentials_json['sender_name'];
    if (setting.channel === 'sms' && senderName !== undefined && !smsSenderNameSchema.safeParse(senderName).success) {
      context.addIssue({ code: 'custom', message: ERROR_MESSAGES.INVALID_SMS_SENDER, path: ['credentials_json', 'sender_name'] });
    }
  });

export type CommChannelSettingEntity = z.infer<typeof commChannelSettingSchema>;
export type CommChannelSettingInput = z.infer<typeof commChannelSettingInputSchema>;

// ── communications and deliveries ───────────────────────────────────────────────────────────

export const communicationSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  case_id: uuidSchema,
  channel: commChannelSchema,
  template_id: uuidSchema.nullable(),
  recipient: z.string(),
  subject: z.string().nullable(),
  body_rendered: z.string(),
  status: communicationStatusSchema,
  /** SHA-256 hex over organisation, recipient, template, subject, body and date (part 1 §9). */
  dedupe_hash: z.string().nullable(),
  unsubscribe_link_included: z.boolean(),
  /** File-storage keys with display names. */
  attachments_json: z.array(z.looseObject({ key: z.string(), filename: z.string(), content_type: z.string().optional() })).nullable(),
  rendered_pdf_id: z.string().nullable(),
  open_count: countSchema,
  sent_at: isoInstantSchema.nullish(),
  created_at: isoInstantSchema,
});

export const commDeliverySchema = z.object({
  id: uuidSchema.nullish(),
  org_id: uuidSchema.nullish(),
  communication_id: uuidSchema,
  provider: z.string().nullish(),
  provider_message_id: z.string().nullish(),
  status: communicationStatusSchema,
  attempts: countSchema,
  status_detail: z.string().nullable(),
  next_retry_at: isoInstantSchema.nullable(),
  created_at: isoInstantSchema.nullish(),
  updated_at: isoInstantSchema.nullish(),
});

/** An opt-out token; revoking sets revoked_at and hides it from the list (part 2 §4). */
export const unsubscribeTokenSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  channel: commChannelSchema,
  recipient: z.string(),
  token: z.string(),
  created_at: isoInstantSchema,
  revoked_at: isoInstantSchema.nullable(),
});

export type CommunicationEntity = z.infer<typeof communicationSchema>;
export type CommDeliveryEntity = z.infer<typeof commDeliverySchema>;
export type UnsubscribeTokenEntity = z.infer<typeof unsubscribeTokenSchema>;
