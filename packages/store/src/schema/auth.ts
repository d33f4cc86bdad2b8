import { sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { index, table, uniqueIndex } from './table';
import { createdAt, flag, id, instant, integer, text, updatedAt } from './columns';
import { AAL_LEVELS, AUTH_ATTEMPT_KINDS, MFA_FACTOR_STATUSES, MFA_FACTOR_TYPES } from './enums';

/*
 * Authentication. These tables are NOT tenant tables: a user, their sessions and second factors
 * exist independently of any organisation (membership lives in user_org_roles).
 */

/** Staff credentials. `email` is stored lower-cased by the caller; unique. */
export const users = table(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    /** scrypt hash in the `scrypt$N$r$p$salt$key` format of services/auth/passwords. */
    password_hash: text('password_hash').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email)],
);

/** The displayed profile of a user; id = users.id (spec part 1 §3). */
export const profiles = table('profiles', {
  id: text('id')
    .primaryKey()
    .references((): AnySQLiteColumn => users.id, { onDelete: 'cascade' }),
  full_name: text('full_name'),
  email: text('email').notNull(),
  /** Public URL (or file-storage key) of the avatar image. */
  avatar_url: text('avatar_url'),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/**
 * Refresh tokens, one row per issued token. A sign-in starts a family (`family_id` = the session
 * id carried in access tokens as `sid`); each refresh revokes the used row and points
 * `replaced_by` at its successor. Reuse of a revoked token revokes the whole family.
 * Only the SHA-256 of the token is stored.
 */
export const sessions = table(
  'sessions',
  {
    id: id(),
    user_id: text('user_id')
      .notNull()
      .references((): AnySQLiteColumn => users.id, { onDelete: 'cascade' }),
    family_id: text('family_id').notNull(),
    token_hash: text('token_hash').notNull(),
    aal: text('aal', { enum: AAL_LEVELS }).notNull().default('aal1'),
    expires_at: instant('expires_at').notNull(),
    revoked_at: instant('revoked_at'),
    replaced_by: text('replaced_by').references((): AnySQLiteColumn => sessions.id),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.token_hash),
    index('sessions_user_idx').on(t.user_id),
    index('sessions_family_idx').on(t.family_id),
    // The self-reference's child side, so deleting a session never scans the table (see ledger.ts).
    index('sessions_replaced_by_idx')
      .on(t.replaced_by)
      .where(sql`${t.replaced_by} IS NOT NULL`),
  ],
);

/** Second factors (TOTP). `secret` is the base32 TOTP secret. */
export const mfaFactors = table(
  'mfa_factors',
  {
    id: id(),
    user_id: text('user_id')
      .notNull()
      .references((): AnySQLiteColumn => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: MFA_FACTOR_TYPES }).notNull().default('totp'),
    friendly_name: text('friendly_name'),
    secret: text('secret').notNull(),
    status: text('status', { enum: MFA_FACTOR_STATUSES }).notNull().default('unverified'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    /** The TOTP time step (Unix time / 30 s) of the last accepted code: it and earlier steps are refused (no replay). */
    last_used_step: integer('last_used_step'),
  },
  (t) => [index('mfa_factors_user_idx').on(t.user_id)],
);

/** A challenge against a factor (POST /factors/{id}/challenge), verified once. */
export const mfaChallenges = table(
  'mfa_challenges',
  {
    id: id(),
    factor_id: text('factor_id')
      .notNull()
      .references((): AnySQLiteColumn => mfaFactors.id, { onDelete: 'cascade' }),
    expires_at: instant('expires_at').notNull(),
    verified_at: instant('verified_at'),
    created_at: createdAt(),
  },
  (t) => [index('mfa_challenges_factor_idx').on(t.factor_id)],
);

/**
 * Authentication attempts, for rate limiting that every server process agrees on (sign-in and
 * sign-up: per e-mail and per client address; MFA verification: per factor). `subject` is the
 * lower-cased e-mail (signin, signup) or the factor id (mfa). A row is written before the
 * password or code is checked and counts as failed until the check succeeds. Old rows are pruned
 * by the services.
 */
export const authAttempts = table(
  'auth_attempts',
  {
    id: id(),
    kind: text('kind', { enum: AUTH_ATTEMPT_KINDS }).notNull(),
    subject: text('subject').notNull(),
    /** Client address as the server saw it; null when unknown. */
    ip: text('ip'),
    succeeded: flag('succeeded').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    index('auth_attempts_kind_subject_created_idx').on(t.kind, t.subject, t.created_at),
    index('auth_attempts_kind_ip_created_idx').on(t.kind, t.ip, t.created_at),
    index('auth_attempts_created_idx').on(t.created_at),
  ],
);
