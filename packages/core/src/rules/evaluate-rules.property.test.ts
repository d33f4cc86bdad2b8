import { describe, it } from 'vitest';
import fc from 'fast-check';
import { ore } from '../money';
import { positiveOreArb, recentIsoDateArb } from '../../test/arbitraries';
import { DEMO_RULES, evaluateRules, RULE_SEVERITIES, type RuleDefinition, type RuleFacts } from '.';

const ACTIONS = ['add_fee', 'send_communication', 'calculate_interest', 'kfm_escalate'];
const FEE_CODES = ['REMINDER_60', 'COLLECTION_180', 'PAYMENT_PLAN_170', 'LATE_FEE_450', 'ADMIN_FEE'];
const RULE_CODES = ['FEE_450_EXCLUSIVE', 'PRESCRIPTION', 'DISPUTED_CASE', 'INTEREST_CAP', 'DUPLICATE_FEE', 'OTHER'];

const factsArb: fc.Arbitrary<RuleFacts> = fc.record({
  caseStatus: fc.constantFrom('draft', 'active', 'on_hold', 'closed'),
  caseStage: fc.constantFrom('intake', 'reminder', 'demand', 'kfm'),
  debtorType: fc.constantFrom('person' as const, 'company' as const),
  aroseOn: fc.option(recentIsoDateArb, { nil: null }),
  prescriptionYears: fc.option(fc.integer({ min: 1, max: 10 }), { nil: null }),
  interruptions: fc.array(
    fc.record({
      id: fc.uuid(),
      date: recentIsoDateArb,
      kind: fc.constantFrom('payment' as const, 'acknowledgement' as const, 'demand_delivered' as const, 'manual' as const),
    }),
    { maxLength: 3 },
  ),
  today: recentIsoDateArb,
  existingFeeCodes: fc.subarray(FEE_CODES),
  feeCode: fc.option(fc.constantFrom(...FEE_CODES), { nil: null }),
  interestRatePa: fc.option(
    fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 99 })).map(([whole, cents]) => `${whole}.${String(cents).padStart(2, '0')}`),
    { nil: null },
  ),
  interestOre: fc.option(fc.integer({ min: 0, max: 500_000 }).map(ore), { nil: null }),
  principalOre: positiveOreArb,
  unresolvedFlags: fc.subarray(['DISPUTED_CASE', 'PRESCRIPTION', 'INTEREST_CAP', 'OTHER']).map((codes) => codes.map((rule_code) => ({ rule_code }))),
});

/** Conditions of every kind: the demo ones with varied parameters, unknown types and invalid ones. */
const conditionArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...DEMO_RULES.map((rule) => rule.condition_json)),
  fc.record({ rule_type: fc.constant('prescription_check'), years_b2c: fc.integer({ min: 1, max: 5 }), years_b2b: fc.integer({ min: 1, max: 10 }) }),
  fc.record({
    rule_type: fc.constant('interest_cap'),
    max_rate_pa: fc.integer({ min: 0, max: 30 }),
    measure: fc.constantFrom('rate_pa', 'percent_of_principal'),
  }),
  fc.constant({ rule_type: 'credit_check' }),
  fc.constant({ rule_type: 'interest_cap', max_rate_pa: 'högt' }),
  fc.constant('{broken'),
);

const actionJsonArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.constant({}),
  fc.subarray(ACTIONS).map((block_actions) => ({ block_actions })),
  fc.constant({ block_actions: 'add_fee' }),
);

/** Rules with unique ids; codes repeat on purpose (two rules may share a flag code). */
const rulesArb: fc.Arbitrary<RuleDefinition[]> = fc
  .array(
    fc.record({
      code: fc.constantFrom(...RULE_CODES),
      severity: fc.constantFrom(...RULE_SEVERITIES),
      is_active: fc.boolean(),
      condition_json: conditionArb,
      action_json: actionJsonArb,
    }),
    { maxLength: 12 },
  )
  .map((rules) => rules.map((rule, i) => ({ ...rule, id: `rule-${String(i).padStart(2, '0')}` })));

const scenarioArb = fc.record({ action: fc.constantFrom(...ACTIONS), facts: factsArb, rules: rulesArb });

describe('rule evaluation properties', () => {
  it('evaluation does not depend on the order of the rules', () => {
    fc.assert(
      fc.property(
        scenarioArb.chain((scenario) =>
          fc
            .shuffledSubarray(scenario.rules, { minLength: scenario.rules.length, maxLength: scenario.rules.length })
            .map((shuffled) => ({ ...scenario, shuffled })),
        ),
        ({ action, facts, rules, shuffled }) => JSON.stringify(evaluateRules(action, facts, rules)) === JSON.stringify(evaluateRules(action, facts, shuffled)),
      ),
    );
  });

  it('inactive rules never produce violations, flags or reports', () => {
    fc.assert(
      fc.property(scenarioArb, ({ action, facts, rules }) => {
        const inactive = new Set(rules.filter((rule) => !rule.is_active).map((rule) => rule.id));
        const result = evaluateRules(action, facts, rules);
        const onlyInactive = evaluateRules(
          action,
          facts,
          rules.filter((rule) => !rule.is_active),
        );
        return (
          result.violations.every((v) => !inactive.has(v.rule_id)) &&
          result.unknown_rules.every((u) => !inactive.has(u.rule_id)) &&
          result.invalid_rules.every((f) => !inactive.has(f.rule_id)) &&
          onlyInactive.violations.length === 0 &&
          onlyInactive.new_flags.length === 0
        );
      }),
    );
  });

  it("new flags never repeat an unresolved flag's rule code, nor each other", () => {
    fc.assert(
      fc.property(scenarioArb, ({ action, facts, rules }) => {
        const codes = evaluateRules(action, facts, rules).new_flags.map((flag) => flag.rule_code);
        const unresolved = new Set(facts.unresolvedFlags.map((flag) => flag.rule_code));
        return codes.every((code) => !unresolved.has(code)) && new Set(codes).size === codes.length;
      }),
    );
  });

  it('every violated rule code is flagged unless already unresolved', () => {
    fc.assert(
      fc.property(scenarioArb, ({ action, facts, rules }) => {
        const result = evaluateRules(action, facts, rules);
        const unresolved = new Set(facts.unresolvedFlags.map((flag) => flag.rule_code));
        const flagged = new Set(result.new_flags.map((flag) => flag.rule_code));
        return result.violations.every((v) => unresolved.has(v.rule_code) || flagged.has(v.rule_code));
      }),
    );
  });

  it('an action is blocked exactly when a block-level violation names it or names no action', () => {
    fc.assert(
      fc.property(scenarioArb, ({ action, facts, rules }) => {
        const result = evaluateRules(action, facts, rules);
        const byId = new Map(rules.map((rule) => [rule.id, rule]));
        const violationsRight = result.violations.every((v) => {
          const blockActions = (byId.get(v.rule_id)!.action_json as { block_actions?: string[] } | null)?.block_actions ?? [];
          return v.blocks_action === (v.level === 'block' && (blockActions.length === 0 || blockActions.includes(action)));
        });
        return violationsRight && result.blocked === result.violations.some((v) => v.blocks_action);
      }),
    );
  });

  it("a violation is never harsher than its rule's severity", () => {
    fc.assert(
      fc.property(scenarioArb, ({ action, facts, rules }) => {
        const byId = new Map(rules.map((rule) => [rule.id, rule]));
        return evaluateRules(action, facts, rules).violations.every(
          (v) => RULE_SEVERITIES.indexOf(v.level) >= RULE_SEVERITIES.indexOf(byId.get(v.rule_id)!.severity),
        );
      }),
    );
  });

  it('the duplicate_fee rule never produces a violation', () => {
    fc.assert(
      fc.property(scenarioArb, ({ action, facts, rules }) => {
        const duplicateIds = new Set(
          rules.filter((rule) => (rule.condition_json as { rule_type?: unknown } | null)?.rule_type === 'duplicate_fee').map((rule) => rule.id),
        );
        return evaluateRules(action, facts, rules).violations.every((v) => !duplicateIds.has(v.rule_id));
      }),
    );
  });
});
