// The shapes and Swedish names of the cases contract (packages/services/src/schemas/cases.ts),
// apart from the hooks so pure helpers and their tests can use them without a browser.
import type { SortOrder } from './list';
import type { PartyType } from './parties';

export const CASE_STATUSES = ['draft', 'active', 'on_hold', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const CASE_STAGES = ['intake', 'reminder', 'demand', 'payment_plan', 'kfm', 'legal'] as const;
export type CaseStage = (typeof CASE_STAGES)[number];

export const MANDATE_TYPES = ['direct', 'agent', 'assignee'] as const;
export type MandateType = (typeof MANDATE_TYPES)[number];

export type FlagLevel = 'block' | 'warning' | 'info';

/** Swedish names, verbatim from spec part 1 §4. */
export const CASE_STATUS_LABELS: Record<CaseStatus, string> = {
  draft: 'Utkast',
  active: 'Aktiv',
  on_hold: 'Pausad',
  closed: 'Stängd',
};

/** Swedish names, verbatim from spec part 1 §4. */
export const CASE_STAGE_LABELS: Record<CaseStage, string> = {
  intake: 'Intag',
  reminder: 'Påminnelse',
  demand: 'Inkassokrav',
  payment_plan: 'Betalningsplan',
  kfm: 'Kronofogden',
  legal: 'Juridisk',
};

/** Who the agency collects for (spec part 2 §3). */
export const MANDATE_TYPE_LABELS: Record<MandateType, string> = {
  direct: 'Direkt uppdrag',
  agent: 'Via ombud',
  assignee: 'Överlåten fordran',
};

export const FLAG_LEVEL_LABELS: Record<FlagLevel, string> = {
  block: 'Blockerande',
  warning: 'Varning',
  info: 'Information',
};

export const CASE_SORTS = ['created_at', 'due_date', 'total_outstanding', 'reference_no'] as const;
export type CaseSort = (typeof CASE_SORTS)[number];

/** The dashboard's figures as list filters: a tile links to the cases it counts. */
export const CASE_SEGMENTS = ['in_work', 'unpaid', 'new_today', 'overdue'] as const;
export type CaseSegment = (typeof CASE_SEGMENTS)[number];

export const CASE_SEGMENT_LABELS: Record<CaseSegment, string> = {
  in_work: 'Ärenden i arbete',
  unpaid: 'Obetalda',
  new_today: 'Nya idag',
  overdue: 'Försenade',
};

export interface CaseListParams {
  query?: string;
  status?: CaseStatus;
  stage?: CaseStage;
  creditor_id?: string;
  party_id?: string;
  handler_id?: string;
  flagged?: 'true';
  segment?: CaseSegment;
  sort?: CaseSort;
  order?: SortOrder;
  limit: number;
  offset: number;
}

interface CaseMoney {
  total_principal: string;
  total_interest: string;
  total_fees: string;
  amount_paid_total: string;
  /** principal + interest + fees − paid. */
  total_outstanding: string;
}

interface NamedRef {
  id: string;
  name: string;
}

/** One card of the case list. */
export interface CaseSummary extends CaseMoney {
  id: string;
  status: CaseStatus;
  stage: CaseStage;
  reference_no: string;
  due_date: string;
  creditor: NamedRef;
  party: NamedRef & { type: PartyType };
  ocr_reference: string | null;
  /** Unresolved rule flags, by level. */
  open_flags: Record<FlagLevel, number>;
  created_at: string;
}

export interface CaseFlag {
  id: string;
  rule_code: string;
  /** What the rule is about, in Swedish ('Preskriptionskontroll'). */
  rule_label: string;
  level: FlagLevel;
  message: string;
  created_at: string;
  resolved_at: string | null;
}

export interface CaseFee {
  id: string;
  code: string;
  /** The catalogue name of the code. */
  name: string;
  amount: string;
  created_at: string;
}

/** A catalogue fee of the add-fee dialog: whether the law and the rules allow it on the case now, and if not, why. */
export interface FeeOption {
  code: string;
  name: string;
  amount: string;
  available: boolean;
  unavailable_reason: string | null;
  /** Above the statutory maximum: added only with the special reasons stated. */
  requires_reason: boolean;
}

export interface InterestProfileSummary {
  id: string;
  code: string;
  name: string | null;
  base: 'REFERENCE_RATE' | 'fixed';
  margin_bp: number | null;
  fixed_rate_pa: string | null;
  /** 'Referensränta + 8 %' or '8 % per år'. */
  display: string;
  /** True when the case uses the organisation's default profile. */
  is_default: boolean;
}

export interface CaseDetail extends CaseMoney {
  id: string;
  org_id: string;
  status: CaseStatus;
  stage: CaseStage;
  mandate_type: MandateType;
  ocr_reference: string | null;
  /** First 8 characters of the id in upper case. */
  message_reference: string;
  /** Interest in total_interest is accrued up to and including this date. */
  interest_calculated_to: string | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  claim: {
    id: string;
    reference_no: string;
    principal_amount: string;
    due_date: string;
    contract_type: string | null;
    notes: string | null;
    reminder_fee_agreed: boolean;
  };
  creditor: NamedRef & { org_no: string | null; is_business: boolean };
  party: {
    id: string;
    type: PartyType;
    name: string;
    national_id: string | null;
    org_no: string | null;
    email: string | null;
    phone: string | null;
  };
  legal_creditor: NamedRef | null;
  agent_creditor: NamedRef | null;
  /** The member who handles the case; null = nobody yet. */
  handler: NamedRef | null;
  interest_profile: InterestProfileSummary | null;
  /** Unresolved flags, block first. */
  flags: CaseFlag[];
  fees: CaseFee[];
  /** Active catalogue fees in force today that are not on the case yet. */
  fee_options: FeeOption[];
  /** What the state machines allow from here: the buttons offer only these. */
  allowed_statuses: CaseStatus[];
  allowed_stages: CaseStage[];
  counts: { events: number; communications: number; kfm: number };
}

export interface CaseCreateInput {
  creditor_id: string;
  party_id: string;
  reference_no: string;
  /** Kronor with at most two decimals, e.g. "7950.50". */
  principal_amount: string;
  due_date: string;
  contract_type?: string | null;
  notes?: string | null;
  mandate_type?: MandateType;
  legal_creditor_id?: string | null;
  agent_creditor_id?: string | null;
  reminder_fee_agreed?: boolean;
}

export interface RuleViolation {
  rule_code: string;
  level: FlagLevel;
  message: string;
}

export interface CaseFeeAddInput {
  code: string;
  /** "Särskilda skäl" for an amount above the statutory maximum (lag 1981:739 4 §). */
  above_maximum_reason?: string;
}

export interface CaseFeeAddResult {
  fee: CaseFee;
  /** Warnings and infos of the rule check (the fee was added). */
  violations: RuleViolation[];
  case: CaseDetail;
}

export interface InterestPeriod {
  from: string;
  to: string;
  days: number;
  /** Percent per year, e.g. "10.00". */
  rate_pa: string;
  reference_rate_bp: number | null;
  principal: string;
  amount: string;
}

export interface CaseInterestResult {
  /** The interest from the due date to `to` on the unpaid capital. */
  amount: string;
  /** What this calculation added to total_interest. */
  change: string;
  days: number;
  /** Percent per year of the last period. */
  rate: string;
  from: string;
  to: string;
  periods: InterestPeriod[];
  violations: RuleViolation[];
  case: CaseDetail;
}

/** A member who may handle cases (GET /case-handlers). */
export interface CaseHandler {
  user_id: string;
  name: string;
}

/** Which icon the timeline gives an event (services CASE_EVENT_KINDS). */
export type CaseEventKind = 'created' | 'fee' | 'interest' | 'status' | 'stage' | 'handler' | 'flag' | 'payment' | 'communication' | 'kfm' | 'other';

export interface CaseEvent {
  id: string;
  type: string;
  actor_id: string | null;
  /** The author's name, or 'System'. */
  actor_name: string;
  payload_json: Record<string, unknown>;
  kind: CaseEventKind;
  /** What happened, in Swedish: the server names every code. */
  title: string;
  detail: string | null;
  created_at: string;
}
