/*
 * Value lists of the text "enum" columns. They type the columns (drizzle `enum`) without a
 * database CHECK constraint, so adding a value needs no migration and the SQL stays
 * dialect-neutral. Values are the spec's; the section is named where a value comes from.
 */

/** user_org_roles.role (spec part 2 §6). */
export const ORG_ROLES = ['admin', 'handler', 'finance', 'legal', 'client'] as const;

/** Second-factor assurance level of a session (spec part 1 §4). */
export const AAL_LEVELS = ['aal1', 'aal2'] as const;
export const MFA_FACTOR_TYPES = ['totp'] as const;
export const MFA_FACTOR_STATUSES = ['unverified', 'verified'] as const;
/** auth_attempts.kind: what was tried (rate limiting). */
export const AUTH_ATTEMPT_KINDS = ['signin', 'mfa'] as const;

/** organisations.allocation_order: the guide's costs → interest → principal, or part 2 §5's order. */
export const ALLOCATION_ORDERS = ['costs_first', 'principal_first'] as const;

/** Onboarding step codes in checklist order (spec part 1 §2). */
export const ONBOARDING_STEP_CODES = [
  'setup_organization',
  'add_creditor',
  'setup_communication',
  'create_templates',
  'setup_fees',
  'create_first_case',
  'send_first_communication',
  'register_payment',
  'setup_rules',
  'review_reports',
] as const;

/** notifications.type; anything else is shown as info (spec part 1 §3). */
export const NOTIFICATION_TYPES = ['success', 'warning', 'error', 'message', 'info'] as const;

export const RECORD_STATUSES = ['active', 'inactive'] as const;
export const PARTY_TYPES = ['person', 'company'] as const;

/** cases.status and cases.stage (spec part 1 §4). */
export const CASE_STATUSES = ['draft', 'active', 'on_hold', 'closed'] as const;
export const CASE_STAGES = ['intake', 'reminder', 'demand', 'payment_plan', 'kfm', 'legal'] as const;
/** cases.mandate_type (spec part 2 §3). */
export const MANDATE_TYPES = ['direct', 'agent', 'assignee'] as const;

/** Rule severity and flag level (spec part 1 §3). */
export const SEVERITIES = ['block', 'warning', 'info'] as const;

export const INTEREST_BASES = ['REFERENCE_RATE', 'fixed'] as const;

/** payments.method: staff methods (part 2 §9) plus a plain bank transfer for camt/LB/CSV lines. */
export const PAYMENT_METHODS = ['manual', 'bankgiro', 'swish', 'card', 'bank_transfer'] as const;
/** payments.status (part 2 §4). */
export const PAYMENT_STATUSES = ['received', 'allocated', 'partially_allocated', 'unmatched'] as const;

export const PAYMENT_PLAN_STATUSES = ['proposed', 'active', 'completed', 'defaulted', 'cancelled'] as const;
/** disputes.type (part 2 §5) and status. */
export const DISPUTE_TYPES = ['incorrect_amount', 'not_my_debt', 'quality_issue', 'invoice_missing', 'other'] as const;
export const DISPUTE_STATUSES = ['open', 'resolved', 'rejected'] as const;

/** gl_accounts.type (part 2 §3). */
export const GL_ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export const GL_JOURNAL_STATUSES = ['draft', 'posted', 'reversed'] as const;

export const BANK_ACCOUNT_TYPES = ['client_funds', 'operating'] as const;
/** Bank file formats (part 2 §9). */
export const BANK_FILE_FORMATS = ['bgmax', 'lb', 'camt053', 'csv'] as const;
export const RECONCILIATION_STATUSES = ['pending', 'reconciled', 'mismatch'] as const;

/** Communication channels (part 2 §9) and template categories. */
export const CHANNELS = ['email', 'sms', 'letter', 'kivra'] as const;
export const TEMPLATE_CATEGORIES = [
  'reminder',
  'demand',
  'plan',
  'kfm',
  'lawsuit',
  'portal',
  'gdpr',
  'creditor',
  'receipt',
  'dispute',
  'custom',
] as const;
/** communications.status / comm_deliveries.status (part 1 §4). */
export const COMMUNICATION_STATUSES = [
  'pending',
  'queued',
  'sent',
  'delivered',
  'opened',
  'failed',
  'bounced',
  'throttled',
  'cancelled',
] as const;

/** KFM (part 1 §4, part 2 §3–4). */
export const KFM_APPLICATION_TYPES = ['payment_order', 'handrackning'] as const;
export const KFM_CASE_STATUSES = [
  'draft',
  'submitted',
  'acknowledged',
  'served',
  'contested',
  'decided',
  'rejected',
  'withdrawn',
  'failed',
  'closed',
] as const;
export const KFM_FILE_DIRECTIONS = ['out', 'in'] as const;
export const KFM_FILE_STATUSES = ['ready', 'submitted', 'processed', 'failed'] as const;
export const KFM_TRANSPORTS = ['manual', 'file_service'] as const;
export const KFM_SUBMISSION_STATUSES = ['pending', 'sent', 'acknowledged', 'rejected', 'failed'] as const;

/** Lawsuits (part 2 §3–4, §9). */
export const LAWSUIT_STATUSES = [
  'draft',
  'filed',
  'served',
  'prep_written',
  'prep_oral',
  'main_hearing',
  'judgment',
  'default_judgment',
  'settled',
  'withdrawn',
  'closed',
  'failed',
] as const;
export const LAWSUIT_TRACKS = ['FT', 'ORD'] as const;
export const SERVICE_STATUSES = ['pending', 'served', 'failed'] as const;

/** BankID order state (domain reference §6.3 collect: pending, complete, failed). */
export const BANKID_ORDER_STATUSES = ['pending', 'complete', 'failed'] as const;
export const BANKID_PURPOSES = ['auth', 'sign'] as const;

/** job_queue.status (part 2 §4). */
export const JOB_STATUSES = ['pending', 'processing', 'completed', 'failed', 'retry'] as const;

export const AI_SUGGESTION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
