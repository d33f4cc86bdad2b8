import { describe, it } from 'vitest';
import fc from 'fast-check';
import { DomainError } from '../errors';
import { ore } from '../money';
import { addDays, daysBetween, daysInMonth, parseIsoDate } from '../dates';
import { buildPaymentPlan, paymentPlanFromJson, paymentPlanToJson, type PaymentPlanInput } from '.';
import { positiveOreArb, recentIsoDateArb } from '../../test/arbitraries';

/** Valid requests: 2..12 instalments, first date 7..400 days ahead, fee 0..170 kr. */
const requestArb: fc.Arbitrary<PaymentPlanInput> = fc
  .record({
    outstandingOre: fc.oneof(
      fc.integer({ min: 12, max: 1_000 }).map(ore),
      positiveOreArb.filter((v) => v >= 12),
    ),
    installments: fc.integer({ min: 2, max: 12 }),
    today: recentIsoDateArb,
    daysAhead: fc.integer({ min: 7, max: 400 }),
    setup_feeOre: fc.oneof(fc.constant(ore(17000)), fc.integer({ min: 0, max: 17000 }).map(ore)),
  })
  .map(({ daysAhead, ...rest }) => ({ ...rest, first_due_date: addDays(rest.today, daysAhead) }));

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return undefined;
}

describe('payment plan properties', () => {
  it('the schedule sums to the total, which is the outstanding amount plus the setup fee', () => {
    fc.assert(
      fc.property(requestArb, (input) => {
        const plan = buildPaymentPlan(input);
        const sum = plan.schedule.reduce((a, item) => a + item.amountOre, 0);
        return sum === plan.total_amountOre && plan.total_amountOre === input.outstandingOre + (input.setup_feeOre ?? 0);
      }),
    );
  });

  it('the schedule has exactly the requested number of instalments, each at least 1 öre', () => {
    fc.assert(
      fc.property(requestArb, (input) => {
        const plan = buildPaymentPlan(input);
        return plan.schedule.length === input.installments && plan.schedule.every((item) => item.amountOre >= 1 && Number.isInteger(item.amountOre));
      }),
    );
  });

  it('every instalment but the last is equal', () => {
    fc.assert(
      fc.property(requestArb, (input) => {
        const amounts = buildPaymentPlan(input).schedule.map((item) => item.amountOre);
        return amounts.slice(0, -1).every((amount) => amount === amounts[0]);
      }),
    );
  });

  it('the last instalment exceeds the others by less than the number of instalments in öre', () => {
    fc.assert(
      fc.property(requestArb, (input) => {
        const amounts = buildPaymentPlan(input).schedule.map((item) => item.amountOre);
        const difference = amounts[amounts.length - 1]! - amounts[0]!;
        return difference >= 0 && difference < amounts.length;
      }),
    );
  });

  it('due dates strictly increase, one calendar month apart, clamped to the first date’s day', () => {
    fc.assert(
      fc.property(requestArb, (input) => {
        const plan = buildPaymentPlan(input);
        const firstDay = parseIsoDate(plan.first_due_date).day;
        return plan.schedule.every((item, k) => {
          const date = parseIsoDate(item.due_date);
          const dayOk = date.day === Math.min(firstDay, daysInMonth(date.year, date.month));
          if (k === 0) return item.due_date === plan.first_due_date && dayOk;
          const previous = parseIsoDate(plan.schedule[k - 1]!.due_date);
          const monthStep = date.year * 12 + date.month - (previous.year * 12 + previous.month);
          return monthStep === 1 && item.due_date > plan.schedule[k - 1]!.due_date && dayOk;
        });
      }),
    );
  });

  it('the first due date is at least 7 days after today', () => {
    fc.assert(fc.property(requestArb, (input) => daysBetween(input.today, buildPaymentPlan(input).first_due_date) >= 7));
  });

  it('a first due date less than 7 days ahead is always refused', () => {
    fc.assert(
      fc.property(requestArb, fc.integer({ min: -400, max: 6 }), (input, daysAhead) => {
        return codeOf(() => buildPaymentPlan({ ...input, first_due_date: addDays(input.today, daysAhead) })) === 'FIRST_DUE_DATE_TOO_EARLY';
      }),
    );
  });

  it('an instalment count outside 2..12 is always refused', () => {
    fc.assert(
      fc.property(requestArb, fc.oneof(fc.integer({ min: -5, max: 1 }), fc.integer({ min: 13, max: 100 })), (input, installments) => {
        return codeOf(() => buildPaymentPlan({ ...input, installments })) === 'INVALID_INSTALLMENTS';
      }),
    );
  });

  it('a setup fee above 170 kr without a reason is always refused', () => {
    fc.assert(
      fc.property(requestArb, fc.integer({ min: 17001, max: 1_000_000 }), (input, feeOre) => {
        return codeOf(() => buildPaymentPlan({ ...input, setup_feeOre: ore(feeOre) })) === 'PAYMENT_PLAN_FEE_ABOVE_MAX';
      }),
    );
  });

  it('a plan read back from its JSON form equals the plan', () => {
    fc.assert(
      fc.property(requestArb, (input) => {
        const plan = buildPaymentPlan(input);
        return JSON.stringify(paymentPlanFromJson(JSON.parse(JSON.stringify(paymentPlanToJson(plan))))) === JSON.stringify(plan);
      }),
    );
  });
});
