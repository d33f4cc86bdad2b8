import { describe, expect, it } from 'vitest';
import { DomainError, type DomainErrorCode } from '../errors';
import { kronor, ore } from '../money';
import {
  checkFeeAddition,
  COLLECTION_FEE_NEEDS_DEMAND_MESSAGE,
  DEFAULT_FEE_CATALOGUE,
  feeCatalogueInForce,
  findFeeExclusivityClash,
  findFeeInForce,
  findFeeSetExclusivityClash,
  type FeeAdditionInput,
  type FeeCatalogueEntry,
} from '.';

const TODAY = '2026-11-22';

const BASE: FeeAdditionInput = {
  code: 'COLLECTION_180',
  existingFeeCodes: [],
  debtorType: 'company',
  isCreditorBusiness: true,
  isReminderFeeAgreed: true,
  hasPaymentPlan: true,
  hasSentDemand: true,
  catalogue: DEFAULT_FEE_CATALOGUE,
  today: TODAY,
};

function outcome(change: Partial<FeeAdditionInput>): DomainErrorCode | number {
  try {
    return checkFeeAddition({ ...BASE, ...change }).amountOre;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

function entry(code: string, kronorAmount: number, valid_from: string, is_active = true): FeeCatalogueEntry {
  return { code, name: code, amountOre: kronor(kronorAmount), tax_code: null, valid_from, is_active };
}

describe('the default fee catalogue', () => {
  it.each([
    ['REMINDER_60', 6000],
    ['COLLECTION_180', 18000],
    ['PAYMENT_PLAN_170', 17000],
    ['LATE_FEE_450', 45000],
  ])('holds %s at %i öre from 2013-03-16', (code, amountOre) => {
    expect(findFeeInForce(DEFAULT_FEE_CATALOGUE, code, '2013-03-16')?.amountOre).toBe(amountOre);
    expect(findFeeInForce(DEFAULT_FEE_CATALOGUE, code, '2013-03-15')).toBeNull();
  });

  it('lists every fee in force by code', () => {
    expect(feeCatalogueInForce(DEFAULT_FEE_CATALOGUE, TODAY).map((fee) => fee.code)).toEqual([
      'COLLECTION_180',
      'LATE_FEE_450',
      'PAYMENT_PLAN_170',
      'REMINDER_60',
    ]);
  });
});

describe('findFeeInForce', () => {
  const catalogue = [
    entry('COLLECTION_180', 160, '2008-01-01'),
    entry('COLLECTION_180', 180, '2013-03-16'),
    entry('COLLECTION_180', 200, '2027-01-01'),
    entry('ADMIN', 50, '2020-01-01'),
    entry('ADMIN', 75, '2024-01-01', false),
  ];

  it.each([
    ['COLLECTION_180', '2012-12-31', 16000],
    ['COLLECTION_180', '2013-03-16', 18000],
    ['COLLECTION_180', '2026-12-31', 18000],
    ['COLLECTION_180', '2027-01-01', 20000],
    // The 2024 row is inactive: the latest active row applies.
    ['ADMIN', '2025-06-01', 5000],
    ['ADMIN', '2019-12-31', null],
    ['UNKNOWN', '2025-06-01', null],
  ])('gives %s on %s as %s öre', (code, date, expected) => {
    expect(findFeeInForce(catalogue, code, date)?.amountOre ?? null).toBe(expected);
  });
});

describe('checkFeeAddition', () => {
  it.each<[string, Partial<FeeAdditionInput>, DomainErrorCode | number]>([
    ['a collection fee to a consumer', { debtorType: 'person', isCreditorBusiness: true }, 18000],
    ['a payment-plan fee', { code: 'PAYMENT_PLAN_170' }, 17000],
    ['a reminder fee that was agreed', { code: 'REMINDER_60' }, 6000],
    ['450 kr between businesses', { code: 'LATE_FEE_450' }, 45000],
    ['a collection fee beside a reminder fee', { existingFeeCodes: ['REMINDER_60'] }, 18000],
    ['an unknown code', { code: 'NOPE' }, 'FEE_NOT_FOUND'],
    ['a code not yet in force', { today: '2010-01-01' }, 'FEE_NOT_FOUND'],
    ['an inactive code', { catalogue: DEFAULT_FEE_CATALOGUE.map((fee) => ({ ...fee, is_active: false })) }, 'FEE_NOT_FOUND'],
    ['a fee already on the case', { existingFeeCodes: ['COLLECTION_180'] }, 'NO_DOUBLE_FEES'],
    ['450 kr to a consumer', { code: 'LATE_FEE_450', debtorType: 'person' }, 'FEE_NOT_ALLOWED'],
    ['450 kr from a creditor that is not a business', { code: 'LATE_FEE_450', isCreditorBusiness: false }, 'FEE_NOT_ALLOWED'],
    ['a reminder fee not agreed in advance', { code: 'REMINDER_60', isReminderFeeAgreed: false }, 'FEE_NOT_ALLOWED'],
    ['a payment-plan fee without a plan (lag 1981:739 3 § 2)', { code: 'PAYMENT_PLAN_170', hasPaymentPlan: false }, 'FEE_NOT_ALLOWED'],
    ['a collection fee before an inkassokrav was sent (lag 1981:739 3 § 1)', { hasSentDemand: false }, 'FEE_NOT_ALLOWED'],
    ['a reminder fee before an inkassokrav was sent', { code: 'REMINDER_60', hasSentDemand: false }, 6000],
    ['450 kr when a reminder fee exists', { code: 'LATE_FEE_450', existingFeeCodes: ['REMINDER_60'] }, 'FEE_NOT_ALLOWED'],
    ['450 kr when a collection fee exists', { code: 'LATE_FEE_450', existingFeeCodes: ['COLLECTION_180'] }, 'FEE_NOT_ALLOWED'],
    ['450 kr when a payment-plan fee exists', { code: 'LATE_FEE_450', existingFeeCodes: ['PAYMENT_PLAN_170'] }, 'FEE_NOT_ALLOWED'],
    ['a collection fee when 450 kr exists', { existingFeeCodes: ['LATE_FEE_450'] }, 'FEE_NOT_ALLOWED'],
    ['a reminder fee when 450 kr exists', { code: 'REMINDER_60', existingFeeCodes: ['LATE_FEE_450'] }, 'FEE_NOT_ALLOWED'],
    ['a payment-plan fee when 450 kr exists', { code: 'PAYMENT_PLAN_170', existingFeeCodes: ['LATE_FEE_450'] }, 'FEE_NOT_ALLOWED'],
  ])('%s → %s', (_name, change, expected) => {
    expect(outcome(change)).toBe(expected);
  });

  it('says why the collection fee waits for a sent inkassokrav', () => {
    expect(() => checkFeeAddition({ ...BASE, hasSentDemand: false })).toThrow(COLLECTION_FEE_NEEDS_DEMAND_MESSAGE);
  });

  it("accepts an organisation's own fee beside 450 kr (it is not a collection cost the law absorbs)", () => {
    const catalogue = [...DEFAULT_FEE_CATALOGUE, entry('KFM_APPLICATION_300', 300, '2013-01-01')];
    expect(outcome({ code: 'KFM_APPLICATION_300', existingFeeCodes: ['LATE_FEE_450'], catalogue })).toBe(30000);
  });

  describe('statutory maxima', () => {
    const spec295 = DEFAULT_FEE_CATALOGUE.map((fee) => (fee.code === 'PAYMENT_PLAN_170' ? { ...fee, amountOre: kronor(295) } : fee));
    const late500 = DEFAULT_FEE_CATALOGUE.map((fee) => (fee.code === 'LATE_FEE_450' ? { ...fee, amountOre: kronor(500) } : fee));
    const late400 = DEFAULT_FEE_CATALOGUE.map((fee) => (fee.code === 'LATE_FEE_450' ? { ...fee, amountOre: kronor(400) } : fee));

    it.each<[string, Partial<FeeAdditionInput>, DomainErrorCode | number]>([
      ["the spec's 295 kr plan fee without a reason", { code: 'PAYMENT_PLAN_170', catalogue: spec295 }, 'FEE_NOT_ALLOWED'],
      ["the spec's 295 kr plan fee with a blank reason", { code: 'PAYMENT_PLAN_170', catalogue: spec295, aboveMaximumReason: '  ' }, 'FEE_NOT_ALLOWED'],
      [
        "the spec's 295 kr plan fee with stated special reasons",
        { code: 'PAYMENT_PLAN_170', catalogue: spec295, aboveMaximumReason: 'Omfattande plan' },
        29500,
      ],
      ['a late fee above 450 kr, even with a reason', { code: 'LATE_FEE_450', catalogue: late500, aboveMaximumReason: 'Skäl' }, 'FEE_NOT_ALLOWED'],
      ['a late fee below 450 kr (a partial waiver)', { code: 'LATE_FEE_450', catalogue: late400 }, 40000],
    ])('%s → %s', (_name, change, expected) => {
      expect(outcome(change)).toBe(expected);
    });

    it('records the stated reason on the accepted fee', () => {
      const fee = checkFeeAddition({ ...BASE, code: 'PAYMENT_PLAN_170', catalogue: spec295, aboveMaximumReason: ' Omfattande plan ' });
      expect(fee.above_maximum_reason).toBe('Omfattande plan');
    });
  });

  it.each([
    [{ code: 'LATE_FEE_450', debtorType: 'person' as const }, 'privatperson'],
    [{ code: 'REMINDER_60', isReminderFeeAgreed: false }, 'avtalades'],
    [{ code: 'PAYMENT_PLAN_170', hasPaymentPlan: false }, 'amorteringsplan har upprättats'],
    [{ existingFeeCodes: ['LATE_FEE_450'] }, 'förseningsersättning'],
  ])('explains a refusal in Swedish (%o)', (change, word) => {
    expect(() => checkFeeAddition({ ...BASE, ...change })).toThrow(word);
  });

  it("says the spec's text for a duplicate", () => {
    expect(() => checkFeeAddition({ ...BASE, existingFeeCodes: ['COLLECTION_180'] })).toThrow('Avgift redan tillagd');
  });

  it('returns the catalogue row in force', () => {
    expect(checkFeeAddition(BASE)).toEqual({ ...findFeeInForce(DEFAULT_FEE_CATALOGUE, 'COLLECTION_180', TODAY) });
    expect(checkFeeAddition(BASE).amountOre).toBe(ore(18000));
  });
});

describe('fee exclusivity', () => {
  it.each([
    ['LATE_FEE_450', ['COLLECTION_180', 'REMINDER_60'], ['COLLECTION_180', 'REMINDER_60']],
    ['LATE_FEE_450', ['OTHER'], null],
    ['REMINDER_60', ['LATE_FEE_450'], ['LATE_FEE_450']],
    ['REMINDER_60', ['COLLECTION_180'], null],
    ['OTHER', ['LATE_FEE_450'], null],
  ])('adding %s to %j clashes with %j', (code, existing, expected) => {
    expect(findFeeExclusivityClash(code, existing)?.conflicting_codes ?? null).toEqual(expected);
  });

  it.each([
    [
      ['LATE_FEE_450', 'REMINDER_60', 'COLLECTION_180'],
      ['COLLECTION_180', 'REMINDER_60'],
    ],
    [['LATE_FEE_450', 'OTHER'], null],
    [['REMINDER_60', 'COLLECTION_180'], null],
  ])('the set %j clashes on %j', (codes, expected) => {
    expect(findFeeSetExclusivityClash(codes)?.conflicting_codes ?? null).toEqual(expected);
  });
});
