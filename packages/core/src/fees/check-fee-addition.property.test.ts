import { describe, it } from 'vitest';
import fc from 'fast-check';
import { DomainError } from '../errors';
import { kronor } from '../money';
import {
  checkFeeAddition,
  DEFAULT_FEE_CATALOGUE,
  LATE_FEE_ABSORBED_CODES,
  LATE_FEE_CODE,
  STATUTORY_FEE_MAX_ORE,
  type FeeAdditionInput,
  type FeeCatalogueEntry,
} from '.';

const CODES = ['REMINDER_60', 'COLLECTION_180', 'PAYMENT_PLAN_170', 'LATE_FEE_450', 'ADMIN_FEE', 'UNKNOWN'];

/** A catalogue with the statutory codes at arbitrary amounts (some above the maxima) and an own fee. */
const catalogueArb: fc.Arbitrary<FeeCatalogueEntry[]> = fc
  .tuple(fc.array(fc.integer({ min: 0, max: 600 }), { minLength: 4, maxLength: 4 }), fc.boolean())
  .map(([amounts, isAdminActive]) => [
    ...DEFAULT_FEE_CATALOGUE.map((fee, i) => ({ ...fee, amountOre: kronor(amounts[i]!) })),
    { code: 'ADMIN_FEE', name: 'Administrativ avgift', amountOre: kronor(25), tax_code: null, valid_from: '2020-01-01', is_active: isAdminActive },
  ]);

/** One case's context and a sequence of attempted additions (with or without a stated reason). */
const scenarioArb = fc.record({
  debtorType: fc.constantFrom('person' as const, 'company' as const),
  isCreditorBusiness: fc.boolean(),
  isReminderFeeAgreed: fc.boolean(),
  hasPaymentPlan: fc.boolean(),
  hasSentDemand: fc.boolean(),
  catalogue: catalogueArb,
  attempts: fc.array(fc.record({ code: fc.constantFrom(...CODES), aboveMaximumReason: fc.option(fc.constantFrom('Särskilda skäl', ''), { nil: undefined }) }), {
    maxLength: 12,
  }),
});

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

/** Runs the attempts in order, keeping each accepted fee; anything but a DomainError fails the test. */
function acceptedFees(scenario: Scenario): { code: string; amountOre: number; reason?: string }[] {
  const accepted: { code: string; amountOre: number; reason?: string }[] = [];
  for (const attempt of scenario.attempts) {
    const input: FeeAdditionInput = {
      code: attempt.code,
      existingFeeCodes: accepted.map((fee) => fee.code),
      debtorType: scenario.debtorType,
      isCreditorBusiness: scenario.isCreditorBusiness,
      isReminderFeeAgreed: scenario.isReminderFeeAgreed,
      hasPaymentPlan: scenario.hasPaymentPlan,
      hasSentDemand: scenario.hasSentDemand,
      catalogue: scenario.catalogue,
      today: '2026-11-22',
      aboveMaximumReason: attempt.aboveMaximumReason ?? null,
    };
    try {
      const fee = checkFeeAddition(input);
      accepted.push({ code: fee.code, amountOre: fee.amountOre, ...(fee.above_maximum_reason ? { reason: fee.above_maximum_reason } : {}) });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return accepted;
}

describe('fee addition properties', () => {
  it('the accepted fees never hold LATE_FEE_450 together with a fee it absorbs', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const codes = acceptedFees(scenario).map((fee) => fee.code);
        return !codes.includes(LATE_FEE_CODE) || !codes.some((code) => LATE_FEE_ABSORBED_CODES.includes(code));
      }),
    );
  });

  it('the accepted fees never hold a code twice', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const codes = acceptedFees(scenario).map((fee) => fee.code);
        return new Set(codes).size === codes.length;
      }),
    );
  });

  it('a consumer or a non-business creditor never gets LATE_FEE_450', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const hasLateFee = acceptedFees(scenario).some((fee) => fee.code === LATE_FEE_CODE);
        return !hasLateFee || (scenario.debtorType === 'company' && scenario.isCreditorBusiness);
      }),
    );
  });

  it('a reminder fee is accepted only where it was agreed', () => {
    fc.assert(fc.property(scenarioArb, (scenario) => scenario.isReminderFeeAgreed || acceptedFees(scenario).every((fee) => fee.code !== 'REMINDER_60')));
  });

  it('a payment-plan fee is accepted only where a plan was drawn up', () => {
    fc.assert(fc.property(scenarioArb, (scenario) => scenario.hasPaymentPlan || acceptedFees(scenario).every((fee) => fee.code !== 'PAYMENT_PLAN_170')));
  });

  it('a collection fee is accepted only where a compliant inkassokrav was sent', () => {
    fc.assert(fc.property(scenarioArb, (scenario) => scenario.hasSentDemand || acceptedFees(scenario).every((fee) => fee.code !== 'COLLECTION_180')));
  });

  it('an accepted statutory fee is above its maximum only with a stated reason, and 450 kr never', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) =>
        acceptedFees(scenario).every((fee) => {
          const maxOre = STATUTORY_FEE_MAX_ORE[fee.code];
          if (maxOre === undefined || fee.amountOre <= maxOre) return fee.reason === undefined;
          return fee.code !== LATE_FEE_CODE && fee.reason !== undefined && fee.reason.length > 0;
        }),
      ),
    );
  });
});
