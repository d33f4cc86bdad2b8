import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { kronor, ore, type Ore } from '../money';
import { assertFeeCatalogueAmount, DEFAULT_FEE_CATALOGUE, STATUTORY_FEE_MAX_ORE, statutoryFeeMaxOre } from '.';

function refusal(code: string, amountOre: Ore): string | null {
  try {
    assertFeeCatalogueAmount(code, amountOre);
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    expect(error.code).toBe('FEE_NOT_ALLOWED');
    return error.message;
  }
}

describe('assertFeeCatalogueAmount', () => {
  it.each([
    ['REMINDER_60', 60],
    ['COLLECTION_180', 180],
    ['PAYMENT_PLAN_170', 170],
    ['LATE_FEE_450', 450],
  ])('accepts %s at its statutory amount %i kr and below', (code, amountKronor) => {
    expect(refusal(code, kronor(amountKronor))).toBeNull();
    expect(refusal(code, kronor(amountKronor - 10))).toBeNull();
    expect(refusal(code, ore(0))).toBeNull();
  });

  it.each([
    [
      'REMINDER_60',
      ore(6001),
      'Påminnelseavgift (REMINDER_60) får vara högst 60,00\u00a0kr enligt lag 1981:739 4 §; avgiftskatalogen kan inte ha ett högre belopp',
    ],
    [
      'COLLECTION_180',
      kronor(200),
      'Inkassoavgift (COLLECTION_180) får vara högst 180,00\u00a0kr enligt lag 1981:739 4 §; avgiftskatalogen kan inte ha ett högre belopp',
    ],
    [
      'PAYMENT_PLAN_170',
      kronor(295),
      'Avgift för amorteringsplan (PAYMENT_PLAN_170) får vara högst 170,00\u00a0kr enligt lag 1981:739 4 §; avgiftskatalogen kan inte ha ett högre belopp',
    ],
    ['LATE_FEE_450', ore(45001), 'Förseningsersättningen är 450,00\u00a0kr och kan inte vara högre (lag 1981:739 4 a §)'],
  ])('refuses %s above the maximum, citing the law', (code, amountOre, message) => {
    expect(refusal(code, amountOre)).toBe(message);
  });

  it('leaves codes the law does not cap alone', () => {
    expect(refusal('KFM_APPLICATION_300', kronor(300))).toBeNull();
    expect(refusal('ADMIN_FEE', kronor(10_000))).toBeNull();
    expect(statutoryFeeMaxOre('ADMIN_FEE')).toBeNull();
  });

  it('caps exactly the codes of the default catalogue', () => {
    expect(Object.keys(STATUTORY_FEE_MAX_ORE).sort()).toEqual(DEFAULT_FEE_CATALOGUE.map((fee) => fee.code).sort());
  });
});
