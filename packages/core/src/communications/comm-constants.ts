/** Channels a message goes out on (spec part 1 §3, part 2 §9). */
export const COMM_CHANNELS = ['email', 'sms', 'letter', 'kivra'] as const;
export type CommChannel = (typeof COMM_CHANNELS)[number];

/** Swedish channel names, as the communication settings tabs show them (part 2 §2). */
export const COMM_CHANNEL_LABELS: Readonly<Record<CommChannel, string>> = {
  email: 'E-post',
  sms: 'SMS',
  letter: 'Brev',
  kivra: 'Kivra',
};

/** Template categories (spec part 2 §9). */
export const COMM_TEMPLATE_CATEGORIES = ['reminder', 'demand', 'plan', 'kfm', 'lawsuit', 'portal', 'gdpr', 'creditor', 'receipt', 'dispute', 'custom'] as const;
export type CommTemplateCategory = (typeof COMM_TEMPLATE_CATEGORIES)[number];

/** Swedish category names, as the template library's filter chips show them. */
export const COMM_TEMPLATE_CATEGORY_LABELS: Readonly<Record<CommTemplateCategory, string>> = {
  reminder: 'Påminnelse',
  demand: 'Inkassokrav',
  plan: 'Betalplan',
  kfm: 'Kronofogden',
  lawsuit: 'Tvistemål',
  portal: 'Portal',
  gdpr: 'GDPR',
  creditor: 'Borgenär',
  receipt: 'Kvitto',
  dispute: 'Invändning',
  custom: 'Anpassad',
};

/** The categories the simple "new template" dialog offers (part 2 §9). */
export const COMM_TEMPLATE_SIMPLE_CATEGORIES: readonly CommTemplateCategory[] = ['reminder', 'demand', 'plan', 'custom'];

/** Channels whose messages carry a subject line (part 2 §5). */
export const COMM_CHANNELS_WITH_SUBJECT: readonly CommChannel[] = ['email', 'letter'];

/** Template defaults (part 2 §9): category custom, channel email, language sv, version 1. */
export const COMM_TEMPLATE_DEFAULTS = {
  category: 'custom',
  channel: 'email',
  language: 'sv',
  version: 1,
} as const satisfies { category: CommTemplateCategory; channel: CommChannel; language: string; version: number };

/** Characters of a template shown as its preview (part 2 §9). */
export const COMM_TEMPLATE_PREVIEW_LENGTH = 150;

/** Longest language code (part 2 §5: language max 2 characters, e.g. "sv", "en"). */
export const COMM_TEMPLATE_LANGUAGE_MAX_LENGTH = 2;
