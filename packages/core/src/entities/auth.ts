import { z } from 'zod';
import type { AllocationOrder } from '../allocation';
import { ERROR_MESSAGES } from '../errors';
import {
  enumSchema,
  isoInstantSchema,
  jsonObjectSchema,
  optionalTextSchema,
  REQUIRED_FIELD_MESSAGE,
  requiredTextSchema,
  uuidSchema,
} from './shared';
import { ONBOARDING_CHECKLIST_CODES } from '../onboarding/onboarding-steps';

// ── organisation ────────────────────────────────────────────────────────────────────────────

/** address_json of an organisation (spec part 2 §3). */
export const organisationAddressSchema = z.object({
  street: z.string().nullish(),
  city: z.string().nullish(),
  zip: z.string().nullish(),
  country: z.string().nullish(),
});

const ALLOCATION_ORDERS = ['costs_first', 'principal_first'] as const satisfies readonly AllocationOrder[];

/**
 * The organisation's settings beyond the spec's fields (columns of organisations): how payments
 * are allocated (see packages/core/src/allocation; default costs_first) and whether members must
 * use a second factor (aal2) to work in the organisation.
 */
export const organisationSettingsSchema = z.object({
  allocation_order: enumSchema(ALLOCATION_ORDERS).default('costs_first'),
  require_mfa: z.boolean().default(false),
});

/** An organisation; settings_json holds further free-form settings read by the services. */
export const organisationSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  org_no: z.string().nullable(),
  address_json: organisationAddressSchema.nullable(),
  allocation_order: enumSchema(ALLOCATION_ORDERS),
  require_mfa: z.boolean(),
  default_interest_profile_id: uuidSchema.nullish(),
  settings_json: jsonObjectSchema.nullish(),
  created_at: isoInstantSchema.nullish(),
  updated_at: isoInstantSchema.nullish(),
});

/**
 * The organisation settings form (spec part 2 §2): name required, org number and address
 * optional (logo upload is not available).
 * @example organisationUpdateInputSchema.parse({ name: 'Inkasso AB' })
 */
export const organisationUpdateInputSchema = z.object({
  name: requiredTextSchema(),
  org_no: optionalTextSchema(20),
  address_json: z
    .object({
      street: optionalTextSchema(200),
      city: optionalTextSchema(100),
      zip: optionalTextSchema(20),
      country: optionalTextSchema(100),
    })
    .nullish()
    .transform((value) => value ?? null),
  allocation_order: enumSchema(ALLOCATION_ORDERS).optional(),
  require_mfa: z.boolean().optional(),
});

export type OrganisationAddress = z.infer<typeof organisationAddressSchema>;
export type OrganisationSettings = z.infer<typeof organisationSettingsSchema>;
export type OrganisationEntity = z.infer<typeof organisationSchema>;
export type OrganisationUpdateInput = z.infer<typeof organisationUpdateInputSchema>;

// ── profile and membership ──────────────────────────────────────────────────────────────────

export const profileSchema = z.object({
  id: uuidSchema,
  full_name: z.string().nullable(),
  email: z.string(),
  avatar_url: z.string().nullable(),
});

/**
 * The profile dialog: the name is required; the e-mail cannot be changed (part 1 §2).
 * @example profileUpdateInputSchema.parse({ full_name: 'Anna Andersson' })
 */
export const profileUpdateInputSchema = z.object({ full_name: requiredTextSchema(REQUIRED_FIELD_MESSAGE, 200) });

/** Roles per organisation (spec part 2 §6). */
export const ORG_ROLES = ['admin', 'handler', 'finance', 'legal', 'client'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

/** Swedish labels, verbatim from spec part 2 §6. */
export const ORG_ROLE_LABELS: Readonly<Record<OrgRole, string>> = {
  admin: 'Administratör',
  handler: 'Handläggare',
  finance: 'Ekonomi',
  legal: 'Juridik',
  client: 'Kund',
};

export const orgRoleSchema = enumSchema(ORG_ROLES);

/**
 * A membership (user_org_roles). creditor_id names the creditor whose cases a `client` member
 * may read (docs/roles.md); null for staff roles.
 */
export const userOrgRoleSchema = z.object({
  id: uuidSchema.nullish(),
  user_id: uuidSchema,
  org_id: uuidSchema,
  role: orgRoleSchema,
  creditor_id: uuidSchema.nullish(),
  created_at: isoInstantSchema.nullish(),
});

export type ProfileEntity = z.infer<typeof profileSchema>;
export type ProfileUpdateInput = z.infer<typeof profileUpdateInputSchema>;
export type UserOrgRoleEntity = z.infer<typeof userOrgRoleSchema>;

// ── sign-up, sign-in, portal login ──────────────────────────────────────────────────────────

/** Password minimum (spec part 1 §9). */
export const PASSWORD_MIN_LENGTH = 6;

const emailInput = z
  .string({ error: REQUIRED_FIELD_MESSAGE })
  .trim()
  .min(1, REQUIRED_FIELD_MESSAGE)
  .pipe(z.email({ error: ERROR_MESSAGES.INVALID_EMAIL }));

/**
 * Sign-up (part 1 §5): e-mail, password (at least 6 characters, 'Minst 6 tecken') and full name.
 * @example signUpInputSchema.parse({ email: 'a@b.se', password: 'hemligt', full_name: 'Anna' })
 */
export const signUpInputSchema = z.object({
  email: emailInput,
  password: z
    .string({ error: REQUIRED_FIELD_MESSAGE })
    .min(1, REQUIRED_FIELD_MESSAGE)
    .min(PASSWORD_MIN_LENGTH, ERROR_MESSAGES.PASSWORD_TOO_SHORT),
  full_name: requiredTextSchema(REQUIRED_FIELD_MESSAGE, 200),
});

/**
 * Sign-in with e-mail and password.
 * @example signInInputSchema.parse({ email: 'a@b.se', password: 'hemligt' })
 */
export const signInInputSchema = z.object({
  email: emailInput,
  password: z.string({ error: REQUIRED_FIELD_MESSAGE }).min(1, REQUIRED_FIELD_MESSAGE),
});

/**
 * Portal BankID login (part 2 §5): a personal number of exactly 12 digits (YYYYMMDDXXXX).
 * The checksum is the identifiers module's job.
 * @example portalLoginInputSchema.parse({ national_id: '199001011234' })
 */
export const portalLoginInputSchema = z.object({
  national_id: z
    .string({ error: ERROR_MESSAGES.INVALID_PERSONNUMMER })
    .trim()
    .regex(/^\d{12}$/, ERROR_MESSAGES.INVALID_PERSONNUMMER),
});

export type SignUpInput = z.infer<typeof signUpInputSchema>;
export type SignInInput = z.infer<typeof signInInputSchema>;
export type PortalLoginInput = z.infer<typeof portalLoginInputSchema>;

// ── onboarding and notifications ────────────────────────────────────────────────────────────


export const onboardingStepSchema = z.object({
  id: uuidSchema.nullish(),
  org_id: uuidSchema,
  step_code: enumSchema(ONBOARDING_CHECKLIST_CODES),
  completed: z.boolean(),
  completed_at: isoInstantSchema.nullable(),
  completed_by: uuidSchema.nullable(),
});

/** Notification types the UI styles; anything else is shown as info (spec part 1 §3). */
export const NOTIFICATION_TYPES = ['success', 'warning', 'error', 'message', 'info'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A stored notification; `type` stays open text because unknown types are shown as info. */
export const notificationSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  /** null: for everyone in the organisation. */
  user_id: uuidSchema.nullable(),
  type: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  read_at: isoInstantSchema.nullable(),
  created_at: isoInstantSchema,
});

/**
 * A new notification (raised by services).
 * @example notificationCreateInputSchema.parse({ org_id, type: 'success', message: 'Betalning avräknad' })
 */
export const notificationCreateInputSchema = z.object({
  org_id: uuidSchema,
  user_id: uuidSchema.nullish().transform((value) => value ?? null),
  type: enumSchema(NOTIFICATION_TYPES).default('info'),
  message: requiredTextSchema(REQUIRED_FIELD_MESSAGE, 1000),
  link: optionalTextSchema(500),
});

export type OnboardingStepEntity = z.infer<typeof onboardingStepSchema>;
export type NotificationEntity = z.infer<typeof notificationSchema>;
export type NotificationCreateInput = z.infer<typeof notificationCreateInputSchema>;
