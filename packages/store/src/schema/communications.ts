import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { index, table, uniqueIndex } from './table';
import { createdAt, flag, id, instant, integer, json, text, updatedAt } from './columns';
import { CHANNELS, COMMUNICATION_STATUSES, TEMPLATE_CATEGORIES } from './enums';
import { users } from './auth';
import { tenantId } from './orgs';
import { cases } from './cases';

/**
 * Message templates (part 2 §3). Code is fixed once created. Edited in place until a message has
 * been made from it; after that an edit raises `version` and the replaced text goes to
 * comm_template_versions.
 */
export const commTemplates = table(
  'comm_templates',
  {
    id: id(),
    org_id: tenantId(),
    /** Upper case, unique per organisation. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    category: text('category', { enum: TEMPLATE_CATEGORIES }).notNull().default('custom'),
    channel: text('channel', { enum: CHANNELS }).notNull().default('email'),
    /** Two letters, default 'sv'. */
    language: text('language').notNull().default('sv'),
    /** Only for email and letter. */
    subject: text('subject'),
    body_md: text('body_md').notNull(),
    /** Distinct {{placeholders}} found in the body. */
    variables_json: json<string[]>('variables_json')
      .notNull()
      .$defaultFn(() => []),
    is_active: flag('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('comm_templates_org_code_uq').on(t.org_id, t.code), index('comm_templates_org_category_name_idx').on(t.org_id, t.category, t.name)],
);

/**
 * The replaced texts of a template (issue 11: editing a template that has been sent makes a new
 * version). A row holds version `version` as it read until `replaced_at`: the text a message
 * created before then was rendered from (the 180 kr fee checks that text, not today's).
 */
export const commTemplateVersions = table(
  'comm_template_versions',
  {
    id: id(),
    org_id: tenantId(),
    template_id: text('template_id')
      .notNull()
      .references((): AnySQLiteColumn => commTemplates.id),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    subject: text('subject'),
    body_md: text('body_md').notNull(),
    replaced_at: instant('replaced_at').notNull(),
    replaced_by: text('replaced_by').references((): AnySQLiteColumn => users.id),
  },
  (t) => [
    uniqueIndex('comm_template_versions_template_version_uq').on(t.template_id, t.version),
    index('comm_template_versions_org_template_idx').on(t.org_id, t.template_id),
  ],
);

/**
 * Provider configuration per channel (part 2 §3, upsert key org_id + channel). Secrets in
 * credentials_json are only as safe as the database file; services should encrypt them.
 */
export const commChannelsSettings = table(
  'comm_channels_settings',
  {
    id: id(),
    org_id: tenantId(),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    provider: text('provider').notNull(),
    credentials_json: json<Record<string, unknown>>('credentials_json')
      .notNull()
      .$defaultFn(() => ({})),
    is_active: flag('is_active').notNull().default(false),
    /** Sandbox: messages are logged by the simulator, not sent. */
    sandbox: flag('sandbox').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('comm_channels_settings_org_channel_uq').on(t.org_id, t.channel)],
);

/** An attachment of a message: a FileStorage key with its display name. */
export interface CommunicationAttachment {
  key: string;
  filename: string;
  content_type?: string;
}

/**
 * One message to a debtor about a case (part 1 §3). dedupe_hash = SHA-256 over organisation,
 * recipient, template, subject, rendered body and the date (part 1 §9): a repeat the same day is
 * found by the index on (org_id, dedupe_hash). Dispatch evidence matters for preskriptionsavbrott
 * (domain reference §4.5), hence sent_at and the delivery rows.
 */
export const communications = table(
  'communications',
  {
    id: id(),
    org_id: tenantId(),
    case_id: text('case_id')
      .notNull()
      .references((): AnySQLiteColumn => cases.id),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    template_id: text('template_id').references((): AnySQLiteColumn => commTemplates.id),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body_rendered: text('body_rendered').notNull(),
    status: text('status', { enum: COMMUNICATION_STATUSES }).notNull().default('pending'),
    dedupe_hash: text('dedupe_hash').notNull(),
    unsubscribe_link_included: flag('unsubscribe_link_included').notNull().default(false),
    attachments_json: json<CommunicationAttachment[]>('attachments_json')
      .notNull()
      .$defaultFn(() => []),
    /** FileStorage key of the rendered PDF (letters). */
    rendered_pdf_id: text('rendered_pdf_id'),
    open_count: integer('open_count').notNull().default(0),
    sent_at: instant('sent_at'),
    created_by: text('created_by').references((): AnySQLiteColumn => users.id),
    created_at: createdAt(),
  },
  (t) => [
    index('communications_org_case_created_idx').on(t.org_id, t.case_id, t.created_at),
    index('communications_org_dedupe_idx').on(t.org_id, t.dedupe_hash),
    index('communications_org_status_idx').on(t.org_id, t.status),
  ],
);

/** Delivery attempts of a communication through its provider (retry with next_retry_at). */
export const commDeliveries = table(
  'comm_deliveries',
  {
    id: id(),
    org_id: tenantId(),
    communication_id: text('communication_id')
      .notNull()
      .references((): AnySQLiteColumn => communications.id),
    provider: text('provider'),
    provider_message_id: text('provider_message_id'),
    status: text('status', { enum: COMMUNICATION_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    status_detail: text('status_detail'),
    next_retry_at: instant('next_retry_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('comm_deliveries_communication_idx').on(t.communication_id),
    index('comm_deliveries_org_status_retry_idx').on(t.org_id, t.status, t.next_retry_at),
  ],
);

/**
 * Opt-outs (part 2 §3, §7): per recipient and channel, with the token used in unsubscribe links.
 * The row is made with the first message that carries a link and reused by every later one;
 * opted_out_at is set when the recipient follows the link. Opted out = opted_out_at set and
 * revoked_at null: staff see those rows and revoke one by setting revoked_at (the opt-out no
 * longer applies; following the link again opts out anew). The token is kept in clear (the
 * spec's field) so one token can be reused in every message to the recipient: it only lets
 * someone opt that recipient out, unlike session or invitation tokens, which are stored hashed.
 */
export const unsubscribeTokens = table(
  'unsubscribe_tokens',
  {
    id: id(),
    org_id: tenantId(),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    token: text('token').notNull(),
    created_at: createdAt(),
    revoked_at: instant('revoked_at'),
    /** When the recipient followed the link; null while they have not. */
    opted_out_at: instant('opted_out_at'),
  },
  (t) => [uniqueIndex('unsubscribe_tokens_token_uq').on(t.token), index('unsubscribe_tokens_org_channel_recipient_idx').on(t.org_id, t.channel, t.recipient)],
);
