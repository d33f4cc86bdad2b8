import { describe, expect, it } from 'vitest';
import { kronor, ore } from '../money';
import { DEMO_RULES, type RuleFacts } from '../rules';
import { caseFeeOptions, DEFAULT_FEE_CATALOGUE, type CaseFeeOptionsInput } from '.';

const TODAY = '2026-11-22';
const RULES = DEMO_RULES.map((rule, index) => ({ ...rule, id: `rule-${index}` }));

const FACTS: RuleFacts = {
  caseStatus: 'active',
  caseStage: 'demand',
  debtorType: 'person',
  aroseOn: '2026-09-30',
  today: TODAY,
  existingFeeCodes: [],
  principalOre: ore(795_000),
  unresolvedFlags: [],
};

function options(change: Partial<CaseFeeOptionsInput> = {}, facts: Partial<RuleFacts> = {}) {
  const existingFeeCodes = change.existingFeeCodes ?? [];
  const input: CaseFeeOptionsInput = {
    existingFeeCodes,
    debtorType: 'person',
    isCreditorBusiness: true,
    isReminderFeeAgreed: false,
    hasPaymentPlan: false,
    hasSentDemand: true,
    catalogue: DEFAULT_FEE_CATALOGUE,
    today: TODAY,
    rules: RULES,
    ruleFacts: { ...FACTS, existingFeeCodes, ...facts },
    ...change,
  };
  return Object.fromEntries(caseFeeOptions(input).map((option) => [option.code, option]));
}

describe('caseFeeOptions', () => {
  it('offers what the law allows a consumer case and says why the rest is not offered', () => {
    const byCode = options({ existingFeeCodes: ['COLLECTION_180'] });
    expect(Object.keys(byCode)).toEqual(['COLLECTION_180', 'LATE_FEE_450', 'PAYMENT_PLAN_170', 'REMINDER_60']);
    expect(byCode.COLLECTION_180).toMatchObject({ isAvailable: false, unavailableReason: 'Avgift redan tillagd' });
    // The organisation's FEE_450_EXCLUSIVE rule blocks it before the law is asked.
    expect(byCode.LATE_FEE_450!.isAvailable).toBe(false);
    expect(byCode.LATE_FEE_450!.unavailableReason).toMatch(/^Åtgärd blockerad: /);
    expect(byCode.PAYMENT_PLAN_170).toMatchObject({
      isAvailable: false,
      unavailableReason: 'Avgift för amorteringsplan får bara tas ut när en amorteringsplan har upprättats med gäldenären (lag 1981:739 3 § 2)',
    });
    expect(byCode.REMINDER_60).toMatchObject({
      isAvailable: false,
      unavailableReason: 'Påminnelseavgift får bara tas ut om den avtalades senast när skulden uppkom (lag 1981:739 2 §)',
    });
  });

  it('does not offer the collection fee before an inkassokrav was sent, and says why', () => {
    expect(options({ hasSentDemand: false }).COLLECTION_180).toMatchObject({
      isAvailable: false,
      unavailableReason: 'Inkassoavgift får bara tas ut när ett inkassokrav som uppfyller inkassolagen 5 § har skickats till gäldenären (lag 1981:739 3 § 1)',
    });
  });

  it('without the rule, the law still refuses 450 kr to a consumer', () => {
    expect(options({ rules: [] }).LATE_FEE_450).toMatchObject({
      isAvailable: false,
      unavailableReason: 'Förseningsersättning får inte tas ut av en privatperson – den gäller bara mellan näringsidkare (lag 1981:739 4 a §)',
    });
  });

  it('offers every fee of a business case with an agreed reminder fee and a plan', () => {
    const byCode = options({ debtorType: 'company', isReminderFeeAgreed: true, hasPaymentPlan: true }, { debtorType: 'company' });
    expect(Object.values(byCode).map((option) => [option.code, option.isAvailable, option.unavailableReason])).toEqual([
      ['COLLECTION_180', true, null],
      ['LATE_FEE_450', true, null],
      ['PAYMENT_PLAN_170', true, null],
      ['REMINDER_60', true, null],
    ]);
    expect(byCode.COLLECTION_180).toMatchObject({ name: 'Inkassoavgift', amountOre: kronor(180), requiresReason: false });
  });

  it('offers a fee above the statutory maximum only with the special reasons stated', () => {
    const catalogue = DEFAULT_FEE_CATALOGUE.map((fee) => (fee.code === 'PAYMENT_PLAN_170' ? { ...fee, amountOre: kronor(295) } : fee));
    expect(options({ catalogue, hasPaymentPlan: true }).PAYMENT_PLAN_170).toMatchObject({ isAvailable: true, requiresReason: true, amountOre: kronor(295) });
  });

  it('offers nothing on a closed case', () => {
    const all = Object.values(options({}, { caseStatus: 'closed' }));
    expect(all.every((option) => !option.isAvailable && option.unavailableReason === 'Ärendet är stängt – öppna det igen först')).toBe(true);
  });
});
