import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Big from 'big.js';
import { ONBOARDING_CHECKLIST_CODES, ONBOARDING_STEP_DEFINITIONS, isOnboardingChecklistCode, isOnboardingChecklistVisible, onboardingProgressPercent } from '.';

/** Staff routes of the part 2 route table (§2). */
const STAFF_ROUTES = new Set([
  '/dashboard',
  '/messages',
  '/notifications',
  '/cases',
  '/cases/create',
  '/customers',
  '/parties',
  '/communication',
  '/finance',
  '/payments',
  '/ledger',
  '/bank-reconciliation',
  '/kfm',
  '/lawsuits',
  '/reports',
  '/settings/organisation',
  '/settings/permissions',
  '/settings/integrations',
  '/settings/templates',
  '/settings/template-qa',
  '/settings/demo',
  '/settings/rules',
  '/settings/data-policy',
  '/settings/audit-log',
  '/settings/communication',
  '/settings/opt-out',
  '/settings/system-validation',
]);

describe('onboarding step definitions', () => {
  it("are the spec's ten steps in the spec's order", () => {
    expect(ONBOARDING_STEP_DEFINITIONS.map((step) => step.step_code)).toEqual([
      'setup_organization',
      'add_creditor',
      'setup_communication',
      'create_templates',
      'setup_fees',
      'create_first_case',
      'send_first_communication',
      'register_payment',
      'setup_rules',
      'review_reports',
    ]);
    expect(ONBOARDING_STEP_DEFINITIONS.map((step) => step.step_code)).toEqual([...ONBOARDING_CHECKLIST_CODES]);
  });

  it.each([
    ['setup_organization', '/settings/organisation'],
    ['add_creditor', '/customers'],
    ['setup_communication', '/settings/communication'],
    ['create_templates', '/settings/templates'],
    ['setup_fees', '/finance'],
    ['create_first_case', '/cases/create'],
    ['send_first_communication', '/communication'],
    ['register_payment', '/payments'],
    ['setup_rules', '/settings/rules'],
    ['review_reports', '/reports'],
  ])('%s links to %s', (code, link) => {
    expect(ONBOARDING_STEP_DEFINITIONS.find((step) => step.step_code === code)?.link).toBe(link);
  });

  it('every link is a route of the staff route table', () => {
    for (const step of ONBOARDING_STEP_DEFINITIONS) {
      if (step.link !== null) expect(STAFF_ROUTES.has(step.link), step.step_code).toBe(true);
    }
  });

  it('every step has a title, a description and a guide text', () => {
    for (const step of ONBOARDING_STEP_DEFINITIONS) {
      expect(step.title.trim().length, step.step_code).toBeGreaterThan(0);
      expect(step.description.trim().length, step.step_code).toBeGreaterThan(0);
      expect(step.guide.length, step.step_code).toBeGreaterThan(step.description.length);
    }
  });

  it("the fee guide quotes the statutory caps and the guide's allocation order", () => {
    const guide = ONBOARDING_STEP_DEFINITIONS.find((step) => step.step_code === 'setup_fees')?.guide ?? '';
    expect(guide).toMatch(/60 kr/);
    expect(guide).toMatch(/180 kr/);
    expect(guide).toMatch(/LATE_FEE_450/);
    expect(guide).toMatch(/kostnader, ränta och sist kapital/);
  });

  it('recognises exactly the ten codes', () => {
    for (const code of ONBOARDING_CHECKLIST_CODES) expect(isOnboardingChecklistCode(code)).toBe(true);
    expect(isOnboardingChecklistCode('setup_everything')).toBe(false);
    expect(isOnboardingChecklistCode(5)).toBe(false);
  });
});

describe('onboardingProgressPercent', () => {
  it.each([
    [0, 10, 0],
    [1, 10, 10],
    [7, 10, 70],
    [10, 10, 100],
    [1, 3, 33],
    [2, 3, 67],
    [1, 8, 13],
    [3, 8, 38],
    [5, 8, 63],
    [1, 200, 1],
    [199, 200, 100],
  ])('%i of %i steps is %i %%', (completed, total, percent) => {
    expect(onboardingProgressPercent(completed, total)).toBe(percent);
  });

  it.each([
    [-1, 10],
    [11, 10],
    [0, 0],
    [1.5, 10],
    [1, Number.NaN],
  ])('refuses %d of %d', (completed, total) => {
    expect(() => onboardingProgressPercent(completed, total)).toThrowError(expect.objectContaining({ code: 'VALUE_OUT_OF_RANGE' }));
  });

  const countsArb = fc.integer({ min: 1, max: 10_000 }).chain((total) => fc.tuple(fc.integer({ min: 0, max: total }), fc.constant(total)));

  it('progress equals 100·completed/total rounded half up', () => {
    fc.assert(
      fc.property(countsArb, ([completed, total]) => {
        const exact = new Big(completed).times(100).div(total).round(0, Big.roundHalfUp).toNumber();
        return onboardingProgressPercent(completed, total) === exact;
      }),
    );
  });

  it('progress is a whole number from 0 to 100', () => {
    fc.assert(
      fc.property(countsArb, ([completed, total]) => {
        const percent = onboardingProgressPercent(completed, total);
        return Number.isInteger(percent) && percent >= 0 && percent <= 100;
      }),
    );
  });

  it('completing one more step never lowers progress', () => {
    fc.assert(
      fc.property(countsArb, ([completed, total]) => {
        fc.pre(completed < total);
        return onboardingProgressPercent(completed + 1, total) >= onboardingProgressPercent(completed, total);
      }),
    );
  });

  it('all steps done is 100 % and none done is 0 %', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (total) => {
        return onboardingProgressPercent(total, total) === 100 && onboardingProgressPercent(0, total) === 0;
      }),
    );
  });
});

describe('isOnboardingChecklistVisible', () => {
  it('hides the checklist when every step is done or it was dismissed, shows it otherwise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.boolean(), (completedCount, dismissed) => {
        const visible = isOnboardingChecklistVisible({ completedCount, totalCount: 10, dismissed });
        return visible === (!dismissed && completedCount < 10);
      }),
    );
  });
});
