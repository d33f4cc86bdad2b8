import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { index, table, uniqueIndex } from './table';
import { createdAt, flag, id, instant, json, text, updatedAt } from './columns';
import { ALLOCATION_ORDERS, NOTIFICATION_TYPES, ORG_ROLES } from './enums';
import { users } from './auth';
import { creditors } from './parties';
import { interestProfiles } from './finance';

/** Postal address of an organisation, creditor or party (spec part 1 §3, part 2 §3). */
export interface AddressJson {
  street?: string;
  city?: string;
  zip?: string;
  country?: string;
}

/** Organisation settings without a column of their own (free-form, read by services). */
export type OrganisationSettingsJson = Record<string, unknown>;

/**
 * The tenant. Not itself a tenant table: every other data table points here through `org_id`.
 */
export const organisations = table('organisations', {
  id: id(),
  name: text('name').notNull(),
  org_no: text('org_no'),
  address_json: json<AddressJson>('address_json'),
  /** Payment allocation order; the domain reference (§4.6) says keep it configurable. */
  allocation_order: text('allocation_order', { enum: ALLOCATION_ORDERS }).notNull().default('costs_first'),
  /** When true, members must have a verified second factor (aal2) to work in this organisation. */
  require_mfa: flag('require_mfa').notNull().default(false),
  default_interest_profile_id: text('default_interest_profile_id').references((): AnySQLiteColumn => interestProfiles.id),
  settings_json: json<OrganisationSettingsJson>('settings_json')
    .notNull()
    .$defaultFn(() => ({})),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/**
 * `org_id` of a tenant table: NOT NULL, references organisations. Every tenant table also gets
 * an index whose first column is org_id (a test checks both).
 */
export function tenantId() {
  return text('org_id')
    .notNull()
    .references((): AnySQLiteColumn => organisations.id);
}

/** Membership of a user in an organisation, with one role. `client` users see one creditor. */
export const userOrgRoles = table(
  'user_org_roles',
  {
    id: id(),
    org_id: tenantId(),
    user_id: text('user_id')
      .notNull()
      .references((): AnySQLiteColumn => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ORG_ROLES }).notNull(),
    /** Only for role `client`: the creditor whose cases the user may read. */
    creditor_id: text('creditor_id').references((): AnySQLiteColumn => creditors.id),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('user_org_roles_org_user_uq').on(t.org_id, t.user_id), index('user_org_roles_user_idx').on(t.user_id)],
);

/** An invitation to join an organisation; only the SHA-256 of the token is kept. */
export const invitations = table(
  'invitations',
  {
    id: id(),
    org_id: tenantId(),
    /** Lower-cased. */
    email: text('email').notNull(),
    role: text('role', { enum: ORG_ROLES }).notNull(),
    creditor_id: text('creditor_id').references((): AnySQLiteColumn => creditors.id),
    token_hash: text('token_hash').notNull(),
    invited_by: text('invited_by').references((): AnySQLiteColumn => users.id),
    expires_at: instant('expires_at').notNull(),
    accepted_at: instant('accepted_at'),
    revoked_at: instant('revoked_at'),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('invitations_token_hash_uq').on(t.token_hash), index('invitations_org_email_idx').on(t.org_id, t.email)],
);

/** Onboarding checklist state per organisation (spec part 1 §2, upsert key org_id + step_code). */
export const onboardingSteps = table(
  'onboarding_steps',
  {
    id: id(),
    org_id: tenantId(),
    step_code: text('step_code').notNull(),
    completed: flag('completed').notNull().default(false),
    completed_at: instant('completed_at'),
    completed_by: text('completed_by').references((): AnySQLiteColumn => users.id),
  },
  (t) => [uniqueIndex('onboarding_steps_org_step_uq').on(t.org_id, t.step_code)],
);

/** In-app notifications; user_id null means for everyone in the organisation (part 1 §3). */
export const notifications = table(
  'notifications',
  {
    id: id(),
    org_id: tenantId(),
    user_id: text('user_id').references((): AnySQLiteColumn => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull().default('info'),
    message: text('message').notNull(),
    link: text('link'),
    read_at: instant('read_at'),
    created_at: createdAt(),
  },
  (t) => [index('notifications_org_user_created_idx').on(t.org_id, t.user_id, t.created_at)],
);
