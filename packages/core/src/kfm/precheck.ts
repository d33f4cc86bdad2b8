import { addDays, compareIsoDates, isIsoDate, type IsoDate } from '../dates';
import { ERROR_MESSAGES, type Finding } from '../errors';
import { isOre, type Ore } from '../money';
import { KFM_NOT_DUE_MESSAGE, KFM_ZERO_TOTAL_MESSAGE } from './kfm-snapshot';

/** A rule-engine violation as the pre-check reads it (case_flags: level, message, rule_code). */
export interface KfmRuleViolation {
  level: 'block' | 'warning' | 'info';
  message: string;
  rule_code: string;
}

/** The claim facts the pre-check refuses on, besides rule violations. */
export interface KfmPrecheckClaim {
  due_date: IsoDate;
  /** The current date (core has no clock). */
  today: IsoDate;
  /** What the application would claim (the case's total_outstanding), in öre. */
  totalOre: Ore;
  /** A payment plan is proposed or running: the debtor is paying, so no application (left out = not checked). */
  open_payment_plan?: boolean;
  /**
   * The day the latest inkassokrav reached the debtor by the communications log (delivered or
   * opened), null when none did; left out = not checked. The debtor must have had
   * KFM_DEMAND_WAIT_DAYS to pay or object before the application.
   */
  demand_delivered_on?: IsoDate | null;
}

/** Days a delivered inkassokrav gives the debtor before the application (inkassolagen 5 §: "8 dagar"). */
export const KFM_DEMAND_WAIT_DAYS = 8;

export type KfmPrecheckStatus = 'passed' | 'warnings' | 'blocked';

/** The outcome of step 1 of the KFM escalation dialog. */
export interface KfmPrecheckResult {
  status: KfmPrecheckStatus;
  /** True unless blocked; with warnings the user reviews them before going on. */
  can_proceed: boolean;
  /** The spec's message for the status (part 1 §5), or the claim problem; null when passed. */
  message: string | null;
  /** Blocking violations. */
  blocking: KfmRuleViolation[];
  /** Warning violations (info-level violations neither block nor warn). */
  warnings: KfmRuleViolation[];
  /** Why the claim itself cannot go (NOT_YET_DUE, AMOUNT_NOT_POSITIVE, INVALID_DATE, KFM_PAYMENT_PLAN_OPEN, KFM_DEMAND_NOT_DELIVERED). */
  claim_findings: Finding[];
}

function claimFindings(claim: KfmPrecheckClaim): Finding[] {
  const findings: Finding[] = [];
  const datesValid = isIsoDate(claim.due_date) && isIsoDate(claim.today);
  if (!isIsoDate(claim.due_date)) findings.push({ code: 'INVALID_DATE', path: 'due_date', message: ERROR_MESSAGES.INVALID_DATE });
  if (!isIsoDate(claim.today)) findings.push({ code: 'INVALID_DATE', path: 'today', message: ERROR_MESSAGES.INVALID_DATE });
  // Betalningsföreläggande may only concern a due claim (domain reference §5.2): the due date
  // must have passed, the same "days since due date > 0" the interest rule uses (spec part 1 §5).
  if (datesValid && compareIsoDates(claim.due_date, claim.today) >= 0) {
    findings.push({ code: 'NOT_YET_DUE', path: 'due_date', message: KFM_NOT_DUE_MESSAGE });
  }
  if (!isOre(claim.totalOre) || claim.totalOre <= 0) {
    findings.push({ code: 'AMOUNT_NOT_POSITIVE', path: 'totalOre', message: KFM_ZERO_TOTAL_MESSAGE });
  }
  if (claim.open_payment_plan === true) {
    findings.push({ code: 'KFM_PAYMENT_PLAN_OPEN', path: 'payment_plan', message: ERROR_MESSAGES.KFM_PAYMENT_PLAN_OPEN });
  }
  const delivered = claim.demand_delivered_on;
  if (delivered !== undefined && isIsoDate(claim.today) && (delivered === null || compareIsoDates(addDays(delivered, KFM_DEMAND_WAIT_DAYS), claim.today) > 0)) {
    findings.push({ code: 'KFM_DEMAND_NOT_DELIVERED', path: 'demand_delivered_on', message: ERROR_MESSAGES.KFM_DEMAND_NOT_DELIVERED });
  }
  return findings;
}

/**
 * Step 1 of KFM escalation (spec part 1 §5): a single blocking violation blocks ('Ärendet kan inte
 * eskaleras på grund av blockerade regler'); otherwise warnings ask for review ('Varningar
 * hittades, granska innan du fortsätter'); otherwise passed. With `claim`, a claim that is not
 * yet due, has nothing to claim, has an open payment plan or whose inkassokrav did not reach the
 * debtor at least 8 days ago is blocked too.
 * @example kfmPrecheck([{ level: 'warning', message: 'Preskription nära', rule_code: 'PRESCRIPTION' }]).status // "warnings"
 */
export function kfmPrecheck(violations: readonly KfmRuleViolation[], claim?: KfmPrecheckClaim): KfmPrecheckResult {
  const blocking = violations.filter((violation) => violation.level === 'block');
  const warnings = violations.filter((violation) => violation.level === 'warning');
  const claim_findings = claim === undefined ? [] : claimFindings(claim);
  if (blocking.length > 0 || claim_findings.length > 0) {
    return {
      status: 'blocked',
      can_proceed: false,
      message: blocking.length > 0 ? ERROR_MESSAGES.KFM_BLOCKED : claim_findings[0]!.message,
      blocking,
      warnings,
      claim_findings,
    };
  }
  if (warnings.length > 0) {
    return { status: 'warnings', can_proceed: true, message: ERROR_MESSAGES.KFM_WARNINGS, blocking, warnings, claim_findings };
  }
  return { status: 'passed', can_proceed: true, message: null, blocking, warnings, claim_findings };
}
