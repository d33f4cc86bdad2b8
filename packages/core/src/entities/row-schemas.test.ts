import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  AI_SUGGESTION_STATUSES,
  CASE_STAGES,
  CASE_STATUSES,
  DISPUTE_STATUSES,
  JOB_STATUSES,
  KFM_CASE_STATUSES,
  KFM_FILE_STATUSES,
  KFM_SUBMISSION_STATUSES,
  LAWSUIT_SERVICE_STATUSES,
  LAWSUIT_STATUSES,
  LAWSUIT_TRACKS,
  PAYMENT_PLAN_STATUSES,
  PAYMENT_STATUSES,
  RECONCILIATION_STATUSES,
} from '../cases';
import { KFM_APPLICATION_TYPES } from '../kfm';
import { runSystemValidation, type SystemValidationReport } from '../validation';
import {
  authSessionSchema,
  invitationSchema,
  mfaFactorSchema,
  notificationSchema,
  onboardingStepSchema,
  organisationSchema,
  profileSchema,
  sessionSchema,
  userOrgRoleSchema,
  userSchema,
  ORG_ROLES,
  ORG_ROLE_LABELS,
} from './auth';
import {
  caseEventSchema,
  caseFlagSchema,
  caseSchema,
  caseStageSchema,
  caseStatusSchema,
  claimSchema,
  disputeSchema,
  disputeStatusSchema,
  ruleSchema,
} from './cases';
import { commChannelSettingSchema, commDeliverySchema, communicationSchema, commTemplateSchema, unsubscribeTokenSchema } from './communications';
import {
  bankAccountSchema,
  bankStatementSchema,
  caseFeeSchema,
  distributionRuleSchema,
  feeCatalogueEntrySchema,
  glAccountSchema,
  glEntrySchema,
  glJournalSchema,
  interestProfileSchema,
  paymentAllocationSchema,
  paymentPlanSchema,
  paymentPlanStatusSchema,
  paymentSchema,
  paymentStatusSchema,
  reconciliationStatusSchema,
  referenceRateSchema,
} from './finance';
import {
  kfmApplicationTypeSchema,
  kfmCaseSchema,
  kfmCaseStatusSchema,
  kfmEventSchema,
  kfmFileSchema,
  kfmFileStatusSchema,
  kfmSubmissionSchema,
  kfmSubmissionStatusSchema,
  lawsuitSchema,
  lawsuitServiceStatusSchema,
  lawsuitStatusSchema,
  lawsuitTrackSchema,
} from './kfm';
import { creditorSchema, partySchema } from './parties';
import { bankIdInitResponseSchema, bankIdStatusResponseSchema, portalCaseSchema, portalCommunicationSchema, portalSessionSchema } from './portal';
import {
  aiPlaybookSchema,
  aiSuggestionSchema,
  aiSuggestionStatusSchema,
  auditLogSchema,
  chatMessageSchema,
  jobSchema,
  jobStatusSchema,
  riskProfileSchema,
  systemValidationReportSchema,
} from './system';

const ID = '11111111-1111-1111-1111-111111111111';
const ID2 = '22222222-2222-2222-2222-222222222222';
const AT = '2026-11-22T09:30:00.000Z';
const ORG = { id: ID, org_id: ID2 };

type Row = Record<string, unknown>;

const ROWS: [name: string, schema: z.ZodType, row: Row, broken: Row][] = [
  [
    'organisation',
    organisationSchema,
    {
      id: ID,
      name: 'Inkasso AB',
      org_no: '556036-0793',
      address_json: { street: 'Storgatan 1', city: 'Stockholm', zip: '11122', country: 'SE' },
      allocation_order: 'principal_first',
      require_mfa: true,
      settings_json: {},
    },
    { allocation_order: 'fees_last' },
  ],
  ['profile', profileSchema, { id: ID, full_name: 'Anna', email: 'anna@example.se', avatar_url: null }, { email: undefined }],
  ['user_org_role', userOrgRoleSchema, { user_id: ID, org_id: ID2, role: 'handler' }, { role: 'owner' }],
  ['user', userSchema, { id: ID, email: 'anna@example.se', created_at: AT, updated_at: AT }, { email: undefined }],
  [
    'session',
    sessionSchema,
    { id: ID, user_id: ID2, family_id: ID, aal: 'aal2', expires_at: AT, revoked_at: null, replaced_by: null, created_at: AT },
    { aal: 'aal3' },
  ],
  [
    'auth session',
    authSessionSchema,
    { access_token: 'a.b', refresh_token: 'r', expires_at: AT, aal: 'aal1', mfa_required: true, user: { id: ID, email: 'anna@example.se' } },
    { mfa_required: 'ja' },
  ],
  ['mfa_factor', mfaFactorSchema, { id: ID, user_id: ID2, type: 'totp', friendly_name: null, status: 'verified', created_at: AT }, { type: 'sms' }],
  [
    'invitation',
    invitationSchema,
    { ...ORG, email: 'ny@example.se', role: 'client', creditor_id: ID, invited_by: ID2, expires_at: AT, accepted_at: null, revoked_at: null, created_at: AT },
    { role: 'guest' },
  ],
  [
    'portal_session',
    portalSessionSchema,
    { ...ORG, party_id: ID, national_id: '199001011234', expires_at: AT, revoked_at: null, created_at: AT },
    { national_id: '9001011234' },
  ],
  [
    'onboarding_step',
    onboardingStepSchema,
    { org_id: ID, step_code: 'add_creditor', completed: true, completed_at: AT, completed_by: ID2 },
    { step_code: 'setup_everything' },
  ],
  [
    'notification',
    notificationSchema,
    { ...ORG, user_id: null, type: 'custom_kind', message: 'Hej', link: null, read_at: null, created_at: AT },
    { created_at: '2026-11-22' },
  ],
  [
    'creditor',
    creditorSchema,
    { ...ORG, name: 'Acme AB', org_no: null, customer_no: 'K-1', status: 'active', contact_json: { name: 'Eva', email: null, phone: '08-123' } },
    { status: 'paused' },
  ],
  [
    'party',
    partySchema,
    {
      ...ORG,
      type: 'company',
      name: 'Bygg AB',
      national_id: null,
      org_no: '556036-0793',
      email: null,
      phone: null,
      address_json: { street: 'Väg 1', city: 'Lund', zip: '22222' },
      status: 'active',
    },
    { type: 'robot' },
  ],
  [
    'claim',
    claimSchema,
    { ...ORG, creditor_id: ID, reference_no: 'F-1', principal_amount: 795000, due_date: '2026-10-01', contract_type: null, notes: null },
    { principal_amount: 7950.5 },
  ],
  [
    'case',
    caseSchema,
    {
      ...ORG,
      creditor_id: ID,
      party_id: ID,
      claim_id: ID,
      status: 'active',
      stage: 'demand',
      total_principal: 795000,
      total_interest: 1200,
      total_fees: 18000,
      total_outstanding: 614200,
      amount_paid_total: 200000,
      mandate_type: 'direct',
      legal_creditor_id: null,
      agent_creditor_id: null,
      interest_profile_id: null,
      created_at: AT,
    },
    { stage: 'closed' },
  ],
  [
    'case_event',
    caseEventSchema,
    { org_id: ID, case_id: ID2, type: 'fee_added', actor_id: null, payload_json: { code: 'LATE_FEE_450' }, created_at: AT },
    { case_id: 'x' },
  ],
  [
    'case_flag',
    caseFlagSchema,
    { ...ORG, case_id: ID, rule_code: 'DISPUTED_CASE', level: 'block', message: 'Bestridd', resolved_at: null },
    { level: 'fatal' },
  ],
  [
    'rule',
    ruleSchema,
    {
      ...ORG,
      code: 'FEE_450',
      description: null,
      severity: 'block',
      is_active: true,
      condition_json: { rule_type: 'fee_450_exclusive' },
      action_json: { block_actions: ['add_fee'] },
    },
    { condition_json: {} },
  ],
  ['fee_catalogue', feeCatalogueEntrySchema, { ...ORG, code: 'REMINDER_60', amount: 6000, tax_code: null, is_active: true }, { amount: -6000 }],
  ['case_fee', caseFeeSchema, { ...ORG, case_id: ID, code: 'REMINDER_60', amount: 6000, created_at: AT }, { amount: '60' }],
  [
    'interest_profile',
    interestProfileSchema,
    { ...ORG, code: 'FIX8', base: 'fixed', margin_bp: null, fixed_rate_pa: '8.5', valid_from: null, valid_to: null },
    { base: 'floating' },
  ],
  ['reference_rate', referenceRateSchema, { valid_from: '2026-07-01', rate_bp: 200, verified: false }, { valid_from: '2026-08-01' }],
  [
    'payment',
    paymentSchema,
    { ...ORG, method: 'swish', amount: 200000, ocr: null, message: null, paid_at: '2026-11-20', status: 'received' },
    { status: 'booked' },
  ],
  ['payment_allocation', paymentAllocationSchema, { org_id: ID, payment_id: ID, case_id: ID2, amount: 200000, sequence_no: 1 }, { sequence_no: 0 }],
  ['gl_account', glAccountSchema, { ...ORG, code: '1900', name: 'Klientmedelskonto', type: 'asset', is_active: true }, { type: 'cash' }],
  [
    'gl_journal',
    glJournalSchema,
    { ...ORG, source: 'payment', source_ref: ID, status: 'posted', booked_at: AT, meta_json: { case_id: ID } },
    { booked_at: 'igår' },
  ],
  ['gl_entry', glEntrySchema, { journal_id: ID, account_id: ID2, debit: 200000, credit: 0, case_id: null, creditor_id: null }, { credit: 100 }],
  [
    'bank_account',
    bankAccountSchema,
    { ...ORG, account_name: 'Klientmedel', type: 'client_funds', iban: null, bg_number: '5050-1055', provider: null, is_active: true },
    { type: 'savings' },
  ],
  [
    'bank_statement',
    bankStatementSchema,
    {
      ...ORG,
      bank_account_id: ID,
      statement_date: '2026-11-21',
      file_format: 'bgmax',
      reconciliation_status: 'mismatch',
      total_debits: 0,
      total_credits: 500000,
    },
    { file_format: 'pdf' },
  ],
  [
    'payment_plan',
    paymentPlanSchema,
    {
      ...ORG,
      case_id: ID,
      status: 'active',
      plan_json: { installments: 3, schedule: [{ due_date: '2026-12-01', amount: '2040.00' }], total_amount: '6120.00' },
      setup_fee: 17000,
    },
    { plan_json: { schedule: [] } },
  ],
  ['distribution_rule', distributionRuleSchema, { ...ORG, code: 'ROUND_ROBIN', name: 'Turordning', config_json: {}, is_active: true }, { is_active: 'ja' }],
  [
    'comm_template',
    commTemplateSchema,
    {
      ...ORG,
      code: 'REM1',
      name: 'Påminnelse',
      category: 'reminder',
      channel: 'email',
      language: 'sv',
      subject: 'Påminnelse',
      body_md: 'Hej',
      variables_json: ['debtor_name'],
      is_active: true,
      version: 1,
    },
    { channel: 'fax' },
  ],
  [
    'comm_channel_setting',
    commChannelSettingSchema,
    { org_id: ID, channel: 'sms', provider: '46elks', credentials_json: {}, is_active: true, sandbox: true },
    { sandbox: 'ja' },
  ],
  [
    'communication',
    communicationSchema,
    {
      ...ORG,
      case_id: ID,
      channel: 'email',
      template_id: null,
      recipient: 'a@b.se',
      subject: 'Krav',
      body_rendered: 'Hej',
      status: 'pending',
      dedupe_hash: null,
      unsubscribe_link_included: true,
      attachments_json: [],
      rendered_pdf_id: null,
      open_count: 0,
      created_at: AT,
    },
    { status: 'lost' },
  ],
  ['comm_delivery', commDeliverySchema, { communication_id: ID, status: 'queued', attempts: 0, status_detail: null, next_retry_at: null }, { attempts: -1 }],
  [
    'unsubscribe_token',
    unsubscribeTokenSchema,
    { ...ORG, channel: 'sms', recipient: '+46701234567', token: 'abc', created_at: AT, revoked_at: null },
    { token: undefined },
  ],
  [
    'kfm_case',
    kfmCaseSchema,
    {
      ...ORG,
      case_id: ID,
      creditor_id: ID,
      debtor_snapshot_json: {},
      claim_snapshot_json: {},
      interest_snapshot_json: {},
      fees_snapshot_json: { fees: [] },
      application_fee_sek: 30000,
      application_type: 'handräckning',
      as_of_date: '2026-11-22',
      reference: 'F-1',
      current_status: 'draft',
    },
    { application_type: 'lawsuit' },
  ],
  [
    'kfm_file',
    kfmFileSchema,
    { ...ORG, direction: 'out', filename: 'F-1_20261122.xml', payload_text: '<x/>', checksum: 'a'.repeat(64), status: 'ready' },
    { checksum: 'abc' },
  ],
  ['kfm_submission', kfmSubmissionSchema, { ...ORG, kfm_case_id: ID, file_out_id: ID2, transport: 'manual', status: 'pending' }, { status: 'done' }],
  ['kfm_event', kfmEventSchema, { org_id: ID, kfm_case_id: ID2, type: 'KFM_SUBMITTED', payload_json: null }, { kfm_case_id: undefined }],
  [
    'lawsuit',
    lawsuitSchema,
    {
      ...ORG,
      case_id: ID,
      status: 'filed',
      track: 'FT',
      court_fee_sek: 90000,
      filing_date: '2026-11-01',
      service_status: 'pending',
      deadlines_json: [{ code: 'ANSWER', label: 'Svaromål', due_date: '2026-12-01' }],
      notes: null,
    },
    { track: 'SMALL' },
  ],
  [
    'dispute',
    disputeSchema,
    { ...ORG, case_id: ID, type: 'not_my_debt', description: 'Inte jag', attachments_json: [], status: 'open', created_at: AT },
    { status: 'pending' },
  ],
  ['job', jobSchema, { ...ORG, job_type: 'import_bgmax', status: 'retry' }, { status: 'running' }],
  ['audit_log', auditLogSchema, { org_id: ID, event: 'rule.updated', created_at: AT }, { event: undefined }],
  [
    'risk_profile',
    riskProfileSchema,
    { ...ORG, code: 'LOW', name: 'Låg', config_json: { min_score: 0, max_score: 30 }, is_active: true },
    { config_json: { max_score: 101 } },
  ],
  [
    'ai_playbook',
    aiPlaybookSchema,
    { ...ORG, code: 'DEMAND', name: 'Krav', config_json: { stage: 'demand', instructions_md: 'Gör så här' }, is_active: true },
    { config_json: { stage: 'done' } },
  ],
  ['chat message', chatMessageSchema, { role: 'assistant', content: 'Hej! Hur kan jag hjälpa dig?' }, { role: 'system' }],
  [
    'portal case',
    portalCaseSchema,
    {
      id: ID,
      status: 'active',
      stage: 'collection',
      created_at: AT,
      total_principal: 795000,
      total_interest: 1200,
      total_fees: 18000,
      total_outstanding: 614200,
      creditors: { name: 'Acme AB' },
      claims: { reference_no: 'F-1', due_date: '2026-10-01' },
      payment_plans: [{ id: ID2, status: 'active', plan_json: { schedule: [{ due_date: '2026-12-01', amount: 204000 }] }, setup_fee: 17000 }],
    },
    { total_fees: -1 },
  ],
  ['portal communication', portalCommunicationSchema, { id: ID, subject: null, channel: 'letter', sent_at: AT, status: 'delivered' }, { channel: 'fax' }],
  ['BankID init response', bankIdInitResponseSchema, { orderRef: '131daac9-16c6-4618-beb0-365768f37288' }, { orderRef: '' }],
  [
    'BankID status response',
    bankIdStatusResponseSchema,
    { status: 'complete', session_id: 'c2Vzc2lvbg', party_id: ID, multipleParties: false, parties: [{ id: ID, name: 'Anna Andersson' }] },
    { status: 'userSign' },
  ],
  [
    'ai_suggestion',
    aiSuggestionSchema,
    { ...ORG, case_id: ID, playbook_id: null, type: 'next_action', payload_json: { action: 'send_demand' }, status: 'pending', created_at: AT },
    { status: 'maybe' },
  ],
];

function withPatch(row: Row, patch: Row): Row {
  const result: Row = { ...row, ...patch };
  for (const [key, value] of Object.entries(patch)) if (value === undefined) delete result[key];
  return result;
}

describe.each(ROWS.map(([name, schema, row, broken]) => [name, schema, row, broken] as const))('%s row', (_name, schema, row, broken) => {
  it('accepts a stored example', () => {
    const result = schema.safeParse(row);
    expect(result.success ? [] : result.error.issues).toEqual([]);
  });

  it('refuses a broken one', () => {
    expect(schema.safeParse(withPatch(row, broken)).success).toBe(false);
  });
});

describe('secrets are not part of the entities', () => {
  it.each([
    ['user', userSchema, { id: ID, email: 'anna@example.se', password_hash: 'scrypt$16384$8$1$salt$key' }, 'password_hash'],
    [
      'session',
      sessionSchema,
      { id: ID, user_id: ID2, family_id: ID, aal: 'aal1', expires_at: AT, revoked_at: null, replaced_by: null, token_hash: 'ab12' },
      'token_hash',
    ],
    [
      'mfa_factor',
      mfaFactorSchema,
      { id: ID, user_id: ID2, type: 'totp', friendly_name: null, status: 'unverified', created_at: AT, secret: 'JBSWY3DPEHPK3PXP' },
      'secret',
    ],
    [
      'invitation',
      invitationSchema,
      { ...ORG, email: 'a@b.se', role: 'handler', creditor_id: null, expires_at: AT, created_at: AT, token_hash: 'ab12' },
      'token_hash',
    ],
    [
      'portal_session',
      portalSessionSchema,
      { ...ORG, party_id: ID, national_id: '199001011234', expires_at: AT, revoked_at: null, token_hash: 'ab12' },
      'token_hash',
    ],
  ] as const)('a stored %s row parses without its %s', (_name, schema, row, secret) => {
    const parsed = schema.parse(row) as Record<string, unknown>;
    expect(parsed).not.toHaveProperty(secret);
  });
});

describe('the validation report schema', () => {
  it("accepts core's own report, and its type is the report's type", () => {
    const report = runSystemValidation({ admin_users: 1, unbalanced_journals: 0 }, AT);
    const parsed = systemValidationReportSchema.parse(report);
    expect(parsed).toEqual(report);
    expectTypeOf(parsed).toEqualTypeOf<SystemValidationReport>();
  });

  it('refuses a rate above 100 % and an unknown outcome', () => {
    const report = runSystemValidation({}, AT);
    expect(systemValidationReportSchema.safeParse({ ...report, completionRate: 101 }).success).toBe(false);
    const line = { code: 'x', module: 'Ärenden', message: 'ok', status: 'maybe' };
    expect(systemValidationReportSchema.safeParse({ ...report, passed: [line] }).success).toBe(false);
  });
});

describe('status lists come from the state machines', () => {
  it.each([
    [caseStatusSchema, CASE_STATUSES],
    [caseStageSchema, CASE_STAGES],
    [disputeStatusSchema, DISPUTE_STATUSES],
    [paymentStatusSchema, PAYMENT_STATUSES],
    [reconciliationStatusSchema, RECONCILIATION_STATUSES],
    [paymentPlanStatusSchema, PAYMENT_PLAN_STATUSES],
    [kfmCaseStatusSchema, KFM_CASE_STATUSES],
    [kfmFileStatusSchema, KFM_FILE_STATUSES],
    [kfmSubmissionStatusSchema, KFM_SUBMISSION_STATUSES],
    [lawsuitStatusSchema, LAWSUIT_STATUSES],
    [lawsuitServiceStatusSchema, LAWSUIT_SERVICE_STATUSES],
    [lawsuitTrackSchema, LAWSUIT_TRACKS],
    [jobStatusSchema, JOB_STATUSES],
    [aiSuggestionStatusSchema, AI_SUGGESTION_STATUSES],
  ] as const)('schema %# has exactly the machine states', (schema, states) => {
    expect(schema.options).toEqual([...states]);
  });
});

describe('KFM application types', () => {
  it("are the kfm module's list", () => {
    expect(kfmApplicationTypeSchema.options).toEqual([...KFM_APPLICATION_TYPES]);
  });
});

describe('auth constants', () => {
  it('roles carry the spec labels', () => {
    expect(ORG_ROLES.map((role) => ORG_ROLE_LABELS[role])).toEqual(['Administratör', 'Handläggare', 'Ekonomi', 'Juridik', 'Kund']);
  });
});
