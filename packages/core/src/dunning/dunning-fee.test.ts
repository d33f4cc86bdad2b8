import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_FEE_CATALOGUE } from '../fees';
import { decideDunningStepFee, settleWaitingDunningFee, type DunningFeeFacts } from './dunning-fee';
import { COMMUNICATION_STATUSES } from '../communications/communication-status';

const FACTS: DunningFeeFacts = {
  existingFeeCodes: [],
  debtorType: 'person',
  isCreditorBusiness: true,
  isReminderFeeAgreed: false,
  hasPaymentPlan: false,
  hasSentDemand: false,
  catalogue: DEFAULT_FEE_CATALOGUE,
  today: '2026-11-22',
};

describe('decideDunningStepFee', () => {
  it('no fee in the step: none', () => {
    expect(decideDunningStepFee(null, FACTS, { messageIsDemand: false })).toEqual({ status: 'none' });
  });

  it('the reminder fee only where it was agreed', () => {
    expect(decideDunningStepFee('REMINDER_60', FACTS, { messageIsDemand: false })).toMatchObject({ status: 'not_allowed' });
    expect(decideDunningStepFee('REMINDER_60', { ...FACTS, isReminderFeeAgreed: true }, { messageIsDemand: false })).toMatchObject({
      status: 'charged',
      fee: { code: 'REMINDER_60', amountOre: 6000 },
    });
  });

  it('the 180 kr fee waits for its inkassokrav to go out', () => {
    expect(decideDunningStepFee('COLLECTION_180', FACTS, { messageIsDemand: true })).toMatchObject({
      status: 'waiting',
      fee: { code: 'COLLECTION_180', amountOre: 18000 },
    });
    expect(decideDunningStepFee('COLLECTION_180', FACTS, { messageIsDemand: false })).toMatchObject({ status: 'not_allowed' });
    expect(decideDunningStepFee('COLLECTION_180', { ...FACTS, existingFeeCodes: ['LATE_FEE_450'] }, { messageIsDemand: true })).toMatchObject({
      status: 'not_allowed',
    });
  });

  it('settles a waiting fee by its message', () => {
    expect(settleWaitingDunningFee('COLLECTION_180', FACTS, 'queued')).toMatchObject({ status: 'waiting' });
    expect(settleWaitingDunningFee('COLLECTION_180', { ...FACTS, hasSentDemand: true }, 'sent')).toMatchObject({ status: 'charged' });
    // Sent, but not a compliant demand (the fee rules still refuse): not allowed, never waiting for ever.
    expect(settleWaitingDunningFee('COLLECTION_180', FACTS, 'delivered')).toMatchObject({ status: 'not_allowed' });
    expect(settleWaitingDunningFee('COLLECTION_180', { ...FACTS, hasSentDemand: true }, 'cancelled')).toMatchObject({ status: 'not_allowed' });
  });

  it('never charges a fee but the step’s own, and only what the fee rules allow', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(null, 'REMINDER_60', 'COLLECTION_180', 'LATE_FEE_450', 'PAYMENT_PLAN_170', 'UNKNOWN'),
        fc.record({
          debtorType: fc.constantFrom('person' as const, 'company' as const),
          isCreditorBusiness: fc.boolean(),
          isReminderFeeAgreed: fc.boolean(),
          hasPaymentPlan: fc.boolean(),
          hasSentDemand: fc.boolean(),
          existingFeeCodes: fc.subarray(['REMINDER_60', 'COLLECTION_180', 'LATE_FEE_450']),
        }),
        fc.boolean(),
        fc.constantFrom(...COMMUNICATION_STATUSES),
        (code, drawn, messageIsDemand, status) => {
          const facts = { ...FACTS, ...drawn };
          for (const decision of [decideDunningStepFee(code, facts, { messageIsDemand }), code ? settleWaitingDunningFee(code, facts, status) : null]) {
            if (decision?.status !== 'charged') continue;
            expect(decision.fee.code).toBe(code);
            expect(facts.existingFeeCodes).not.toContain(code);
            if (code === 'COLLECTION_180') expect(facts.hasSentDemand).toBe(true);
            if (code === 'REMINDER_60') expect(facts.isReminderFeeAgreed).toBe(true);
          }
        },
      ),
    );
  });
});
