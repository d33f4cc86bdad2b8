import { DomainError } from '../errors';
import { isIsoDate } from '../dates';
import { systemValidationCompletionRate } from './completion-rate';
import {
  SYSTEM_VALIDATION_CHECKS,
  type SystemValidationCheck,
  type SystemValidationCountKey,
  type SystemValidationCounts,
  type SystemValidationFindings,
  type SystemValidationStatus,
} from './system-validation-checks';

/** One line of the report (spec part 2 §3). */
export interface SystemValidationResult {
  module: string;
  message: string;
  status: SystemValidationStatus;
  details?: string;
}

/** The validation report (spec part 2 §3). `timestamp` is the `now` it was run at. */
export interface SystemValidationReport {
  /** Whole percent of passed checks, 0..100. */
  completionRate: number;
  passed: SystemValidationResult[];
  warnings: SystemValidationResult[];
  failures: SystemValidationResult[];
  checkedModules: string[];
  timestamp: string;
}

/** The counts as gathered: a count the services could not read is absent. */
export type SystemValidationCountsInput = Readonly<Partial<Record<SystemValidationCountKey, number>>>;

/** What the services gathered for one organisation. */
export interface SystemValidationFacts {
  counts: SystemValidationCountsInput;
  /** Examples of what problem counts counted, named in the details. */
  findings?: SystemValidationFindings;
  /** Rows per table of the organisation, reported as information (spec: "counts rows in …"). */
  rowCounts?: Readonly<Record<string, number>>;
}

/** The module of the row-count line. */
export const ROW_COUNTS_MODULE = 'Databas';

const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Runs one check. A count that is missing, negative or not an integer makes the check fail
 * ("kunde inte kontrolleras") instead of guessing: a validation page must not report a pass it
 * did not verify.
 * @example runSystemValidationCheck(SYSTEM_VALIDATION_CHECKS[1]!, { admin_users: 1 }) // { code: 'users.admin', status: 'pass', … }
 */
export function runSystemValidationCheck(
  check: SystemValidationCheck,
  counts: SystemValidationCountsInput,
  findings: SystemValidationFindings = {},
): SystemValidationResult {
  const unusable = check.inputs.filter((key) => !isCount(counts[key]));
  if (unusable.length > 0) {
    return {
      module: check.module,
      message: `${check.module}: kunde inte kontrolleras`,
      status: 'fail',
      details: `Antal saknas eller är ogiltigt: ${unusable.join(', ')}`,
    };
  }
  // Every key the check declared is a valid count; the check reads only those (tested).
  const known = counts as SystemValidationCounts;
  const status = check.status(known);
  const message = check.messages[status];
  if (message === undefined) throw new Error(`check ${check.code} has no message for ${status}`);
  const details = check.details?.(known, findings);
  return { module: check.module, message, status, ...(details === undefined ? {} : { details }) };
}

/** The row counts as one line of information: it passes when every count is a count. */
function rowCountsResult(rowCounts: Readonly<Record<string, number>>): SystemValidationResult {
  const entries = Object.entries(rowCounts).sort(([a], [b]) => a.localeCompare(b));
  const unusable = entries.filter(([, count]) => !isCount(count)).map(([table]) => table);
  const details = entries.map(([table, count]) => `${table}: ${count}`).join(', ');
  return unusable.length === 0
    ? { module: ROW_COUNTS_MODULE, message: 'Antal rader per tabell', status: 'pass', details }
    : {
        module: ROW_COUNTS_MODULE,
        message: `${ROW_COUNTS_MODULE}: kunde inte kontrolleras`,
        status: 'fail',
        details: `Antal saknas eller är ogiltigt: ${unusable.join(', ')}`,
      };
}

/**
 * Composes the system validation report from gathered facts (spec part 2 §2–3): every check of
 * `checks` in table order (then the row counts, when given), split by outcome, the modules
 * checked (table order, once each), the completion rate (whole percent, half up) and `now` as
 * the timestamp. Throws INVALID_DATE when `now` is not an ISO-8601 instant.
 * @example runSystemValidation({ counts: { admin_users: 1, unbalanced_journals: 0 } }, '2026-11-22T09:30:00Z').completionRate
 */
export function runSystemValidation(
  facts: SystemValidationFacts,
  now: string,
  checks: readonly SystemValidationCheck[] = SYSTEM_VALIDATION_CHECKS,
): SystemValidationReport {
  const instant = ISO_INSTANT.exec(now);
  if (!instant || !isIsoDate(instant[1])) throw new DomainError('INVALID_DATE', undefined, { now });
  const results = checks.map((check) => runSystemValidationCheck(check, facts.counts, facts.findings));
  if (facts.rowCounts) results.push(rowCountsResult(facts.rowCounts));
  const passed = results.filter((result) => result.status === 'pass');
  return {
    completionRate: systemValidationCompletionRate(passed.length, results.length),
    passed,
    warnings: results.filter((result) => result.status === 'warning'),
    failures: results.filter((result) => result.status === 'fail'),
    checkedModules: [...new Set(results.map((result) => result.module))],
    timestamp: now,
  };
}
