import type { Store } from '../src/open-store';

/** Every table the migrations must create: a new table must be added here on purpose. */
export const EXPECTED_TABLES = [
  // auth (global)
  'users',
  'profiles',
  'sessions',
  'mfa_factors',
  'mfa_challenges',
  'auth_attempts',
  // organisations and members
  'organisations',
  'user_org_roles',
  'invitations',
  'onboarding_steps',
  'notifications',
  // creditors and debtors
  'creditors',
  'parties',
  // cases
  'claims',
  'cases',
  'case_events',
  'case_flags',
  'case_fees',
  'payment_plans',
  'disputes',
  'prescription_interruptions',
  'rules',
  // finance
  'fee_catalogue',
  'interest_profiles',
  'reference_rates',
  'payments',
  'payment_allocations',
  'gl_accounts',
  'gl_journals',
  'gl_entries',
  'bank_accounts',
  'bank_statements',
  'bank_statement_resolutions',
  // communications
  'comm_templates',
  'comm_template_versions',
  'comm_channels_settings',
  'communications',
  'comm_deliveries',
  'unsubscribe_tokens',
  'template_qa_batches',
  // dunning
  'dunning_plans',
  'dunning_steps',
  'dunning_runs',
  'dunning_case_steps',
  // KFM and court
  'kfm_cases',
  'kfm_files',
  'kfm_submissions',
  'kfm_events',
  'lawsuits',
  // portal
  'portal_sessions',
  'bankid_orders',
  // system
  'job_queue',
  'audit_logs',
  'distribution_rules',
  'risk_profiles',
  'ai_playbooks',
  'ai_suggestions',
  'stored_files',
];

export function userTables(store: Store): string[] {
  const rows = store.sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name")
    .all() as { name: string }[];
  return rows.map((row) => row.name);
}

/**
 * Tables without org_id, on purpose: the tenant itself, authentication (a user exists across
 * organisations), the Riksbank reference rate (the same for everyone) and stored files (keyed by
 * path: a tenant's files live under `orgs/{orgId}/`). Every other table is tenant data.
 */
export const NON_TENANT_TABLES = [
  'organisations',
  'users',
  'profiles',
  'sessions',
  'mfa_factors',
  'mfa_challenges',
  'auth_attempts',
  'reference_rates',
  'stored_files',
];
