import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { kronor, ore } from '../money';
import { allocatePayment, isAllocationOrder, splitAllocatedOre, type AllocationBalances, type AllocationOrder, type AllocationSplit } from '.';

function balances(principalKr: number, interestKr: number, feesKr: number): AllocationBalances {
  return { principalOre: kronor(principalKr), interestOre: kronor(interestKr), feesOre: kronor(feesKr) };
}

function split(principalKr: number, interestKr: number, feesKr: number, remainderKr = 0): AllocationSplit {
  return { principalOre: kronor(principalKr), interestOre: kronor(interestKr), feesOre: kronor(feesKr), remainderOre: kronor(remainderKr) };
}

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return undefined;
}

describe('allocatePayment examples', () => {
  // Demo case of spec part 2 §9: invoice 7 950 kr, partial payment 2 000 kr; fees 60 + 180 kr.
  it.each<[string, AllocationOrder, AllocationBalances, number, AllocationSplit]>([
    ['demo payment, costs first', 'costs_first', balances(7950, 120, 240), 2000, split(1640, 120, 240)],
    ['demo payment, principal first', 'principal_first', balances(7950, 120, 240), 2000, split(2000, 0, 0)],
    ['payment smaller than the fees', 'costs_first', balances(7950, 120, 240), 100, split(0, 0, 100)],
    ['payment covers fees and part of the interest', 'costs_first', balances(7950, 120, 240), 300, split(0, 60, 240)],
    ['exact payment of everything, costs first', 'costs_first', balances(7950, 120, 240), 8310, split(7950, 120, 240)],
    ['exact payment of everything, principal first', 'principal_first', balances(7950, 120, 240), 8310, split(7950, 120, 240)],
    ['principal first spills into interest then fees', 'principal_first', balances(1000, 50, 180), 1100, split(1000, 50, 50)],
    ['empty buckets are skipped', 'costs_first', balances(500, 0, 0), 200, split(200, 0, 0)],
  ])('%s', (_name, order, open, paymentKr, expected) => {
    expect(allocatePayment(kronor(paymentKr), open, { order })).toEqual(expected);
  });

  it('defaults to costs first (Swedish practice, spec part 1 §9)', () => {
    expect(allocatePayment(kronor(100), balances(1000, 50, 180))).toEqual(split(0, 0, 100));
  });

  it('handles single öre', () => {
    const open = { principalOre: ore(1), interestOre: ore(1), feesOre: ore(1) };
    expect(allocatePayment(ore(2), open, { order: 'principal_first' })).toEqual({
      principalOre: 1,
      interestOre: 1,
      feesOre: 0,
      remainderOre: 0,
    });
  });

  it('refuses an over-payment in strict mode with the spec message', () => {
    const action = () => allocatePayment(kronor(8311), balances(7950, 120, 240));
    expect(action).toThrow('Betalning överstiger utestående belopp');
    expect(codeOf(action)).toBe('PAYMENT_EXCEEDS_OUTSTANDING');
  });

  it('keeps an over-payment as remainder in import mode', () => {
    expect(allocatePayment(kronor(9000), balances(7950, 120, 240), { mode: 'import' })).toEqual(split(7950, 120, 240, 690));
    expect(allocatePayment(kronor(50), balances(0, 0, 0), { mode: 'import' })).toEqual(split(0, 0, 0, 50));
  });

  it.each<[string, () => unknown, string]>([
    ['zero payment', () => allocatePayment(ore(0), balances(1, 1, 1)), 'AMOUNT_NOT_POSITIVE'],
    ['negative payment', () => allocatePayment(ore(-100), balances(1, 1, 1)), 'AMOUNT_NOT_POSITIVE'],
    ['zero payment in import mode', () => allocatePayment(ore(0), balances(1, 1, 1), { mode: 'import' }), 'AMOUNT_NOT_POSITIVE'],
    ['fractional payment', () => allocatePayment(12.5 as never, balances(1, 1, 1)), 'INVALID_AMOUNT'],
    ['negative balance', () => allocatePayment(ore(100), { ...balances(1, 1, 1), interestOre: ore(-1) }), 'NEGATIVE_AMOUNT'],
    ['anything on a settled case', () => allocatePayment(ore(1), balances(0, 0, 0)), 'PAYMENT_EXCEEDS_OUTSTANDING'],
  ])('refuses %s', (_name, action, code) => {
    expect(codeOf(action)).toBe(code);
  });

  it('sums the allocated part without the remainder', () => {
    expect(splitAllocatedOre(split(10, 2, 3, 100))).toBe(kronor(15));
  });

  it('recognises the stored order setting', () => {
    expect(isAllocationOrder('costs_first')).toBe(true);
    expect(isAllocationOrder('principal_first')).toBe(true);
    expect(isAllocationOrder('fees_first')).toBe(false);
    expect(isAllocationOrder(undefined)).toBe(false);
  });
});
