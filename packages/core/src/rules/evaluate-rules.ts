import {
  RULE_SEVERITIES,
  type RuleDefinition,
  type RuleEvaluation,
  type RuleFacts,
  type RuleFinding,
  type RuleFlagDraft,
  type RuleSeverity,
  type RuleViolation,
  type UnknownRule,
} from './rule-model';
import { analyseRuleDefinition } from './validate-rule-definition';

function severityRank(severity: unknown): number {
  const rank = RULE_SEVERITIES.indexOf(severity as RuleSeverity);
  return rank === -1 ? RULE_SEVERITIES.length : rank;
}

function compareText(a: string, b: string): number {
  // Code-unit order, not locale order: the result must not depend on the machine.
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareRules(a: RuleDefinition, b: RuleDefinition): number {
  return (
    severityRank(a.severity) - severityRank(b.severity) ||
    compareText(String(a.code), String(b.code)) ||
    compareText(String(a.id), String(b.id)) ||
    // Only two rules with the same id and code get here; their content settles it.
    compareText(JSON.stringify(a) ?? '', JSON.stringify(b) ?? '')
  );
}

function compareViolations(a: RuleViolation, b: RuleViolation): number {
  return severityRank(a.level) - severityRank(b.level) || compareText(a.rule_code, b.rule_code) || compareText(a.rule_id, b.rule_id);
}

/** The milder of two levels: a rule type may soften a violation, never make it harsher than the rule. */
function milder(a: RuleSeverity, b: RuleSeverity): RuleSeverity {
  return severityRank(a) >= severityRank(b) ? a : b;
}

/**
 * Evaluates the organisation's rules for an attempted action on a case (spec part 1 §5).
 * Inactive rules are ignored. A violation at level block stops the action when its rule's
 * block_actions name the action or name none. new_flags holds one flag per violated rule code
 * that has no unresolved flag yet. Unknown rule types and invalid rules are reported, not run.
 * The result does not depend on the order of `rules` (sorted by severity, code, id).
 * @example evaluateRules('add_fee', { ...facts, feeCode: 'COLLECTION_180', existingFeeCodes: ['LATE_FEE_450'] }, rules).blocked // true
 */
export function evaluateRules(action: string, facts: RuleFacts, rules: readonly RuleDefinition[]): RuleEvaluation {
  const violations: RuleViolation[] = [];
  const unknown_rules: UnknownRule[] = [];
  const invalid_rules: RuleFinding[] = [];

  for (const rule of rules.filter((candidate) => candidate.is_active === true).sort(compareRules)) {
    const ruleCode = String(rule.code);
    const ruleId = String(rule.id);
    const analysed = analyseRuleDefinition(rule.condition_json, rule.action_json);
    const severityValid = RULE_SEVERITIES.includes(rule.severity);
    if (!severityValid) {
      invalid_rules.push({
        code: 'INVALID_RULE',
        message: `Okänd allvarlighetsgrad: ${String(rule.severity)} (block, warning eller info)`,
        path: 'severity',
        rule_id: ruleId,
        rule_code: ruleCode,
      });
    }
    if (analysed.kind === 'unknown_type') {
      unknown_rules.push({ rule_id: ruleId, code: ruleCode, rule_type: analysed.rule_type });
      continue;
    }
    if (analysed.kind === 'invalid') {
      invalid_rules.push(...analysed.findings.map((finding) => ({ ...finding, rule_id: ruleId, rule_code: ruleCode })));
      continue;
    }
    if (!severityValid) continue;

    const outcome = analysed.check(action, facts);
    if (outcome === null) continue;
    const level = outcome.level === undefined ? rule.severity : milder(rule.severity, outcome.level);
    const blocksAction = level === 'block' && (analysed.block_actions.length === 0 || analysed.block_actions.includes(action));
    violations.push({ rule_id: ruleId, rule_code: ruleCode, level, message: outcome.message, blocks_action: blocksAction });
  }

  violations.sort(compareViolations);
  const flagged = new Set(facts.unresolvedFlags.map((flag) => flag.rule_code));
  const new_flags: RuleFlagDraft[] = [];
  for (const violation of violations) {
    if (flagged.has(violation.rule_code)) continue;
    flagged.add(violation.rule_code);
    new_flags.push({ rule_code: violation.rule_code, level: violation.level, message: violation.message });
  }

  return {
    violations,
    blocked: violations.some((violation) => violation.blocks_action),
    new_flags,
    unknown_rules,
    invalid_rules,
  };
}
