import { z } from 'zod';
import { DEMO_RULES } from './demo-rules';
import { KNOWN_RULE_ACTIONS } from './rule-model';
import { RULE_TYPES, type RuleType } from './rule-types';

/** One parameter of a rule type's condition_json, as the rule editor lists it. */
export interface RuleParameterDescription {
  name: string;
  /** Swedish: what it means and which values it takes. */
  label: string;
  required: boolean;
}

/** A rule type for the rule editor: what it checks, its parameters and a condition that works. */
export interface RuleTypeDescription {
  rule_type: RuleType;
  label: string;
  description: string;
  parameters: RuleParameterDescription[];
  /** A valid condition_json of this type (the one new organisations get). */
  example: Record<string, unknown>;
}

/** An action a rule's block_actions may name, with its Swedish label. */
export interface RuleActionDescription {
  action: string;
  label: string;
}

/** The names of the parameters the schema requires (rule_type aside), read from its JSON Schema. */
function requiredParameters(schema: z.ZodType): Set<string> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { required?: string[] };
  return new Set(json.required ?? []);
}

/**
 * The rule type table as the rule editor shows it (spec part 1 §5): label, description, each
 * parameter with its Swedish label and whether it is required, and an example condition_json.
 * Ordered as the table declares the types.
 * @example describeRuleTypes().find((t) => t.rule_type === 'prescription_check')?.parameters.map((p) => p.name)
 * // ["years_b2c", "years_b2b", "warning_days"]
 */
export function describeRuleTypes(): RuleTypeDescription[] {
  return (Object.keys(RULE_TYPES) as RuleType[]).map((ruleType) => {
    const definition = RULE_TYPES[ruleType];
    const required = requiredParameters(definition.paramsSchema);
    const example = DEMO_RULES.find((rule) => rule.condition_json.rule_type === ruleType)?.condition_json ?? { rule_type: ruleType };
    return {
      rule_type: ruleType,
      label: definition.label,
      description: definition.description,
      parameters: Object.entries(definition.parameters).map(([name, label]) => ({ name, label, required: required.has(name) })),
      example: { ...example },
    };
  });
}

/**
 * The actions the services check rules for, for the editor's block_actions choices.
 * @example describeRuleActions()[0] // { action: 'add_fee', label: 'Lägg till avgift' }
 */
export function describeRuleActions(): RuleActionDescription[] {
  return Object.entries(KNOWN_RULE_ACTIONS).map(([action, label]) => ({ action, label }));
}
