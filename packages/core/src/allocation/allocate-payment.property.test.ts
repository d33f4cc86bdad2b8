import { describe, it } from 'vitest';
import fc from 'fast-check';
import { DomainError } from '../errors';
import { allocatePayment, ALLOCATION_ORDER_BUCKETS, type AllocationBalances, type AllocationBucket, type AllocationSplit } from '.';
import { allocationOrderArb, anyPaymentArb, coveredPaymentArb } from '../../test/arbitraries-allocation';

const FIELD: Record<AllocationBucket, keyof AllocationBalances> = {
  principal: 'principalOre',
  interest: 'interestOre',
  fees: 'feesOre',
};

function outstanding(b: AllocationBalances): number {
  return b.principalOre + b.interestOre + b.feesOre;
}

function parts(s: AllocationSplit): number {
  return s.principalOre + s.interestOre + s.feesOre;
}

describe('allocatePayment properties', () => {
  it('allocation parts plus remainder sum to the payment', () => {
    fc.assert(
      fc.property(anyPaymentArb, allocationOrderArb, ({ balances, paymentOre }, order) => {
        const s = allocatePayment(paymentOre, balances, { order, mode: 'import' });
        return parts(s) + s.remainderOre === paymentOre;
      }),
    );
  });

  it('no allocation part is negative or exceeds its balance', () => {
    fc.assert(
      fc.property(anyPaymentArb, allocationOrderArb, ({ balances, paymentOre }, order) => {
        const s = allocatePayment(paymentOre, balances, { order, mode: 'import' });
        return (Object.values(FIELD) as (keyof AllocationBalances)[]).every((f) => s[f] >= 0 && s[f] <= balances[f]);
      }),
    );
  });

  it('a remainder is left only when every balance is fully covered', () => {
    fc.assert(
      fc.property(anyPaymentArb, allocationOrderArb, ({ balances, paymentOre }, order) => {
        const s = allocatePayment(paymentOre, balances, { order, mode: 'import' });
        const allCovered = s.principalOre === balances.principalOre && s.interestOre === balances.interestOre && s.feesOre === balances.feesOre;
        return s.remainderOre >= 0 && (s.remainderOre === 0 || allCovered);
      }),
    );
  });

  it('a later bucket gets money only when every earlier bucket is full', () => {
    fc.assert(
      fc.property(anyPaymentArb, allocationOrderArb, ({ balances, paymentOre }, order) => {
        const s = allocatePayment(paymentOre, balances, { order, mode: 'import' });
        const buckets = ALLOCATION_ORDER_BUCKETS[order].map((b) => FIELD[b]);
        return buckets.every((field, i) => s[field] === 0 || buckets.slice(0, i).every((earlier) => s[earlier] === balances[earlier]));
      }),
    );
  });

  it('strict mode never returns a remainder', () => {
    fc.assert(
      fc.property(coveredPaymentArb, allocationOrderArb, ({ balances, paymentOre }, order) => {
        return allocatePayment(paymentOre, balances, { order, mode: 'strict' }).remainderOre === 0;
      }),
    );
  });

  it('strict mode refuses exactly the payments above the outstanding amount', () => {
    fc.assert(
      fc.property(anyPaymentArb, allocationOrderArb, ({ balances, paymentOre }, order) => {
        let refused = false;
        try {
          allocatePayment(paymentOre, balances, { order, mode: 'strict' });
        } catch (error) {
          if (!(error instanceof DomainError) || error.code !== 'PAYMENT_EXCEEDS_OUTSTANDING') throw error;
          refused = true;
        }
        return refused === paymentOre > outstanding(balances);
      }),
    );
  });

  it('strict and import mode split a covered payment the same way', () => {
    fc.assert(
      fc.property(coveredPaymentArb, allocationOrderArb, ({ balances, paymentOre }, order) => {
        const strict = allocatePayment(paymentOre, balances, { order, mode: 'strict' });
        const imported = allocatePayment(paymentOre, balances, { order, mode: 'import' });
        return JSON.stringify(strict) === JSON.stringify(imported);
      }),
    );
  });

  it('the allocated part is the smaller of the payment and the outstanding amount', () => {
    fc.assert(
      fc.property(anyPaymentArb, allocationOrderArb, ({ balances, paymentOre }, order) => {
        const s = allocatePayment(paymentOre, balances, { order, mode: 'import' });
        return parts(s) === Math.min(paymentOre, outstanding(balances));
      }),
    );
  });
});
