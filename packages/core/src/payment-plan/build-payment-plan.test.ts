import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { kronor, ore, type Ore } from '../money';
import { buildPaymentPlan, validatePaymentPlanRequest, type PaymentPlanInput } from '.';

function failure(action: () => unknown): { code?: string; findings?: unknown } {
  try {
    action();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, findings: (error.details as { findings?: unknown } | undefined)?.findings };
  }
  return {};
}

const base: PaymentPlanInput = { outstandingOre: kronor(6310), installments: 3, first_due_date: '2026-03-15', today: '2026-03-01' };

describe('buildPaymentPlan examples', () => {
  it.each<[string, PaymentPlanInput, Ore, [string, number][]]>([
    [
      'demo case (spec part 2 §9): 6 310 kr left after 2 000 kr paid, 3 instalments, 170 kr fee',
      base,
      kronor(6480),
      [
        ['2026-03-15', kronor(2160)],
        ['2026-04-15', kronor(2160)],
        ['2026-05-15', kronor(2160)],
      ],
    ],
    [
      'month ends: 31 Jan → 28 Feb → 31 Mar',
      { outstandingOre: kronor(5950), installments: 3, first_due_date: '2026-01-31', today: '2026-01-20' },
      kronor(6120),
      [
        ['2026-01-31', kronor(2040)],
        ['2026-02-28', kronor(2040)],
        ['2026-03-31', kronor(2040)],
      ],
    ],
    [
      'leap year: 31 Jan → 29 Feb',
      { outstandingOre: kronor(830), installments: 2, first_due_date: '2024-01-31', today: '2024-01-01' },
      kronor(1000),
      [
        ['2024-01-31', kronor(500)],
        ['2024-02-29', kronor(500)],
      ],
    ],
    [
      'division remainder on the last instalment',
      { outstandingOre: ore(100001), installments: 6, first_due_date: '2026-11-30', today: '2026-11-22' },
      ore(117001),
      [
        ['2026-11-30', 19500],
        ['2026-12-30', 19500],
        ['2027-01-30', 19500],
        ['2027-02-28', 19500],
        ['2027-03-30', 19500],
        ['2027-04-30', 19501],
      ],
    ],
    [
      'no setup fee',
      { outstandingOre: ore(1000), installments: 3, first_due_date: '2026-03-08', today: '2026-03-01', setup_feeOre: ore(0) },
      ore(1000),
      [
        ['2026-03-08', 333],
        ['2026-04-08', 333],
        ['2026-05-08', 334],
      ],
    ],
  ])('%s', (_name, input, totalOre, schedule) => {
    const plan = buildPaymentPlan(input);
    expect(plan.total_amountOre).toBe(totalOre);
    expect(plan.schedule.map((item) => [item.due_date, item.amountOre])).toEqual(schedule);
  });

  it('defaults to 6 instalments and the statutory 170 kr fee (lag 1981:739 4 §)', () => {
    const plan = buildPaymentPlan({ outstandingOre: kronor(6000), first_due_date: '2026-04-01', today: '2026-03-01' });
    expect(plan).toMatchObject({
      installments: 6,
      first_due_date: '2026-04-01',
      outstanding_amountOre: kronor(6000),
      setup_feeOre: kronor(170),
      setup_fee_code: 'PAYMENT_PLAN_170',
      total_amountOre: kronor(6170),
    });
    expect(plan.schedule).toHaveLength(6);
    expect(plan).not.toHaveProperty('setup_fee_override_reason');
  });

  it('accepts the extremes 2 and 12 and a first date exactly 7 days ahead', () => {
    expect(buildPaymentPlan({ ...base, installments: 2 }).schedule).toHaveLength(2);
    expect(buildPaymentPlan({ ...base, installments: 12 }).schedule).toHaveLength(12);
    expect(buildPaymentPlan({ ...base, first_due_date: '2026-03-08' }).first_due_date).toBe('2026-03-08');
  });

  it('charges a fee above 170 kr only with a stated reason, and records it', () => {
    expect(failure(() => buildPaymentPlan({ ...base, setup_feeOre: kronor(295) })).code).toBe('PAYMENT_PLAN_FEE_ABOVE_MAX');
    expect(failure(() => buildPaymentPlan({ ...base, setup_feeOre: kronor(295), setup_fee_override_reason: '  ' })).code).toBe('PAYMENT_PLAN_FEE_ABOVE_MAX');
    const plan = buildPaymentPlan({ ...base, setup_feeOre: kronor(295), setup_fee_override_reason: ' Avtal med gäldenären ' });
    expect(plan.total_amountOre).toBe(kronor(6605));
    expect(plan.setup_fee_override_reason).toBe('Avtal med gäldenären');
  });

  it.each<[string, Partial<PaymentPlanInput>, string]>([
    ['1 instalment', { installments: 1 }, 'INVALID_INSTALLMENTS'],
    ['13 instalments', { installments: 13 }, 'INVALID_INSTALLMENTS'],
    ['2.5 instalments', { installments: 2.5 }, 'INVALID_INSTALLMENTS'],
    ['a first date 6 days ahead', { first_due_date: '2026-03-07' }, 'FIRST_DUE_DATE_TOO_EARLY'],
    ['a first date in the past', { first_due_date: '2026-02-01' }, 'FIRST_DUE_DATE_TOO_EARLY'],
    ['an impossible first date', { first_due_date: '2026-02-30' }, 'INVALID_DATE'],
    ['an impossible today', { today: '2026-13-01' }, 'INVALID_DATE'],
    ['nothing outstanding', { outstandingOre: ore(0) }, 'AMOUNT_NOT_POSITIVE'],
    ['a fractional outstanding amount', { outstandingOre: 10.5 as Ore }, 'INVALID_AMOUNT'],
    ['a negative fee', { setup_feeOre: ore(-1) }, 'NEGATIVE_AMOUNT'],
    ['instalments of less than 1 öre', { outstandingOre: ore(1), setup_feeOre: ore(0) }, 'AMOUNT_NOT_POSITIVE'],
  ])('refuses %s', (_name, change, code) => {
    expect(failure(() => buildPaymentPlan({ ...base, ...change })).code).toBe(code);
  });

  it('uses the spec messages', () => {
    expect(() => buildPaymentPlan({ ...base, installments: 13 })).toThrow('Antal delbetalningar måste vara mellan 2 och 12');
    expect(() => buildPaymentPlan({ ...base, first_due_date: '2026-03-02' })).toThrow('Första förfallodag måste vara minst 7 dagar fram i tiden');
  });

  it('reports every problem of a request at once, with paths', () => {
    const findings = validatePaymentPlanRequest({ ...base, installments: 20, first_due_date: '2026-03-02', setup_feeOre: kronor(295) });
    expect(findings.map((f) => [f.code, f.path])).toEqual([
      ['INVALID_INSTALLMENTS', 'installments'],
      ['FIRST_DUE_DATE_TOO_EARLY', 'first_due_date'],
      ['PAYMENT_PLAN_FEE_ABOVE_MAX', 'setup_feeOre'],
    ]);
    expect(failure(() => buildPaymentPlan({ ...base, installments: 20, first_due_date: '2026-03-02' })).findings).toHaveLength(2);
    expect(validatePaymentPlanRequest(base)).toEqual([]);
  });
});
