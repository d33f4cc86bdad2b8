import { z } from 'zod';
import type { Finding } from '../errors';
import type { RuleFacts } from './rule-model';
import { isRuleType, RULE_TYPES, type RuleConditionOutcome } from './rule-types';

/** A stored rule's condition and action, read: ready to run, of an unknown type, or invalid. */
export type AnalysedRuleDefinition =
  | { kind: 'ready'; check: (action: string, facts: RuleFacts) => RuleConditionOutcome | null; block_actions: string[] }
  | { kind: 'unknown_type'; rule_type: string; findings: Finding[] }
  | { kind: 'invalid'; findings: Finding[] };

const BLOCK_ACTIONS_MESSAGE = 'block_actions måste vara en lista med åtgärdsnamn, t.ex. ["add_fee"]';

const actionJsonSchema = z.looseObject({
  block_actions: z
    .array(z.string({ error: BLOCK_ACTIONS_MESSAGE }).trim().min(1, { error: BLOCK_ACTIONS_MESSAGE }), { error: BLOCK_ACTIONS_MESSAGE })
    .optional(),
});

function invalid(path: string, message: string): Finding {
  return { code: 'INVALID_RULE', message, path };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The rule editor sends text; the database JSON. Text is parsed (no valid rule part is a string). */
function readJson(value: unknown, path: string, label: string): { value: unknown } | { finding: Finding } {
  if (typeof value !== 'string') return { value };
  try {
    return { value: JSON.parse(value) as unknown };
  } catch {
    return { finding: invalid(path, `${label} är inte giltig JSON`) };
  }
}

function analyseAction(actionJson: unknown): { block_actions: string[] } | { findings: Finding[] } {
  const read = readJson(actionJson, 'action_json', 'Åtgärden');
  if ('finding' in read) return { findings: [read.finding] };
  if (read.value === null || read.value === undefined) return { block_actions: [] };
  if (!isPlainObject(read.value)) return { findings: [invalid('action_json', 'Åtgärden måste vara ett JSON-objekt, t.ex. {"block_actions": ["add_fee"]}')] };
  const parsed = actionJsonSchema.safeParse(read.value);
  if (!parsed.success) {
    return { findings: parsed.error.issues.map((issue) => invalid(['action_json', ...issue.path.map(String)].join('.'), issue.message)) };
  }
  return { block_actions: [...new Set(parsed.data.block_actions ?? [])].sort() };
}

/**
 * Reads a rule's condition_json and action_json (objects or JSON text). Every problem found is
 * returned, in both parts; an unknown rule_type is kept apart so the engine can report it as such.
 */
export function analyseRuleDefinition(conditionJson: unknown, actionJson: unknown): AnalysedRuleDefinition {
  const findings: Finding[] = [];
  let check: ((action: string, facts: RuleFacts) => RuleConditionOutcome | null) | null = null;
  let unknownType: string | null = null;

  const read = readJson(conditionJson, 'condition_json', 'Villkoret');
  if ('finding' in read) {
    findings.push(read.finding);
  } else if (!isPlainObject(read.value)) {
    findings.push(invalid('condition_json', 'Villkoret måste vara ett JSON-objekt med rule_type, t.ex. {"rule_type": "dispute_check"}'));
  } else {
    const ruleType = read.value['rule_type'];
    if (typeof ruleType !== 'string' || ruleType.trim() === '') {
      findings.push(invalid('condition_json.rule_type', 'rule_type saknas i villkoret'));
    } else if (!isRuleType(ruleType)) {
      unknownType = ruleType;
      findings.push(invalid('condition_json.rule_type', `Okänd regeltyp: ${ruleType}. Tillåtna typer: ${Object.keys(RULE_TYPES).join(', ')}`));
    } else {
      const compiled = RULE_TYPES[ruleType].compile(read.value);
      if (compiled.ok) check = compiled.check;
      else findings.push(...compiled.findings);
    }
  }

  const action = analyseAction(actionJson);
  if ('findings' in action) findings.push(...action.findings);

  if (unknownType !== null) return { kind: 'unknown_type', rule_type: unknownType, findings };
  if (findings.length > 0 || check === null || 'findings' in action) return { kind: 'invalid', findings };
  return { kind: 'ready', check, block_actions: action.block_actions };
}

/**
 * Checks a rule definition for the rule editor (spec part 2 §5): JSON text or objects; an
 * invalid JSON text, a missing or unknown rule_type, a bad, missing or unknown parameter or a
 * malformed block_actions each give a finding (code INVALID_RULE, Swedish message, path).
 * An empty list means the rule can be saved.
 * @example validateRuleDefinition({ rule_type: 'prescription_check', years_b2c: 3 }, null)
 * // [{ code: 'INVALID_RULE', path: 'condition_json.years_b2b', message: 'Antal år måste vara ett heltal mellan 1 och 100' }]
 */
export function validateRuleDefinition(conditionJson: unknown, actionJson: unknown): Finding[] {
  const analysed = analyseRuleDefinition(conditionJson, actionJson);
  return analysed.kind === 'ready' ? [] : analysed.findings;
}
