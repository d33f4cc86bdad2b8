/*
 * Value lists of the text "enum" columns. They type the columns (drizzle `enum`) without a
 * database CHECK constraint, so adding a value needs no migration and the SQL stays
 * dialect-neutral. Values are the spec's; the section is named where a value comes from.
 */
import {
  COMM_CHANNELS,
  COMM_TEMPLATE_CATEGORIES,
  LAWSUIT_SERVICE_STATUSES,
  LEDGER_ACCOUNT_TYPES,
  LEDGER_JOURNAL_STATUSES,
  RULE_SEVERITIES,
  STORED_PAYMENT_METHODS,
} from '@fordran/core';

// The lists core owns (state machines, entities, ledger, communications) are core's own arrays,
// so a status added there types the column here too.
export {
  AI_SUGGESTION_STATUSES,
  ALLOCATION_ORDERS,
  BANK_ACCOUNT_TYPES,
  BANK_FILE_FORMATS,
  CASE_STAGES,
  CASE_STATUSES,
  COMMUNICATION_STATUSES,
  DISPUTE_STATUSES,
  DISPUTE_TYPES,
  INTEREST_BASES,
  JOB_STATUSES,
  KFM_APPLICATION_TYPES,
  KFM_CASE_STATUSES,
  KFM_FILE_STATUSES,
  KFM_SUBMISSION_STATUSES,
  LAWSUIT_STATUSES,
  LAWSUIT_TRACKS,
  MANDATE_TYPES,
  ORG_ROLES,
  PARTY_TYPES,
  PAYMENT_PLAN_STATUSES,
  PAYMENT_STATUSES,
  RECONCILIATION_STATUSES,
  RECORD_STATUSES,
  STATEMENT_RESOLUTION_KINDS,
} from '@fordran/core';

/** Assurance level of a session: aal1 password, aal2 password and a second factor (part 1 §4). */
export const AAL_LEVELS = ['aal1', 'aal2'] as const;

/** mfa_factors: TOTP only; a factor counts once a code from it was verified. */
export const MFA_FACTOR_TYPES = ['totp'] as const;
export const MFA_FACTOR_STATUSES = ['unverified', 'verified'] as const;

/** auth_attempts.kind: what was tried (rate limiting). */
export const AUTH_ATTEMPT_KINDS = ['signin', 'mfa', 'signup', 'bankid'] as const;

/** organisations.allocation_order: the guide's costs → interest → principal, or part 2 §5's order. */

/** notifications.type; anything else is shown as info (spec part 1 §3). */
export const NOTIFICATION_TYPES = ['success', 'warning', 'error', 'message', 'info'] as const;

/** cases.status and cases.stage (spec part 1 §4). */

/** cases.mandate_type (spec part 2 §3). */

/** Rule severity and flag level (spec part 1 §3). */
export const SEVERITIES = RULE_SEVERITIES;

/** payments.method: staff methods (part 2 §9) plus a plain bank transfer for camt/LB/CSV lines. */
export const PAYMENT_METHODS = STORED_PAYMENT_METHODS;
/** payments.status (part 2 §4). */

/** disputes.type (part 2 §5) and status. */

/** gl_accounts.type (part 2 §3). */
export const GL_ACCOUNT_TYPES = LEDGER_ACCOUNT_TYPES;
export const GL_JOURNAL_STATUSES = LEDGER_JOURNAL_STATUSES;

/** Bank file formats (part 2 §9). */

/** Communication channels (part 2 §9) and template categories. */
export const CHANNELS = COMM_CHANNELS;
export const TEMPLATE_CATEGORIES = COMM_TEMPLATE_CATEGORIES;
/** communications.status / comm_deliveries.status (part 1 §4). */

/** KFM (part 1 §4, part 2 §3–4). */

export const KFM_FILE_DIRECTIONS = ['out', 'in'] as const;
export const KFM_TRANSPORTS = ['manual', 'file_service'] as const;

/** Lawsuits (part 2 §3–4, §9). */
export const SERVICE_STATUSES = LAWSUIT_SERVICE_STATUSES;

/** bankid_orders: a BankID order's state as polled (collect) and what it was for (part 2 §7). */
export const BANKID_ORDER_STATUSES = ['pending', 'complete', 'failed'] as const;
export const BANKID_PURPOSES = ['auth', 'sign'] as const;
