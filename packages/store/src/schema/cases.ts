import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { index, table, uniqueIndex } from './table';
import { createdAt, flag, id, instant, integer, isoDate, json, money, moneyFromZero, text, updatedAt } from './columns';
import { CASE_STAGES, CASE_STATUSES, DISPUTE_STATUSES, DISPUTE_TYPES, MANDATE_TYPES, PAYMENT_PLAN_STATUSES, SEVERITIES } from './enums';
import { users } from './auth';
import { tenantId } from './orgs';
import { creditors, parties } from './parties';
import { interestProfiles } from './finance';
import { templateQaBatches } from './template-qa';
import type { IsoDate, Ore } from '@fordran/core';

/** Free-form event or audit payload. */
export type PayloadJson = Record<string, unknown>;

/** The underlying claim (fordran) of a case (spec part 1 §3). */
export const claims = table(
  'claims',
  {
    id: id(),
    org_id: tenantId(),
    creditor_id: text('creditor_id')
      .notNull()
      .references((): AnySQLiteColumn => creditors.id),
    reference_no: text('reference_no').notNull(),
    /** Öre. */
    principal_amount: money('principal_amount'),
    due_date: isoDate('due_date').notNull(),
    contract_type: text('contract_type'),
    notes: text('notes'),
    /** A påminnelseavgift may only be charged if agreed when the debt arose (lag 1981:739 4 §). */
    reminder_fee_agreed: flag('reminder_fee_agreed').notNull().default(false),
    /**
     * Preskription period in years (3 consumer / 10 general, preskriptionslag 2 §). Per claim
     * because sources differ for consumer loans (domain reference §4.5); null = derive it.
     */
    prescription_years: integer('prescription_years'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    // Last: added by a later migration (ALTER TABLE appends the column).
    /**
     * When the claim arose (preskriptionslag 2 §: the period runs from here, not from the due
     * date). Null only on rows written outside the services; read as the due date, estimated.
     */
    arose_on: isoDate('arose_on'),
    /** arose_on is an estimate (the migration's, or staff did not know it): the case page says 'uppskattat'. */
    arose_on_estimated: flag('arose_on_estimated').notNull().default(false),
  },
  (t) => [
    index('claims_org_creditor_idx').on(t.org_id, t.creditor_id),
    // Covering for the case list's reference search (LIKE over the index, ids straight from it).
    index('claims_org_reference_no_idx').on(t.org_id, t.reference_no, t.id),
    // The case list sorted by due date walks this index and reads one page, never sorting all.
    index('claims_org_due_date_idx').on(t.org_id, t.due_date),
  ],
);

/**
 * A collection case between a creditor and a debtor. The total_* columns and amount_paid_total
 * are öre and are kept in step with fees, interest and allocations by the services, in the same
 * transaction. total_outstanding = principal + interest + fees − paid (part 1 §9, part 2 §4).
 */
export const cases = table(
  'cases',
  {
    id: id('random'),
    org_id: tenantId(),
    creditor_id: text('creditor_id')
      .notNull()
      .references((): AnySQLiteColumn => creditors.id),
    party_id: text('party_id')
      .notNull()
      .references((): AnySQLiteColumn => parties.id),
    claim_id: text('claim_id')
      .notNull()
      .references((): AnySQLiteColumn => claims.id),
    status: text('status', { enum: CASE_STATUSES }).notNull().default('draft'),
    stage: text('stage', { enum: CASE_STAGES }).notNull().default('intake'),
    total_principal: moneyFromZero('total_principal'),
    total_interest: moneyFromZero('total_interest'),
    total_fees: moneyFromZero('total_fees'),
    total_outstanding: moneyFromZero('total_outstanding'),
    amount_paid_total: moneyFromZero('amount_paid_total'),
    /** Spec gives no default; a creditor's own mandate (direct) is the common case. */
    mandate_type: text('mandate_type', { enum: MANDATE_TYPES }).notNull().default('direct'),
    legal_creditor_id: text('legal_creditor_id').references((): AnySQLiteColumn => creditors.id),
    agent_creditor_id: text('agent_creditor_id').references((): AnySQLiteColumn => creditors.id),
    /** Null = the organisation's default interest profile. */
    interest_profile_id: text('interest_profile_id').references((): AnySQLiteColumn => interestProfiles.id),
    /** Bankgiro OCR reference the debtor pays with; unique per organisation. */
    ocr_reference: text('ocr_reference'),
    /** Interest in total_interest has been accrued up to and including this date. */
    interest_calculated_to: isoDate('interest_calculated_to'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    closed_at: instant('closed_at'),
    // Last: added by a later migration (ALTER TABLE appends the column).
    /** The member who handles the case (handläggare); null = nobody yet. Notified of its flags. */
    handler_id: text('handler_id').references((): AnySQLiteColumn => users.id),
    /** A template QA test case (Mall-QA): kept out of the case list, dashboard and matching; null = a real case. */
    qa_batch_id: text('qa_batch_id').references((): AnySQLiteColumn => templateQaBatches.id),
  },
  (t) => [
    index('cases_org_status_stage_idx').on(t.org_id, t.status, t.stage),
    // Batch jobs walk one status in id order (keyset paging) without sorting the whole status.
    index('cases_org_status_id_idx').on(t.org_id, t.status, t.id),
    index('cases_org_created_idx').on(t.org_id, t.created_at),
    index('cases_org_outstanding_idx').on(t.org_id, t.total_outstanding),
    uniqueIndex('cases_org_ocr_reference_uq').on(t.org_id, t.ocr_reference),
    index('cases_org_creditor_idx').on(t.org_id, t.creditor_id),
    index('cases_org_party_idx').on(t.org_id, t.party_id),
    // 'Mina ärenden': a handler's cases.
    index('cases_org_handler_idx').on(t.org_id, t.handler_id),
    index('cases_claim_idx').on(t.claim_id),
    // A QA batch's cleanup finds its cases.
    index('cases_qa_batch_idx').on(t.qa_batch_id),
  ],
);

/** The case timeline (part 1 §3). actor_id null = System. */
export const caseEvents = table(
  'case_events',
  {
    id: id(),
    org_id: tenantId(),
    case_id: text('case_id')
      .notNull()
      .references((): AnySQLiteColumn => cases.id),
    type: text('type').notNull(),
    actor_id: text('actor_id').references((): AnySQLiteColumn => users.id),
    payload_json: json<PayloadJson>('payload_json')
      .notNull()
      .$defaultFn(() => ({})),
    created_at: createdAt(),
  },
  (t) => [
    // Every read of a timeline names the organisation and the case.
    index('case_events_org_case_created_idx').on(t.org_id, t.case_id, t.created_at),
    index('case_events_org_type_idx').on(t.org_id, t.type),
  ],
);

/** Rule flags raised on a case; unresolved while resolved_at is null (part 1 §3, §5). */
export const caseFlags = table(
  'case_flags',
  {
    id: id(),
    org_id: tenantId(),
    case_id: text('case_id')
      .notNull()
      .references((): AnySQLiteColumn => cases.id),
    rule_code: text('rule_code').notNull(),
    level: text('level', { enum: SEVERITIES }).notNull(),
    message: text('message').notNull(),
    resolved_at: instant('resolved_at'),
    resolved_by: text('resolved_by').references((): AnySQLiteColumn => users.id),
    created_at: createdAt(),
  },
  (t) => [index('case_flags_org_case_idx').on(t.org_id, t.case_id), index('case_flags_case_resolved_idx').on(t.case_id, t.resolved_at)],
);

/** Fees charged on a case, by fee_catalogue code; amount in öre as charged. */
export const caseFees = table(
  'case_fees',
  {
    id: id(),
    org_id: tenantId(),
    case_id: text('case_id')
      .notNull()
      .references((): AnySQLiteColumn => cases.id),
    code: text('code').notNull(),
    amount: money('amount'),
    created_at: createdAt(),
    created_by: text('created_by').references((): AnySQLiteColumn => users.id),
  },
  (t) => [index('case_fees_org_case_idx').on(t.org_id, t.case_id)],
);

/** One instalment of a payment plan (part 2 §3); amount in öre. */
export interface PaymentPlanScheduleItem {
  due_date: IsoDate;
  amount: Ore;
}

export interface PaymentPlanJson {
  schedule: PaymentPlanScheduleItem[];
  [key: string]: unknown;
}

/** Payment plans (avbetalningsplaner), proposed in the portal and signed with BankID. */
export const paymentPlans = table(
  'payment_plans',
  {
    id: id(),
    org_id: tenantId(),
    case_id: text('case_id')
      .notNull()
      .references((): AnySQLiteColumn => cases.id),
    party_id: text('party_id')
      .notNull()
      .references((): AnySQLiteColumn => parties.id),
    status: text('status', { enum: PAYMENT_PLAN_STATUSES }).notNull().default('proposed'),
    installments: integer('installments').notNull(),
    first_due_date: isoDate('first_due_date').notNull(),
    /** Öre. The spec says 295 kr; the domain reference §0 caps the fee at 170 kr (core decides). */
    setup_fee: money('setup_fee'),
    total_amount: money('total_amount'),
    plan_json: json<PaymentPlanJson>('plan_json').notNull(),
    signed_at: instant('signed_at'),
    created_at: createdAt(),
  },
  (t) => [index('payment_plans_org_case_idx').on(t.org_id, t.case_id)],
);

/** Debtor objections (invändningar); an open dispute pauses collection (part 2 §4). */
export const disputes = table(
  'disputes',
  {
    id: id(),
    org_id: tenantId(),
    case_id: text('case_id')
      .notNull()
      .references((): AnySQLiteColumn => cases.id),
    party_id: text('party_id').references((): AnySQLiteColumn => parties.id),
    type: text('type', { enum: DISPUTE_TYPES }).notNull().default('incorrect_amount'),
    description: text('description').notNull(),
    /** File-storage keys; the portal always sends an empty list today. */
    attachments_json: json<string[]>('attachments_json')
      .notNull()
      .$defaultFn(() => []),
    status: text('status', { enum: DISPUTE_STATUSES }).notNull().default('open'),
    resolution: text('resolution'),
    resolved_by: text('resolved_by').references((): AnySQLiteColumn => users.id),
    created_at: createdAt(),
    resolved_at: instant('resolved_at'),
  },
  (t) => [index('disputes_org_case_idx').on(t.org_id, t.case_id), index('disputes_org_status_idx').on(t.org_id, t.status)],
);
