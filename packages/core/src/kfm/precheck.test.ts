import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ore } from '../money';
import { kfmPrecheck, type KfmRuleViolation } from '.';

const block: KfmRuleViolation = { level: 'block', message: 'Fordran är preskriberad', rule_code: 'PRESCRIPTION_B2C' };
const warning: KfmRuleViolation = { level: 'warning', message: 'Preskription inom 120 dagar', rule_code: 'PRESCRIPTION_WARN' };
const info: KfmRuleViolation = { level: 'info', message: 'Notering', rule_code: 'INFO' };
const dueClaim = { due_date: '2025-01-31', today: '2025-08-20', totalOre: ore(100000) };

describe('kfmPrecheck', () => {
  it.each([
    ['no violations', [], 'passed', null],
    ['only info', [info], 'passed', null],
    ['a warning', [warning, info], 'warnings', 'Varningar hittades, granska innan du fortsätter'],
    ['a block', [block], 'blocked', 'Ärendet kan inte eskaleras på grund av blockerade regler'],
    ['a block and a warning', [warning, block], 'blocked', 'Ärendet kan inte eskaleras på grund av blockerade regler'],
  ] as const)('with %s: %s', (_label, violations, status, message) => {
    const result = kfmPrecheck(violations, dueClaim);
    expect(result.status).toBe(status);
    expect(result.message).toBe(message);
    expect(result.can_proceed).toBe(status !== 'blocked');
  });

  it('lists the blocking and warning violations separately', () => {
    const result = kfmPrecheck([block, warning, info]);
    expect(result.blocking).toEqual([block]);
    expect(result.warnings).toEqual([warning]);
  });

  it.each([
    ['due today', { ...dueClaim, due_date: '2025-08-20' }, 'NOT_YET_DUE'],
    ['due tomorrow', { ...dueClaim, due_date: '2025-08-21' }, 'NOT_YET_DUE'],
    ['with nothing to claim', { ...dueClaim, totalOre: ore(0) }, 'AMOUNT_NOT_POSITIVE'],
    ['with an invalid date', { ...dueClaim, today: '2025-13-01' }, 'INVALID_DATE'],
  ] as const)('blocks a claim %s', (_label, claim, code) => {
    const result = kfmPrecheck([], claim);
    expect(result.status).toBe('blocked');
    expect(result.can_proceed).toBe(false);
    expect(result.claim_findings.map((finding) => finding.code)).toContain(code);
    expect(result.message).toBe(result.claim_findings[0]!.message);
  });

  it.each([
    ['an open payment plan', { open_payment_plan: true, demand_delivered_on: '2025-08-01' }, 'KFM_PAYMENT_PLAN_OPEN'],
    ['no delivered inkassokrav', { open_payment_plan: false, demand_delivered_on: null }, 'KFM_DEMAND_NOT_DELIVERED'],
    ['an inkassokrav delivered 7 days ago', { open_payment_plan: false, demand_delivered_on: '2025-08-13' }, 'KFM_DEMAND_NOT_DELIVERED'],
  ] as const)('blocks a claim with %s', (_label, facts, code) => {
    const result = kfmPrecheck([], { ...dueClaim, ...facts });
    expect(result.status).toBe('blocked');
    expect(result.claim_findings.map((finding) => finding.code)).toEqual([code]);
  });

  it('passes a claim whose inkassokrav reached the debtor 8 days ago', () => {
    expect(kfmPrecheck([], { ...dueClaim, open_payment_plan: false, demand_delivered_on: '2025-08-12' }).status).toBe('passed');
  });

  it('passes a claim due yesterday', () => {
    expect(kfmPrecheck([], { ...dueClaim, due_date: '2025-08-19' }).status).toBe('passed');
  });

  const violationArb = fc.record({
    level: fc.constantFrom('block' as const, 'warning' as const, 'info' as const),
    message: fc.string(),
    rule_code: fc.string(),
  });

  it('the pre-check blocks exactly when some violation blocks', () => {
    fc.assert(
      fc.property(fc.array(violationArb), (violations) => {
        const blocked = kfmPrecheck(violations).status === 'blocked';
        return blocked === violations.some((violation) => violation.level === 'block');
      }),
    );
  });

  it('the pre-check passes exactly when no violation blocks or warns', () => {
    fc.assert(
      fc.property(fc.array(violationArb), (violations) => {
        const passed = kfmPrecheck(violations).status === 'passed';
        return passed === violations.every((violation) => violation.level === 'info');
      }),
    );
  });
});
