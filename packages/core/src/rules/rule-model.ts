import type { IsoDate } from '../dates';
import type { Finding } from '../errors';
import type { Ore } from '../money';
import type { PrescriptionInterruption } from '../prescription';

/** Rule severities and flag levels, most severe first (spec part 1 §3, part 2 §9). */
export const RULE_SEVERITIES = ['block', 'warning', 'info'] as const;
export type RuleSeverity = (typeof RULE_SEVERITIES)[number];

export const RULE_SEVERITY_LABELS: Readonly<Record<RuleSeverity, string>> = {
  block: 'Blockerande',
  warning: 'Varning',
  info: 'Information',
};

/**
 * Actions the services check rules for, with Swedish labels for the rule editor's
 * block_actions. Other names are allowed (a rule naming them blocks nothing known).
 */
export const KNOWN_RULE_ACTIONS = /* @__PURE__ */ Object.freeze({
  add_fee: 'Lägg till avgift',
  send_communication: 'Skicka meddelande',
  calculate_interest: 'Beräkna ränta',
  create_payment_plan: 'Skapa betalplan',
  kfm_escalate: 'Eskalera till Kronofogden',
} as const);
export type KnownRuleAction = keyof typeof KNOWN_RULE_ACTIONS;

/**
 * A rule as stored (spec part 2 §3). condition_json and action_json are whatever JSON the
 * database holds: the engine validates them and reports bad ones instead of trusting them.
 */
export interface RuleDefinition {
  id: string;
  code: string;
  description?: string | null;
  severity: RuleSeverity;
  is_active: boolean;
  /** `{ rule_type, ...params }`. */
  condition_json: unknown;
  /** `{ block_actions?: string[] }`; null/absent = a blocking violation stops every action. */
  action_json?: unknown;
}

/** What the engine knows about the case when an action is attempted. */
export interface RuleFacts {
  /** Case status: draft, active, on_hold, closed. */
  caseStatus: string;
  /** Case stage: intake, reminder, demand, payment_plan, kfm, legal. */
  caseStage: string;
  /** The debtor party's type; a person counts as a consumer (b2c). */
  debtorType: 'person' | 'company';
  /** When the claim arose (preskriptionslag 2 §); null when unknown (prescription is then not checked). */
  aroseOn: IsoDate | null;
  /** The claim's own prescription period in years; null = the rule's years for the debtor type. */
  prescriptionYears?: number | null;
  /** The claim's recorded preskriptionsavbrott (5 §), in any order. */
  interruptions?: readonly PrescriptionInterruption[];
  today: IsoDate;
  /** Codes of the fees on the case. */
  existingFeeCodes: readonly string[];
  /** The fee being added, for the action add_fee. */
  feeCode?: string | null;
  /** The case's interest rate, yearly percent as decimal text ("10.50"); null when none. */
  interestRatePa?: string | null;
  /** The case's accrued interest, öre. */
  interestOre?: Ore | null;
  principalOre: Ore;
  /** The case's unresolved flags. */
  unresolvedFlags: readonly { rule_code: string }[];
}

/** A rule whose condition holds for the facts. */
export interface RuleViolation {
  rule_id: string;
  rule_code: string;
  level: RuleSeverity;
  /** Swedish; shown in the flag banner and the 'Åtgärd blockerad' toast. */
  message: string;
  /** True when this violation stops the attempted action. */
  blocks_action: boolean;
}

/** A flag to insert as unresolved on the case (case_flags). */
export interface RuleFlagDraft {
  rule_code: string;
  level: RuleSeverity;
  message: string;
}

/** An active rule whose rule_type the engine does not know. */
export interface UnknownRule {
  rule_id: string;
  code: string;
  rule_type: string;
}

/** A problem in one stored rule; path is relative to the rule (e.g. condition_json.years_b2c). */
export interface RuleFinding extends Finding {
  rule_id: string;
  rule_code: string;
}

export interface RuleEvaluation {
  /** Sorted by level (block, warning, info), then rule code, then rule id. */
  violations: RuleViolation[];
  /** Whether any violation stops the action. */
  blocked: boolean;
  /** Flags to create: one per violated rule code that has no unresolved flag yet. */
  new_flags: RuleFlagDraft[];
  unknown_rules: UnknownRule[];
  invalid_rules: RuleFinding[];
}
