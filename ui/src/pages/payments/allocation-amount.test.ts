import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oreOfDecimal } from '../../lib/money';
import { canMatchPayment, defaultAllocationAmount, isAboveZero } from './allocation-amount';

const decimalOf = (ore: bigint): string => `${ore / 100n}.${String(ore % 100n).padStart(2, '0')}`;

describe('defaultAllocationAmount', () => {
  it.each([
    ['2000.00', '1500.50', '1500.50'],
    ['1500.50', '2000.00', '1500.50'],
    ['100.00', '100.00', '100.00'],
    // 0.29 and 0.3 differ by one öre; text or float comparison of such pairs is where bugs live.
    ['0.30', '0.29', '0.29'],
    ['10.00', '9.99', '9.99'],
  ])('unallocated %s, outstanding %s → %s', (unallocated, outstanding, expected) => {
    expect(defaultAllocationAmount(unallocated, outstanding)).toBe(expected);
  });

  it('is always the smaller of the two amounts, to the öre', () => {
    const oreArb = fc.bigInt({ min: 0n, max: 10n ** 13n });
    fc.assert(
      fc.property(oreArb, oreArb, (unallocatedOre, outstandingOre) => {
        const chosen = oreOfDecimal(defaultAllocationAmount(decimalOf(unallocatedOre), decimalOf(outstandingOre)));
        expect(chosen).toBe(Number(unallocatedOre < outstandingOre ? unallocatedOre : outstandingOre));
      }),
    );
  });
});

describe('isAboveZero', () => {
  it.each([
    ['0.01', true],
    ['0.00', false],
    ['-1.00', false],
    ['x', false],
  ])('%s → %s', (decimal, expected) => {
    expect(isAboveZero(decimal)).toBe(expected);
  });
});

describe('canMatchPayment', () => {
  it.each([
    ['received', '2000.00', true],
    ['unmatched', '2000.00', true],
    ['partially_allocated', '500.00', true],
    ['partially_allocated', '0.00', false],
    ['allocated', '0.00', false],
    ['allocated', '10.00', false],
  ] as const)('%s with %s left → %s', (status, unallocated_amount, expected) => {
    expect(canMatchPayment({ status, unallocated_amount })).toBe(expected);
  });
});
