import { COMM_CHANNELS } from '@fordran/core';
import { z } from './zod-setup';

/*
 * Communication settings (spec part 2 §2–§3, §9: /settings/communication, tabs E-post, SMS, Kivra,
 * Brev) and the letter print queue. Credentials go in and are never sent back: a response says
 * which credential fields are set, masked.
 */

export const commChannelSchema = z.enum(COMM_CHANNELS, { error: 'Kanalen måste vara email, sms, letter eller kivra' });

export const providerFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  kind: z.enum(['text', 'email', 'number', 'select', 'secret']),
  required: z.boolean(),
  hint: z.string().optional(),
  placeholder: z.string().optional(),
  choices: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  default: z.string().optional(),
});
export type ProviderFieldResponse = z.infer<typeof providerFieldSchema>;

export const providerDefinitionSchema = z.object({
  provider: z.string(),
  label: z.string(),
  description: z.string(),
  options: z.array(providerFieldSchema),
  secrets: z.array(providerFieldSchema),
});
export type ProviderDefinitionResponse = z.infer<typeof providerDefinitionSchema>;

export const channelCredentialSchema = z.object({
  field: z.string(),
  label: z.string(),
  set: z.boolean(),
  /** '••••••••' when set; never any part of the value. */
  masked: z.string().nullable(),
});

export const channelSettingSchema = z.object({
  channel: commChannelSchema,
  /** E-post, SMS, Kivra, Brev. */
  label: z.string(),
  /** The comm_channels_settings row, null while the organisation has saved nothing for the channel. */
  id: z.string().nullable(),
  provider: z.string(),
  is_active: z.boolean(),
  sandbox: z.boolean(),
  /** The provider's settings shown in clear (server, port, sender name, service level …). */
  options: z.record(z.string(), z.string()),
  credentials: z.array(channelCredentialSchema),
  /** False when stored credentials cannot be decrypted (the server secret changed): enter them again. */
  credentials_readable: z.boolean(),
  /** What sends the channel's messages now. */
  effective: z.object({
    provider: z.string(),
    /** True: a local stand-in, nothing leaves the server (the page says so). */
    simulated: z.boolean(),
    /** organisation: this setting; server: the server's default (the setting is missing or inactive). */
    source: z.enum(['organisation', 'server']),
  }),
  updated_at: z.string().nullable(),
});
export type ChannelSettingResponse = z.infer<typeof channelSettingSchema>;

export const channelSettingsResponseSchema = z.object({
  channels: z.array(channelSettingSchema),
  providers: z.object({
    email: z.array(providerDefinitionSchema),
    sms: z.array(providerDefinitionSchema),
    kivra: z.array(providerDefinitionSchema),
    letter: z.array(providerDefinitionSchema),
  }),
});
export type ChannelSettingsResponse = z.infer<typeof channelSettingsResponseSchema>;

/**
 * Saving a channel (upsert on organisation + channel). `credentials`: a value replaces that field,
 * null or '' removes it, a field left out keeps what is stored (the browser never has it).
 */
export const channelSettingUpdateSchema = z.object({
  provider: z.string({ error: 'Välj leverantör' }).trim().min(1, 'Välj leverantör'),
  is_active: z.boolean({ error: 'Ange om kanalen är aktiv' }),
  sandbox: z.boolean({ error: 'Ange om sandlådeläget är på' }),
  options: z.record(z.string(), z.string().max(500, 'Högst 500 tecken')).default({}),
  credentials: z.record(z.string(), z.string().max(4000, 'Högst 4000 tecken').nullable()).default({}),
});
export type ChannelSettingUpdateInput = z.input<typeof channelSettingUpdateSchema>;

export const simulatedMessageSchema = z.object({
  id: z.string(),
  channel: commChannelSchema,
  provider: z.string(),
  to: z.string(),
  from: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string(),
  provider_message_id: z.string().nullable(),
  /** Whether the whole message (.eml, PDF) can be downloaded. */
  has_file: z.boolean(),
  recorded_at: z.string(),
});
export const simulatedMessagesResponseSchema = z.object({ items: z.array(simulatedMessageSchema) });
export type SimulatedMessagesResponse = z.infer<typeof simulatedMessagesResponseSchema>;

export const queuedLetterSchema = z.object({
  id: z.string(),
  case_id: z.string(),
  reference_no: z.string().nullable(),
  recipient: z.string(),
  subject: z.string().nullable(),
  created_at: z.string(),
});

export const printBatchSchema = z.object({
  id: z.string(),
  count: z.number().int(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  letters: z.array(queuedLetterSchema),
});
export type PrintBatchResponse = z.infer<typeof printBatchSchema>;

export const printQueueResponseSchema = z.object({
  /** The oldest letters waiting (at most one batch: 500). */
  letters: z.array(queuedLetterSchema),
  /** The latest batches, newest first. */
  batches: z.array(printBatchSchema),
});
export type PrintQueueResponse = z.infer<typeof printQueueResponseSchema>;
