import fc from 'fast-check';
import { ore, type Ore } from '../src/money';
import type { AllocationBalances, AllocationOrder, AllocationSplit } from '../src/allocation';

/** Balances of one case: 0 .. 1 million kr each, zero often enough to hit empty buckets. */
const balanceOreArb: fc.Arbitrary<Ore> = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 1, max: 100_000_000 })).map(ore);

export const allocationBalancesArb: fc.Arbitrary<AllocationBalances> = fc.record({
  principalOre: balanceOreArb,
  interestOre: balanceOreArb,
  feesOre: balanceOreArb,
});

export const allocationOrderArb: fc.Arbitrary<AllocationOrder> = fc.constantFrom('costs_first', 'principal_first');

/** Balances with a positive total and a payment of 1 öre .. the total (always allowed in strict mode). */
export const coveredPaymentArb: fc.Arbitrary<{ balances: AllocationBalances; paymentOre: Ore }> = allocationBalancesArb
  .filter((b) => b.principalOre + b.interestOre + b.feesOre > 0)
  .chain((balances) =>
    fc.record({
      balances: fc.constant(balances),
      paymentOre: fc.integer({ min: 1, max: balances.principalOre + balances.interestOre + balances.feesOre }).map(ore),
    }),
  );

/** Any positive payment against any balances (may exceed the outstanding amount). */
export const anyPaymentArb: fc.Arbitrary<{ balances: AllocationBalances; paymentOre: Ore }> = fc.record({
  balances: allocationBalancesArb,
  paymentOre: fc.oneof(fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 1, max: 400_000_000 })).map(ore),
});

/** A split as allocation produces it (parts >= 0, some zero), for ledger tests. */
export const allocationSplitArb: fc.Arbitrary<AllocationSplit> = fc
  .record({
    principalOre: balanceOreArb,
    interestOre: balanceOreArb,
    feesOre: balanceOreArb,
    remainderOre: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1_000_000 })).map(ore),
  })
  .filter((s) => s.principalOre + s.interestOre + s.feesOre + s.remainderOre > 0);
