import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ore } from '../money';
import { signedOreArb } from '../../test/arbitraries';
import { caseStateAfterFullPayment } from './case-closing';
import { CASE_STAGES } from './case-stage';
import { canTransitionCaseStatus, CASE_STATUSES } from './case-status';

const statusArb = fc.constantFrom(...CASE_STATUSES);
const stageArb = fc.constantFrom(...CASE_STAGES);

describe('caseStateAfterFullPayment', () => {
  it.each([
    ['active', 'demand', 0, { status: 'closed', close_reason: 'paid', isChanged: true, followUps: [], creditOre: 0 }],
    ['active', 'kfm', 0, { status: 'closed', close_reason: 'paid', isChanged: true, followUps: ['withdraw_kfm_application'], creditOre: 0 }],
    ['on_hold', 'legal', 0, { status: 'closed', close_reason: 'paid', isChanged: true, followUps: ['withdraw_lawsuit'], creditOre: 0 }],
    [
      'active',
      'payment_plan',
      -5000,
      { status: 'closed', close_reason: 'paid', isChanged: true, followUps: ['complete_payment_plan', 'refund_credit'], creditOre: 5000 },
    ],
    ['draft', 'intake', 0, { status: 'closed', close_reason: 'paid', isChanged: true, followUps: [], creditOre: 0 }],
    ['active', 'demand', 1, { status: 'active', close_reason: null, isChanged: false, followUps: [], creditOre: 0 }],
    ['closed', 'demand', 0, { status: 'closed', close_reason: null, isChanged: false, followUps: [], creditOre: 0 }],
  ] as const)('%s at %s with %i öre left', (status, stage, outstanding, expected) => {
    expect(caseStateAfterFullPayment({ status, stage, totalOutstandingOre: ore(outstanding) })).toEqual(expected);
  });

  it('a case with money still owed keeps its status', () => {
    fc.assert(
      fc.property(statusArb, stageArb, fc.integer({ min: 1, max: 10_000_000_000 }), (status, stage, outstanding) => {
        const result = caseStateAfterFullPayment({ status, stage, totalOutstandingOre: ore(outstanding) });
        expect(result.status).toBe(status);
        expect(result.isChanged).toBe(false);
      }),
    );
  });

  it('a fully paid case ends closed', () => {
    fc.assert(
      fc.property(statusArb, stageArb, fc.integer({ min: -10_000_000, max: 0 }), (status, stage, outstanding) => {
        expect(caseStateAfterFullPayment({ status, stage, totalOutstandingOre: ore(outstanding) }).status).toBe('closed');
      }),
    );
  });

  it('a change is always an allowed status transition, and is reported as a change', () => {
    fc.assert(
      fc.property(statusArb, stageArb, signedOreArb, (status, stage, outstandingOre) => {
        const result = caseStateAfterFullPayment({ status, stage, totalOutstandingOre: outstandingOre });
        expect(result.isChanged).toBe(result.status !== status);
        if (result.isChanged) expect(canTransitionCaseStatus(status, result.status)).toBe(true);
      }),
    );
  });

  it('the credit is what was paid beyond the debt', () => {
    fc.assert(
      fc.property(statusArb, stageArb, signedOreArb, (status, stage, outstandingOre) => {
        const result = caseStateAfterFullPayment({ status, stage, totalOutstandingOre: outstandingOre });
        expect(result.creditOre).toBe(Math.max(0, -outstandingOre));
      }),
    );
  });

  it('a closed case can be reopened after it is closed as paid', () => {
    const result = caseStateAfterFullPayment({ status: 'active', stage: 'demand', totalOutstandingOre: ore(0) });
    expect(canTransitionCaseStatus(result.status, 'active')).toBe(true);
  });
});
