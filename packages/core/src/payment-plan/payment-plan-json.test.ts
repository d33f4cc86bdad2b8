import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { kronor, ore } from '../money';
import { buildPaymentPlan, paymentPlanFromJson, paymentPlanToJson } from '.';

const plan = buildPaymentPlan({ outstandingOre: ore(100001), installments: 3, first_due_date: '2026-01-31', today: '2026-01-20' });

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return undefined;
}

describe('payment plan JSON form', () => {
  it('writes amounts as decimal strings with the spec field names', () => {
    expect(paymentPlanToJson(plan)).toEqual({
      installments: 3,
      first_due_date: '2026-01-31',
      outstanding_amount: '1000.01',
      setup_fee: '170.00',
      setup_fee_code: 'PAYMENT_PLAN_170',
      total_amount: '1170.01',
      schedule: [
        { due_date: '2026-01-31', amount: '390.00' },
        { due_date: '2026-02-28', amount: '390.00' },
        { due_date: '2026-03-31', amount: '390.01' },
      ],
    });
  });

  it('keeps an override reason', () => {
    const withReason = buildPaymentPlan({
      outstandingOre: kronor(1000),
      installments: 2,
      first_due_date: '2026-02-01',
      today: '2026-01-20',
      setup_feeOre: kronor(295),
      setup_fee_override_reason: 'Särskilda skäl',
    });
    expect(paymentPlanToJson(withReason).setup_fee_override_reason).toBe('Särskilda skäl');
    expect(paymentPlanFromJson(paymentPlanToJson(withReason))).toEqual(withReason);
  });

  it('reads its own output back', () => {
    expect(paymentPlanFromJson(JSON.parse(JSON.stringify(paymentPlanToJson(plan))))).toEqual(plan);
  });

  it.each<[string, (json: ReturnType<typeof paymentPlanToJson>) => unknown]>([
    ['a changed instalment', (json) => ({ ...json, schedule: json.schedule.map((s, i) => (i === 0 ? { ...s, amount: '389.00' } : s)) })],
    ['a changed total', (json) => ({ ...json, total_amount: '1170.00' })],
    ['a moved due date', (json) => ({ ...json, schedule: json.schedule.map((s, i) => (i === 1 ? { ...s, due_date: '2026-03-01' } : s)) })],
    ['a missing instalment', (json) => ({ ...json, schedule: json.schedule.slice(1) })],
    ['a number instead of a decimal string', (json) => ({ ...json, setup_fee: 170 })],
    ['three decimals', (json) => ({ ...json, setup_fee: '170.000' })],
    ['an impossible date', (json) => ({ ...json, first_due_date: '2026-02-30' })],
    ['not an object', () => 'plan'],
  ])('refuses %s', (_name, tamper) => {
    expect(codeOf(() => paymentPlanFromJson(tamper(paymentPlanToJson(plan))))).toBe('VALIDATION_FAILED');
  });
});
