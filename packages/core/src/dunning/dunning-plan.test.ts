import { describe, expect, it } from 'vitest';
import { checkDunningPlan, DEFAULT_DUNNING_PLAN, type DunningStepSpec, type DunningTemplateFacts } from './dunning-plan';

const templates = new Map<string, DunningTemplateFacts>([
  ['REMINDER_LETTER', { category: 'reminder', is_active: true }],
  ['REMINDER_EMAIL', { category: 'reminder', is_active: true }],
  ['DEMAND_LETTER', { category: 'demand', is_active: true }],
]);
const feeCodes = new Set(['REMINDER_60', 'COLLECTION_180', 'PAYMENT_PLAN_170', 'LATE_FEE_450']);
const check = (steps: readonly DunningStepSpec[]) => checkDunningPlan(steps, { templates, feeCodes });
const [reminder, demand] = DEFAULT_DUNNING_PLAN as [DunningStepSpec, DunningStepSpec];

describe('checkDunningPlan', () => {
  it('accepts the default plan and an empty one', () => {
    expect(check(DEFAULT_DUNNING_PLAN)).toEqual([]);
    expect(check([])).toEqual([]);
  });

  it('wants each step later than the one before', () => {
    expect(check([reminder, { ...demand, days_past_due: 10 }])).toEqual([
      { path: ['steps', 1, 'days_past_due'], message: 'Varje steg måste ligga fler dagar efter förfallodagen än steget före' },
    ]);
  });

  it('never moves a case back from Inkassokrav to Påminnelse', () => {
    const issues = check([demand, { ...reminder, days_past_due: 30, fee_code: null }]);
    expect(issues).toEqual([{ path: ['steps', 1, 'stage'], message: 'Ett ärende går inte tillbaka från Inkassokrav till Påminnelse' }]);
  });

  it('names a missing template, and wants an inkassokrav for the stage Inkassokrav', () => {
    expect(check([{ ...reminder, template_code: 'NOPE' }])).toEqual([{ path: ['steps', 0, 'template_code'], message: 'Mallen NOPE finns inte' }]);
    expect(check([{ ...demand, template_code: 'REMINDER_EMAIL', fee_code: null }])[0]!.path).toEqual(['steps', 0, 'template_code']);
  });

  it('checks each fee against the catalogue and where it belongs', () => {
    expect(check([{ ...reminder, fee_code: 'ADMIN' }])[0]!.message).toBe('Avgiften ADMIN finns inte i avgiftskatalogen');
    expect(check([{ ...reminder, fee_code: 'COLLECTION_180' }])[0]!.message).toBe(
      'Inkassoavgift får bara tas ut med ett inkassokrav (en mall i kategorin Inkassokrav)',
    );
    expect(check([reminder, { ...demand, fee_code: 'REMINDER_60' }])[0]!.message).toBe('Avgiften tas redan ut i ett tidigare steg');
    expect(check([{ ...demand, fee_code: 'REMINDER_60' }])[0]!.message).toBe('Påminnelseavgift hör till ett påminnelsesteg');
    expect(check([{ ...reminder, fee_code: 'PAYMENT_PLAN_170' }])[0]!.message).toBe(
      'Avgiften för amorteringsplan tas ut när en plan upprättas, inte med ett utskick',
    );
  });

  it('has at most ten steps', () => {
    const steps = Array.from({ length: 11 }, (_, k) => ({ ...reminder, days_past_due: 10 + k, fee_code: null, stage: null }));
    expect(check(steps)).toContainEqual({ path: ['steps'], message: 'En plan har högst 10 steg' });
  });
});
