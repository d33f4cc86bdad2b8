import { describe, it } from 'vitest';
import fc from 'fast-check';
import { isDomainError } from '../errors';
import type { Ore } from '../money';
import { oreArb } from '../../test/arbitraries';
import { assertFeeCatalogueAmount, STATUTORY_FEE_MAX_ORE, statutoryFeeMaxOre } from '.';

function isAccepted(code: string, amountOre: Ore): boolean {
  try {
    assertFeeCatalogueAmount(code, amountOre);
    return true;
  } catch (error) {
    if (isDomainError(error) && error.code === 'FEE_NOT_ALLOWED') return false;
    throw error;
  }
}

describe('fee catalogue amount properties', () => {
  it('an accepted catalogue amount never exceeds the statutory maximum of its code', () => {
    const codeArb = fc.constantFrom(...Object.keys(STATUTORY_FEE_MAX_ORE), 'ADMIN_FEE', 'KFM_APPLICATION_300');
    fc.assert(
      fc.property(codeArb, oreArb, (code, amountOre) => {
        const maxOre = statutoryFeeMaxOre(code);
        const accepted = isAccepted(code, amountOre);
        return maxOre === null ? accepted : accepted === amountOre <= maxOre;
      }),
    );
  });
});
