import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeRuleActions, describeRuleTypes, KNOWN_RULE_ACTIONS, RULE_TYPES, validateRuleDefinition } from '.';

describe('describeRuleTypes', () => {
  it('describes every rule type of the table, in its order', () => {
    expect(describeRuleTypes().map((type) => type.rule_type)).toEqual(Object.keys(RULE_TYPES));
  });

  it.each(Object.entries(RULE_TYPES))('the parameter labels of %s are exactly the parameters of its schema', (_type, definition) => {
    const json = z.toJSONSchema(definition.paramsSchema, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, unknown> };
    const schemaParameters = Object.keys(json.properties).filter((name) => name !== 'rule_type');
    expect(Object.keys(definition.parameters).sort()).toEqual(schemaParameters.sort());
  });

  it('marks required and optional parameters as the schema does', () => {
    const prescription = describeRuleTypes().find((type) => type.rule_type === 'prescription_check')!;
    expect(prescription.parameters.map((p) => [p.name, p.required])).toEqual([
      ['years_b2c', true],
      ['years_b2b', true],
      ['warning_days', false],
    ]);
    const cap = describeRuleTypes().find((type) => type.rule_type === 'interest_cap')!;
    expect(cap.parameters.map((p) => [p.name, p.required])).toEqual([
      ['max_rate_pa', true],
      ['measure', false],
    ]);
  });

  it.each(describeRuleTypes().map((type) => [type.rule_type, type] as const))('the example of %s is a valid condition', (_type, described) => {
    expect(validateRuleDefinition(described.example, {})).toEqual([]);
  });

  it('gives every label and description in Swedish text (never empty)', () => {
    for (const type of describeRuleTypes()) {
      expect(type.label.length).toBeGreaterThan(3);
      expect(type.description.length).toBeGreaterThan(10);
      for (const parameter of type.parameters) expect(parameter.label.length).toBeGreaterThan(5);
    }
  });
});

describe('describeRuleActions', () => {
  it('lists the known actions with their Swedish labels', () => {
    expect(describeRuleActions()).toEqual(Object.entries(KNOWN_RULE_ACTIONS).map(([action, label]) => ({ action, label })));
    expect(describeRuleActions()).toContainEqual({ action: 'add_fee', label: 'Lägg till avgift' });
  });
});
