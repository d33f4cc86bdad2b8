import { COMM_CHANNELS, COMMUNICATION_STATUSES } from '@fordran/core';
import { z } from './zod-setup';
import { cursorQuerySchema, limitQuerySchema } from './common';

/*
 * Sending messages to debtors, their history and opt-outs (issue 11, spec part 1 §2–§5, part 2
 * §3, §7): the HTTP and CLI contract.
 */

const channelSchema = z.enum(COMM_CHANNELS, { error: `Kanalen måste vara en av ${COMM_CHANNELS.join(', ')}` });
const statusSchema = z.enum(COMMUNICATION_STATUSES, { error: `Status måste vara en av ${COMMUNICATION_STATUSES.join(', ')}` });

/** A template by id or code ('INKASSOKRAV_EMAIL'). */
const templateRefSchema = z
  .string({ error: 'Välj en mall' })
  .trim()
  .min(1, 'Välj en mall')
  .max(100, 'Ogiltig mall')
  .meta({ description: 'Mallens id eller kod' });

/** 'Skicka meddelande': a template, and a channel when not the template's own. */
export const communicationSendSchema = z.object({
  template: templateRefSchema,
  channel: channelSchema.optional().meta({ description: 'Kanal; utan den mallens egen' }),
});
export type CommunicationSendInput = z.input<typeof communicationSendSchema>;

/** 'Byt kanal': the new channel (default: kivra → letter, e-mail ↔ SMS). */
export const communicationChangeChannelSchema = z.object({
  channel: channelSchema.optional().meta({ description: 'Ny kanal; utan den: kivra → brev, e-post ↔ SMS' }),
});
export type CommunicationChangeChannelInput = z.input<typeof communicationChangeChannelSchema>;

/** `?status=failed,bounced` (or the parameter repeated): one status or several. */
const statusListSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((text) => text.split(','))
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(statusSchema).max(COMMUNICATION_STATUSES.length))
  .meta({ description: 'En eller flera statusar, kommaseparerade (t.ex. pending,queued)' });

/** The history: newest first, 50 a page, later pages by cursor. */
export const communicationListQuerySchema = z.object({
  status: statusListSchema.optional(),
  channel: channelSchema.optional(),
  /** Only this case's messages. */
  case_id: z.string().trim().min(1).max(100).optional(),
  limit: limitQuerySchema.shape.limit,
  cursor: cursorQuerySchema,
});
export type CommunicationListQuery = z.input<typeof communicationListQuerySchema>;

const actionsSchema = z.object({ can_cancel: z.boolean(), can_resend: z.boolean(), can_change_channel: z.boolean() });

export const communicationDeliverySchema = z.object({
  id: z.string(),
  status: statusSchema,
  status_label: z.string(),
  provider: z.string().nullable(),
  provider_message_id: z.string().nullable(),
  /** Attempts of this round (the first send, or a resend or change of channel). */
  attempts: z.number().int(),
  /** Why it is where it is: the provider's answer, the quiet hours, an error. */
  status_detail: z.string().nullable(),
  /** When the next attempt is due; while an attempt is with the provider, when it counts as interrupted. */
  next_retry_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CommunicationDeliveryResponse = z.infer<typeof communicationDeliverySchema>;

export const communicationResponseSchema = z.object({
  id: z.string(),
  case_id: z.string(),
  /** The claim's reference number. */
  case_reference: z.string().nullable(),
  debtor_name: z.string().nullable(),
  channel: channelSchema,
  /** 'E-post', 'SMS', 'Brev', 'Kivra'. */
  channel_label: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  /** The text as sent (rendered at sending, with its unsubscribe link). */
  body: z.string(),
  status: statusSchema,
  /** 'Köad', 'Levererad', 'Öppnad', 'Misslyckad', 'Begränsad', 'Avbruten' (spec part 1 §4). */
  status_label: z.string(),
  template_id: z.string().nullable(),
  template_code: z.string().nullable(),
  template_name: z.string().nullable(),
  unsubscribe_link_included: z.boolean(),
  rendered_pdf_id: z.string().nullable(),
  open_count: z.number().int(),
  /** When the provider took it; null until then. */
  sent_at: z.string().nullable(),
  created_at: z.string(),
  /** The current delivery round; null for a message written before deliveries existed. */
  delivery: communicationDeliverySchema.nullable(),
  /** True while an attempt is with the provider (it cannot be cancelled then). */
  in_flight: z.boolean(),
  actions: actionsSchema,
  /** Where 'Byt kanal' can move it (empty unless it failed). */
  change_channel_to: z.array(channelSchema),
});
export type CommunicationResponse = z.infer<typeof communicationResponseSchema>;

export const communicationDetailResponseSchema = communicationResponseSchema.extend({
  /** Every delivery round, newest first. */
  deliveries: z.array(communicationDeliverySchema),
});
export type CommunicationDetailResponse = z.infer<typeof communicationDetailResponseSchema>;

export const communicationListResponseSchema = z.object({
  items: z.array(communicationResponseSchema),
  /** The cursor of the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type CommunicationListResponse = z.infer<typeof communicationListResponseSchema>;

/** The rule violations that did not block a send (warnings, infos). */
const violationSchema = z.object({ rule_code: z.string(), level: z.string(), message: z.string() });

export const communicationSendResponseSchema = z.object({
  communication: communicationResponseSchema,
  violations: z.array(violationSchema),
});
export type CommunicationSendResponse = z.infer<typeof communicationSendResponseSchema>;

/** The send dialog's preview: the message as it would go out now, and what would stop it. */
export const communicationPreviewResponseSchema = z.object({
  channel: channelSchema,
  channel_label: z.string(),
  /** Null when the debtor has no contact for the channel (then `refusal` says so). */
  recipient: z.string().nullable(),
  subject: z.string().nullable(),
  /** The rendered body with the case's real values; e-mail and SMS get their unsubscribe line when sent. */
  body: z.string(),
  /** Whether the sent message will carry an unsubscribe link. */
  unsubscribe_link: z.boolean(),
  /** Why sending would be refused now (no contact, opted out, already sent today), or null. */
  refusal: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** Why a letter goes out despite an opt-out (legal steps), or null. */
  opt_out_note: z.string().nullable(),
  /** The channels the debtor has opted out of. */
  opted_out_channels: z.array(channelSchema),
});
export type CommunicationPreviewResponse = z.infer<typeof communicationPreviewResponseSchema>;

/** What the send dialog offers on a case: the active templates, and each channel as the debtor can be reached on it. */
export const communicationSendOptionsSchema = z.object({
  templates: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      name: z.string(),
      category: z.string(),
      /** The template's own channel (the dialog's default). */
      channel: channelSchema,
    }),
  ),
  channels: z.array(
    z.object({
      channel: channelSchema,
      channel_label: z.string(),
      /** Where a message on it goes; null without the contact. */
      recipient: z.string().nullable(),
      /** The debtor opted out of it (a letter of a legal step still goes). */
      opted_out: z.boolean(),
      /** Why nothing can be sent on it ('Ingen e-postadress/telefonnummer finns för gäldenären'), or null. */
      unavailable_reason: z.string().nullable(),
      /** The channel sends through a local stand-in (simulation, as /settings/communication says): nothing reaches the debtor. */
      simulated: z.boolean(),
    }),
  ),
});
export type CommunicationSendOptions = z.infer<typeof communicationSendOptionsSchema>;

/** `fordran communications deliver`: what one run of the delivery worker did. */
export const deliveryRunResponseSchema = z.object({
  /** Delivery attempts run. */
  attempts: z.number().int(),
  /** Messages by the status they ended the run in. */
  by_status: z.record(z.string(), z.number().int()),
});
export type DeliveryRunResponse = z.infer<typeof deliveryRunResponseSchema>;

// ── opt-out ─────────────────────────────────────────────────────────────────────────────────

export const optOutListQuerySchema = z.object({
  channel: channelSchema.optional(),
  limit: limitQuerySchema.shape.limit,
  cursor: cursorQuerySchema,
});
export type OptOutListQuery = z.input<typeof optOutListQuerySchema>;

export const optOutResponseSchema = z.object({
  id: z.string(),
  channel: channelSchema,
  channel_label: z.string(),
  recipient: z.string(),
  /** When the recipient followed the link. */
  opted_out_at: z.string(),
  /** When the token was made (the first message with the link). */
  created_at: z.string(),
});
export type OptOutResponse = z.infer<typeof optOutResponseSchema>;

export const optOutListResponseSchema = z.object({
  items: z.array(optOutResponseSchema),
  next_cursor: z.string().nullable(),
});
export type OptOutListResponse = z.infer<typeof optOutListResponseSchema>;

/** The public unsubscribe page: whose opt-out the link records (the recipient masked). */
export const unsubscribeResponseSchema = z.object({
  organisation_name: z.string(),
  channel: channelSchema,
  channel_label: z.string(),
  /** The address or number, partly hidden: 's***@example.se'. */
  recipient: z.string(),
  /** True once the recipient is opted out. */
  opted_out: z.boolean(),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;
