import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ore } from '../money';
import { KFM_EXAMPLE_INPUT, kfmSnapshotInputArb } from '../../test/arbitraries-kfm';
import { buildKfmSnapshot, kfmApplicationBreakdown, kfmApplicationTotal, type KfmSnapshotInput } from '.';

describe('kfmApplicationTotal', () => {
  it('adds principal, interest, fees, application fee and compensation for work (worked example)', () => {
    const snapshot = buildKfmSnapshot(KFM_EXAMPLE_INPUT);
    expect(kfmApplicationBreakdown(snapshot)).toEqual({
      principalOre: 795000,
      interestOre: 56684,
      feesOre: 24000,
      application_feeOre: 30000,
      work_compensationOre: 38000,
      totalOre: 943684,
    });
    expect(kfmApplicationTotal(snapshot)).toBe(943684);
  });

  it.each<[string, Partial<KfmSnapshotInput>, number]>([
    ['without compensation for work', { work_compensation: { claimed: false } }, 905684],
    ['without interest', { interest: null }, 887000],
    ['without fees', { fees: [] }, 919684],
    ['with a different application fee', { application_feeOre: ore(0) }, 913684],
  ])('is exact %s', (_label, change, expected) => {
    expect(kfmApplicationTotal(buildKfmSnapshot({ ...KFM_EXAMPLE_INPUT, ...change }))).toBe(expected);
  });

  it('the total is the sum of its parts for any snapshot', () => {
    fc.assert(
      fc.property(kfmSnapshotInputArb, (input) => {
        const snapshot = buildKfmSnapshot(input);
        const expected =
          BigInt(snapshot.claim.principalOre) +
          BigInt(snapshot.interest?.amountOre ?? 0) +
          snapshot.fees.reduce((sum, fee) => sum + BigInt(fee.amountOre), 0n) +
          BigInt(snapshot.application_feeOre) +
          BigInt(snapshot.work_compensation_claimed ? snapshot.work_compensationOre : 0);
        return BigInt(kfmApplicationTotal(snapshot)) === expected;
      }),
    );
  });

  it('a payment order with the defaults claims principal + interest + fees + 300 kr + 380 kr, for any case', () => {
    fc.assert(
      fc.property(kfmSnapshotInputArb, (generated) => {
        const { application_feeOre: _fee, ...input } = generated;
        const snapshot = buildKfmSnapshot({ ...input, application_type: 'payment_order', work_compensation: { claimed: true } });
        const feesOre = snapshot.fees.reduce((sum, fee) => sum + fee.amountOre, 0);
        return kfmApplicationTotal(snapshot) === snapshot.claim.principalOre + (snapshot.interest?.amountOre ?? 0) + feesOre + 30000 + 38000;
      }),
    );
  });

  it('the total is above zero for every valid snapshot', () => {
    fc.assert(fc.property(kfmSnapshotInputArb, (input) => kfmApplicationTotal(buildKfmSnapshot(input)) > 0));
  });
});
