import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { ore } from '../money';
import { DEMO_RULES, evaluateRules, RULE_TYPES, validateRuleDefinition, type RuleDefinition, type RuleFacts, type RuleSeverity } from '.';

const FACTS: RuleFacts = {
  caseStatus: 'active',
  caseStage: 'demand',
  debtorType: 'company',
  aroseOn: '2025-01-31',
  today: '2026-11-22',
  existingFeeCodes: [],
  feeCode: null,
  interestRatePa: '10.00',
  interestOre: ore(50_000),
  principalOre: ore(1_000_000),
  unresolvedFlags: [],
};

const RULES: RuleDefinition[] = DEMO_RULES.map((rule) => ({ ...rule, id: `id-${rule.code}` }));

function only(code: string, change: Partial<RuleDefinition> = {}): RuleDefinition[] {
  return RULES.filter((rule) => rule.code === code).map((rule) => ({ ...rule, ...change }));
}

function rule(condition_json: unknown, change: Partial<RuleDefinition> = {}): RuleDefinition {
  return { id: 'r1', code: 'TEST', severity: 'block', is_active: true, condition_json, action_json: {}, ...change };
}

/** [level, blocks_action] of each violation. */
function summary(action: string, change: Partial<RuleFacts>, rules: RuleDefinition[]): [string, RuleSeverity, boolean][] {
  return evaluateRules(action, { ...FACTS, ...change }, rules).violations.map((v) => [v.rule_code, v.level, v.blocks_action]);
}

describe('fee_450_exclusive', () => {
  it.each<[string, Partial<RuleFacts>, [string, RuleSeverity, boolean][]]>([
    ['a collection fee when 450 kr exists', { feeCode: 'COLLECTION_180', existingFeeCodes: ['LATE_FEE_450'] }, [['FEE_450_EXCLUSIVE', 'block', true]]],
    ['450 kr when a reminder fee exists', { feeCode: 'LATE_FEE_450', existingFeeCodes: ['REMINDER_60'] }, [['FEE_450_EXCLUSIVE', 'block', true]]],
    ['a second 450 kr', { feeCode: 'LATE_FEE_450', existingFeeCodes: ['LATE_FEE_450'] }, [['FEE_450_EXCLUSIVE', 'block', true]]],
    ['a collection fee on a clean case', { feeCode: 'COLLECTION_180', existingFeeCodes: ['REMINDER_60'] }, []],
    ['an own fee beside 450 kr', { feeCode: 'KFM_APPLICATION_300', existingFeeCodes: ['LATE_FEE_450'] }, []],
    ['450 kr on a clean case', { feeCode: 'LATE_FEE_450', existingFeeCodes: [] }, []],
    ['fees that already clash, with no fee named', { existingFeeCodes: ['LATE_FEE_450', 'COLLECTION_180'] }, [['FEE_450_EXCLUSIVE', 'block', true]]],
  ])('add_fee: %s', (_name, change, expected) => {
    expect(summary('add_fee', change, only('FEE_450_EXCLUSIVE'))).toEqual(expected);
  });

  it('reports fees that already clash on another action without blocking it (block_actions: add_fee)', () => {
    expect(summary('kfm_escalate', { existingFeeCodes: ['LATE_FEE_450', 'REMINDER_60'] }, only('FEE_450_EXCLUSIVE'))).toEqual([
      ['FEE_450_EXCLUSIVE', 'block', false],
    ]);
  });

  it('ignores the fee code outside add_fee', () => {
    expect(summary('send_communication', { feeCode: 'COLLECTION_180', existingFeeCodes: ['LATE_FEE_450'] }, only('FEE_450_EXCLUSIVE'))).toEqual([]);
  });

  it('warns instead when the rule is a warning', () => {
    const result = evaluateRules(
      'add_fee',
      { ...FACTS, feeCode: 'REMINDER_60', existingFeeCodes: ['LATE_FEE_450'] },
      only('FEE_450_EXCLUSIVE', { severity: 'warning' }),
    );
    expect(result.violations.map((v) => [v.level, v.blocks_action])).toEqual([['warning', false]]);
    expect(result.blocked).toBe(false);
    expect(result.violations[0]!.message).toContain('förseningsersättning');
  });
});

describe('prescription_check', () => {
  const payment = (date: string) => ({ id: `p-${date}`, date, kind: 'payment' as const });
  it.each<[string, Partial<RuleFacts>, [string, RuleSeverity, boolean][]]>([
    ['a consumer claim that arose 3 years and a day ago', { debtorType: 'person', aroseOn: '2023-11-21' }, [['PRESCRIPTION', 'block', true]]],
    [
      'a consumer claim on the last day of its 3 years (a warning until the day ends)',
      { debtorType: 'person', aroseOn: '2023-11-22' },
      [['PRESCRIPTION', 'warning', false]],
    ],
    ['a consumer claim with 120 days left', { debtorType: 'person', aroseOn: '2024-03-21' }, [['PRESCRIPTION', 'warning', false]]],
    ['a consumer claim with 121 days left', { debtorType: 'person', aroseOn: '2024-03-22' }, []],
    ['a company claim after 3 years', { debtorType: 'company', aroseOn: '2023-11-21' }, []],
    ['a company claim after 10 years', { debtorType: 'company', aroseOn: '2016-11-21' }, [['PRESCRIPTION', 'block', true]]],
    ['an interrupted consumer claim', { debtorType: 'person', aroseOn: '2023-01-01', interruptions: [payment('2025-06-01')] }, []],
    [
      'an interruption earlier than the claim arose',
      { debtorType: 'person', aroseOn: '2023-01-01', interruptions: [payment('2022-06-01')] },
      [['PRESCRIPTION', 'block', true]],
    ],
    [
      'an interruption after the claim was barred does not revive it',
      { debtorType: 'person', aroseOn: '2023-01-01', interruptions: [payment('2026-03-01')] },
      [['PRESCRIPTION', 'block', true]],
    ],
    [
      'an interruption later than the day checked is not known yet',
      { debtorType: 'person', aroseOn: '2023-01-01', interruptions: [payment('2026-11-23')] },
      [['PRESCRIPTION', 'block', true]],
    ],
    ["the claim's own period: 10 years for a consumer loan", { debtorType: 'person', aroseOn: '2023-01-01', prescriptionYears: 10 }, []],
    [
      "the claim's own period: 3 years against a company",
      { debtorType: 'company', aroseOn: '2023-01-01', prescriptionYears: 3 },
      [['PRESCRIPTION', 'block', true]],
    ],
    ['a claim without a date it arose', { debtorType: 'person', aroseOn: null }, []],
  ])('%s', (_name, change, expected) => {
    expect(summary('send_communication', change, only('PRESCRIPTION'))).toEqual(expected);
  });

  it('never makes the approaching warning harsher than an info rule', () => {
    expect(summary('send_communication', { debtorType: 'person', aroseOn: '2023-11-23' }, only('PRESCRIPTION', { severity: 'info' }))).toEqual([
      ['PRESCRIPTION', 'info', false],
    ]);
  });

  it('uses warning_days when given', () => {
    const rules = [rule({ rule_type: 'prescription_check', years_b2c: 3, years_b2b: 10, warning_days: 200 })];
    expect(summary('add_fee', { debtorType: 'person', aroseOn: '2024-03-22' }, rules)).toEqual([['TEST', 'warning', false]]);
  });

  it('says when the claim is barred and what the period runs from', () => {
    const [warning] = evaluateRules('add_fee', { ...FACTS, debtorType: 'person', aroseOn: '2023-11-23' }, only('PRESCRIPTION')).violations;
    expect(warning!.message).toBe('Fordran preskriberas 2026-11-24 – 2 dagar kvar (3 år från dagen fordran uppkom 2023-11-23)');
    const [block] = evaluateRules(
      'add_fee',
      { ...FACTS, debtorType: 'person', aroseOn: '2021-01-01', interruptions: [payment('2023-06-01')] },
      only('PRESCRIPTION'),
    ).violations;
    expect(block!.message).toBe('Fordran är preskriberad sedan 2026-06-02: 3 år från preskriptionsavbrottet 2023-06-01 (betalning) (preskriptionslagen 2 §)');
  });
});

describe('dispute_check', () => {
  const disputed = { caseStatus: 'on_hold', unresolvedFlags: [{ rule_code: 'DISPUTED_CASE' }] };

  it.each<[string, string, Partial<RuleFacts>, [string, RuleSeverity, boolean][]]>([
    ['blocks sending on a paused disputed case', 'send_communication', disputed, [['DISPUTED_CASE', 'block', true]]],
    ['does not block an action outside block_actions', 'calculate_interest', disputed, [['DISPUTED_CASE', 'block', false]]],
    ['ignores an active case with the flag', 'send_communication', { ...disputed, caseStatus: 'active' }, []],
    ['ignores a paused case without the flag', 'send_communication', { caseStatus: 'on_hold' }, []],
    ['ignores a paused case with another flag', 'send_communication', { caseStatus: 'on_hold', unresolvedFlags: [{ rule_code: 'OTHER' }] }, []],
  ])('%s', (_name, action, change, expected) => {
    expect(summary(action, change, only('DISPUTED_CASE'))).toEqual(expected);
  });

  it('creates no second flag: the dispute flag is already unresolved', () => {
    expect(evaluateRules('send_communication', { ...FACTS, ...disputed }, only('DISPUTED_CASE')).new_flags).toEqual([]);
  });

  it('looks for another flag code when configured', () => {
    const rules = [rule({ rule_type: 'dispute_check', flag_code: 'BESTRIDD' })];
    expect(summary('add_fee', { caseStatus: 'on_hold', unresolvedFlags: [{ rule_code: 'BESTRIDD' }] }, rules)).toEqual([['TEST', 'block', true]]);
  });
});

describe('interest_cap', () => {
  it.each<[string, unknown, Partial<RuleFacts>, [string, RuleSeverity, boolean][]]>([
    ['a rate above the cap', '20.00', { interestRatePa: '25.00' }, [['TEST', 'block', true]]],
    ['a rate at the cap', '20.00', { interestRatePa: '20.00' }, []],
    ['a rate just above a numeric cap', 20, { interestRatePa: '20.01' }, [['TEST', 'block', true]]],
    ['a cap with a decimal comma', '20,5', { interestRatePa: '20.50' }, []],
    ['no interest rate', '20.00', { interestRatePa: null }, []],
  ])('rate_pa: %s', (_name, max_rate_pa, change, expected) => {
    expect(summary('calculate_interest', change, [rule({ rule_type: 'interest_cap', max_rate_pa })])).toEqual(expected);
  });

  it.each<[string, number, [string, RuleSeverity, boolean][]]>([
    ['interest above 10 % of the principal', 100_001, [['TEST', 'block', true]]],
    ['interest at exactly 10 % of the principal', 100_000, []],
  ])('percent_of_principal: %s', (_name, interestOre, expected) => {
    const rules = [rule({ rule_type: 'interest_cap', max_rate_pa: 10, measure: 'percent_of_principal' })];
    expect(summary('kfm_escalate', { interestOre: ore(interestOre), principalOre: ore(1_000_000) }, rules)).toEqual(expected);
  });

  it('the demo cap warns at 25 %', () => {
    const result = evaluateRules('calculate_interest', { ...FACTS, interestRatePa: '25.00' }, only('INTEREST_CAP'));
    expect(result.violations).toEqual([
      {
        rule_id: 'id-INTEREST_CAP',
        rule_code: 'INTEREST_CAP',
        level: 'warning',
        message: 'Räntesatsen 25 % per år överstiger räntetaket 20 % per år',
        blocks_action: false,
      },
    ]);
  });

  it('refuses a malformed interest rate fact', () => {
    expect(() => evaluateRules('calculate_interest', { ...FACTS, interestRatePa: '25 %' }, only('INTEREST_CAP'))).toThrow(DomainError);
  });
});

describe('duplicate_fee', () => {
  it('never has an effect', () => {
    const facts = { ...FACTS, feeCode: 'COLLECTION_180', existingFeeCodes: ['COLLECTION_180', 'COLLECTION_180'] };
    expect(evaluateRules('add_fee', facts, [rule({ rule_type: 'duplicate_fee', anything: true })]).violations).toEqual([]);
  });
});

describe('evaluateRules', () => {
  it.each<[string, unknown, string, boolean]>([
    ['block_actions naming the action', { block_actions: ['add_fee'] }, 'add_fee', true],
    ['block_actions naming another action', { block_actions: ['add_fee'] }, 'send_communication', false],
    ['empty block_actions', { block_actions: [] }, 'send_communication', true],
    ['no block_actions', {}, 'anything', true],
    ['a null action_json', null, 'anything', true],
  ])('a block violation with %s blocks: %s', (_name, action_json, action, expected) => {
    const result = evaluateRules(action, { ...FACTS, interestRatePa: '30.00' }, [rule({ rule_type: 'interest_cap', max_rate_pa: 20 }, { action_json })]);
    expect([result.blocked, result.violations[0]!.blocks_action]).toEqual([expected, expected]);
  });

  it('never blocks on warnings and infos', () => {
    const rules = [
      rule({ rule_type: 'interest_cap', max_rate_pa: 20 }, { severity: 'warning' }),
      rule({ rule_type: 'interest_cap', max_rate_pa: 20 }, { id: 'r2', severity: 'info' }),
    ];
    const result = evaluateRules('add_fee', { ...FACTS, interestRatePa: '30.00' }, rules);
    expect(result.violations.map((v) => v.level)).toEqual(['warning', 'info']);
    expect(result.blocked).toBe(false);
  });

  it('flags each violated rule code once, and never one that is already unresolved', () => {
    const facts: RuleFacts = {
      ...FACTS,
      debtorType: 'person',
      aroseOn: '2020-01-01',
      interestRatePa: '30.00',
      unresolvedFlags: [{ rule_code: 'PRESCRIPTION' }],
    };
    const twin = { ...RULES.find((r) => r.code === 'INTEREST_CAP')!, id: 'id-INTEREST_CAP-2' };
    const result = evaluateRules('send_communication', facts, [...RULES, twin]);
    expect(result.violations.map((v) => v.rule_code)).toEqual(['PRESCRIPTION', 'INTEREST_CAP', 'INTEREST_CAP']);
    expect(result.new_flags).toEqual([{ rule_code: 'INTEREST_CAP', level: 'warning', message: 'Räntesatsen 30 % per år överstiger räntetaket 20 % per år' }]);
  });

  it('ignores inactive rules, even broken ones', () => {
    const rules = [rule({ rule_type: 'interest_cap', max_rate_pa: 20 }, { is_active: false }), rule({ rule_type: 'nope' }, { id: 'r2', is_active: false })];
    expect(evaluateRules('add_fee', { ...FACTS, interestRatePa: '30.00' }, rules)).toEqual({
      violations: [],
      blocked: false,
      new_flags: [],
      unknown_rules: [],
      invalid_rules: [],
    });
  });

  it('reports unknown rule types and invalid rules, and still runs the others', () => {
    const rules: RuleDefinition[] = [
      rule({ rule_type: 'credit_score_check', min: 3 }, { id: 'r-unknown', code: 'SCORE' }),
      rule({ rule_type: 'prescription_check', years_b2c: 'tre', years_b2b: 10 }, { id: 'r-invalid', code: 'PRESC' }),
      rule({ rule_type: 'interest_cap', max_rate_pa: 20 }, { id: 'r-bad-action', code: 'CAP2', action_json: { block_actions: 'add_fee' } }),
      rule({ rule_type: 'interest_cap', max_rate_pa: 20 }, { id: 'r-severity', code: 'CAP3', severity: 'fatal' as RuleSeverity }),
      rule('{not json', { id: 'r-json', code: 'JSON' }),
      rule({ rule_type: 'interest_cap', max_rate_pa: 20 }, { id: 'r-ok', code: 'CAP' }),
    ];
    const result = evaluateRules('add_fee', { ...FACTS, interestRatePa: '30.00' }, rules);
    expect(result.violations.map((v) => v.rule_id)).toEqual(['r-ok']);
    expect(result.unknown_rules).toEqual([{ rule_id: 'r-unknown', code: 'SCORE', rule_type: 'credit_score_check' }]);
    expect(result.invalid_rules.map((f) => [f.rule_code, f.path])).toEqual([
      ['CAP2', 'action_json.block_actions'],
      ['JSON', 'condition_json'],
      ['PRESC', 'condition_json.years_b2c'],
      ['CAP3', 'severity'],
    ]);
    expect(result.invalid_rules.every((f) => f.code === 'INVALID_RULE')).toBe(true);
  });

  it('orders violations by severity, then code, then id', () => {
    const cap = { rule_type: 'interest_cap', max_rate_pa: 20 };
    const rules = [
      rule(cap, { id: 'b', code: 'A', severity: 'info' }),
      rule(cap, { id: 'a', code: 'B', severity: 'block' }),
      rule(cap, { id: 'c', code: 'A', severity: 'warning' }),
      rule(cap, { id: 'b', code: 'A', severity: 'warning' }),
      rule(cap, { id: 'a', code: 'A', severity: 'block' }),
    ];
    const result = evaluateRules('add_fee', { ...FACTS, interestRatePa: '30.00' }, rules);
    expect(result.violations.map((v) => `${v.level}:${v.rule_code}:${v.rule_id}`)).toEqual([
      'block:A:a',
      'block:B:a',
      'warning:A:b',
      'warning:A:c',
      'info:A:b',
    ]);
  });
});

describe('validateRuleDefinition', () => {
  it.each(DEMO_RULES.map((demo) => [demo.code, demo] as const))('accepts the demo rule %s', (_code, demo) => {
    expect(validateRuleDefinition(demo.condition_json, demo.action_json)).toEqual([]);
  });

  it('has a demo rule for every rule type', () => {
    expect(new Set(DEMO_RULES.map((demo) => demo.condition_json.rule_type))).toEqual(new Set(Object.keys(RULE_TYPES)));
  });

  it('accepts JSON text from the editor', () => {
    expect(validateRuleDefinition('{"rule_type": "prescription_check", "years_b2c": 3, "years_b2b": 10}', '{"block_actions": ["add_fee"]}')).toEqual([]);
  });

  it.each<[string, unknown, unknown, [string, string][]]>([
    ['invalid JSON text', '{"rule_type": ', null, [['condition_json', 'Villkoret är inte giltig JSON']]],
    [
      'a condition that is not an object',
      [1, 2],
      null,
      [['condition_json', 'Villkoret måste vara ett JSON-objekt med rule_type, t.ex. {"rule_type": "dispute_check"}']],
    ],
    ['a missing rule_type', {}, null, [['condition_json.rule_type', 'rule_type saknas i villkoret']]],
    [
      'an unknown rule_type',
      { rule_type: 'magic' },
      null,
      [
        [
          'condition_json.rule_type',
          'Okänd regeltyp: magic. Tillåtna typer: fee_450_exclusive, prescription_check, dispute_check, interest_cap, duplicate_fee',
        ],
      ],
    ],
    [
      'a missing parameter',
      { rule_type: 'prescription_check', years_b2c: 3 },
      null,
      [['condition_json.years_b2b', 'Antal år måste vara ett heltal mellan 1 och 100']],
    ],
    [
      'a parameter out of range',
      { rule_type: 'prescription_check', years_b2c: 0, years_b2b: 10 },
      null,
      [['condition_json.years_b2c', 'Antal år måste vara ett heltal mellan 1 och 100']],
    ],
    ['an unknown parameter', { rule_type: 'fee_450_exclusive', amount: 450 }, null, [['condition_json', 'Okänd parameter: amount']]],
    [
      'a negative cap',
      { rule_type: 'interest_cap', max_rate_pa: -1 },
      null,
      [['condition_json.max_rate_pa', 'Ange en procentsats >= 0 med högst fyra decimaler, t.ex. 20 eller "20.00"']],
    ],
    [
      'an unknown measure',
      { rule_type: 'interest_cap', max_rate_pa: 5, measure: 'total' },
      null,
      [['condition_json.measure', 'measure måste vara rate_pa eller percent_of_principal']],
    ],
    ['invalid action JSON text', { rule_type: 'duplicate_fee' }, '{', [['action_json', 'Åtgärden är inte giltig JSON']]],
    [
      'an action that is a list',
      { rule_type: 'duplicate_fee' },
      ['add_fee'],
      [['action_json', 'Åtgärden måste vara ett JSON-objekt, t.ex. {"block_actions": ["add_fee"]}']],
    ],
    [
      'block_actions that is not a list',
      { rule_type: 'duplicate_fee' },
      { block_actions: 'add_fee' },
      [['action_json.block_actions', 'block_actions måste vara en lista med åtgärdsnamn, t.ex. ["add_fee"]']],
    ],
    [
      'an empty action name',
      { rule_type: 'duplicate_fee' },
      { block_actions: ['add_fee', ' '] },
      [['action_json.block_actions.1', 'block_actions måste vara en lista med åtgärdsnamn, t.ex. ["add_fee"]']],
    ],
    [
      'problems in both parts',
      { rule_type: 'prescription_check' },
      { block_actions: [1] },
      [
        ['condition_json.years_b2c', 'Antal år måste vara ett heltal mellan 1 och 100'],
        ['condition_json.years_b2b', 'Antal år måste vara ett heltal mellan 1 och 100'],
        ['action_json.block_actions.0', 'block_actions måste vara en lista med åtgärdsnamn, t.ex. ["add_fee"]'],
      ],
    ],
  ])('refuses %s', (_name, condition, action, expected) => {
    const findings = validateRuleDefinition(condition, action);
    expect(findings.map((f) => [f.path, f.message])).toEqual(expected);
    expect(findings.every((f) => f.code === 'INVALID_RULE')).toBe(true);
  });
});
