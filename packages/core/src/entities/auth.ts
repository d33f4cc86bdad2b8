import { z } from 'zod';
import type { AllocationOrder } from '../allocation';
import { ERROR_MESSAGES } from '../errors';
import { enumSchema, isoInstantSchema, jsonObjectSchema, uuidSchema } from './shared';
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

export type OrganisationAddress = z.infer<typeof organisationAddressSchema>;
export type OrganisationSettings = z.infer<typeof organisationSettingsSchema>;
export type OrganisationEntity = z.infer<typeof organisationSchema>;

// ── profile and membership ──────────────────────────────────────────────────────────────────

export const profileSchema = z.object({
  id: uuidSchema,
  full_name: z.string().nullable(),
  email: z.string(),
  avatar_url: z.string().nullable(),
});

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
export type UserOrgRoleEntity = z.infer<typeof userOrgRoleSchema>;

// ── users, sessions, second factors, invitations ────────────────────────────────────────────
// Authentication rows exist apart from any organisation (membership is user_org_roles). Secrets
// are not part of these entities: a schema parse drops password_hash, token_hash and the TOTP
// secret, so a row read through them cannot leak one.

/**
 * A staff user (credentials row) without its password hash; the e-mail is stored lower-cased.
 * @example userSchema.parse({ id, email: 'anna@example.se', password_hash: 'scrypt$…' }) // no password_hash
 */
export const userSchema = z.object({
  id: uuidSchema,
  email: z.string(),
  created_at: isoInstantSchema.nullish(),
  updated_at: isoInstantSchema.nullish(),
});

/** Assurance level of a session: aal1 password, aal2 password and a second factor (part 1 §4). */
export const AAL_LEVELS = ['aal1', 'aal2'] as const;
export type AalLevel = (typeof AAL_LEVELS)[number];
export const aalSchema = enumSchema(AAL_LEVELS);

/**
 * A session as stored: one refresh token of a sign-in's family (`family_id`, the session id
 * access tokens carry). Refresh tokens rotate; `replaced_by` points at the successor.
 */
export const sessionSchema = z.object({
  id: uuidSchema,
  user_id: uuidSchema,
  family_id: uuidSchema,
  aal: aalSchema,
  expires_at: isoInstantSchema,
  revoked_at: isoInstantSchema.nullable(),
  replaced_by: uuidSchema.nullable(),
  created_at: isoInstantSchema.nullish(),
});

/**
 * The session a client holds (spec part 1 §3: access token, refresh token, expires_at, user),
 * with the assurance level and whether the second sign-in step is still due.
 */
export const authSessionSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** When the access token expires (ISO instant). */
  expires_at: z.string(),
  aal: aalSchema,
  /** True while the user should verify a second factor (aal1 with a factor or an organisation requiring it). */
  mfa_required: z.boolean(),
  user: z.object({ id: z.string(), email: z.string() }),
});

export const MFA_FACTOR_TYPES = ['totp'] as const;
export const MFA_FACTOR_STATUSES = ['unverified', 'verified'] as const;

/** A second factor (TOTP) without its secret; it counts once a code from it was verified. */
export const mfaFactorSchema = z.object({
  id: uuidSchema,
  user_id: uuidSchema,
  type: enumSchema(MFA_FACTOR_TYPES),
  friendly_name: z.string().nullable(),
  status: enumSchema(MFA_FACTOR_STATUSES),
  created_at: isoInstantSchema,
  updated_at: isoInstantSchema.nullish(),
});

/**
 * An invitation into an organisation with a role (part 2 §2 Behörigheter), without its token
 * hash. Open while not accepted, not revoked and not expired; `client` names a creditor.
 */
export const invitationSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  email: z.string(),
  role: orgRoleSchema,
  creditor_id: uuidSchema.nullable(),
  invited_by: uuidSchema.nullish(),
  expires_at: isoInstantSchema,
  accepted_at: isoInstantSchema.nullish(),
  revoked_at: isoInstantSchema.nullish(),
  created_at: isoInstantSchema,
});

export type UserEntity = z.infer<typeof userSchema>;
export type SessionEntity = z.infer<typeof sessionSchema>;
export type AuthSession = z.infer<typeof authSessionSchema>;
export type MfaFactorEntity = z.infer<typeof mfaFactorSchema>;
export type InvitationEntity = z.infer<typeof invitationSchema>;

// ── portal login ────────────────────────────────────────────────────────────────────────────
// Staff sign-up, sign-in, the profile dialog and the organisation form are validated by the
// services' schemas (packages/services/src/schemas: auth.ts, me.ts, orgs.ts) with their field
// texts; core keeps only the password rule they share.

/** Password minimum (spec part 1 §9). */
export const PASSWORD_MIN_LENGTH = 6;

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

export type OnboardingStepEntity = z.infer<typeof onboardingStepSchema>;
export type NotificationEntity = z.infer<typeof notificationSchema>;
