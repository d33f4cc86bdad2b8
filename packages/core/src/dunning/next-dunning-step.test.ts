import { describe, expect, it } from 'vitest';
import { DEFAULT_DUNNING_PLAN, type DunningStep } from './dunning-plan';
import { nextDunningStep } from './next-dunning-step';

const PLAN: DunningStep[] = DEFAULT_DUNNING_PLAN.map((step, k) => ({ ...step, id: `s${k + 1}` }));
const DUE = '2026-01-01';

function next(asOf: string, facts: Partial<Parameters<typeof nextDunningStep>[1]> = {}) {
  return nextDunningStep(PLAN, { due_date: DUE, stage: 'intake', done: [], ...facts }, asOf);
}

describe('nextDunningStep', () => {
  it('nothing before the first step is reached', () => {
    expect(next('2026-01-10')).toBeNull();
  });

  it('the påminnelse 10 days past due, then the inkassokrav 25 days past due', () => {
    expect(next('2026-01-11')).toMatchObject({ step: { id: 's1' }, due_on: '2026-01-11' });
    const done = [{ step_id: 's1', as_of: '2026-01-11' }];
    expect(next('2026-01-25', { stage: 'reminder', done })).toBeNull();
    expect(next('2026-01-26', { stage: 'reminder', done })).toMatchObject({ step: { id: 's2' }, due_on: '2026-01-26' });
  });

  it('keeps the plan’s gap after a late påminnelse: 15 days before the inkassokrav', () => {
    const done = [{ step_id: 's1', as_of: '2026-02-20' }];
    expect(next('2026-03-06', { stage: 'reminder', done })).toBeNull();
    expect(next('2026-03-07', { stage: 'reminder', done })).toMatchObject({ step: { id: 's2' }, due_on: '2026-03-07' });
  });

  it('a påminnelse not sent in time is overtaken by the inkassokrav, never both the same day', () => {
    expect(next('2026-02-01')).toMatchObject({ step: { id: 's2' }, due_on: '2026-01-26' });
  });

  it('a step whose stage the case already reached is passed', () => {
    expect(next('2026-01-12', { stage: 'reminder' })).toBeNull();
    expect(next('2026-02-01', { stage: 'demand' })).toBeNull();
  });

  it('a case past the demand stage is out of dunning', () => {
    expect(next('2026-06-01', { stage: 'payment_plan' })).toBeNull();
  });

  it('a step without a stage belongs to the stage before it', () => {
    const plan: DunningStep[] = [
      ...PLAN,
      { id: 's3', name: 'Sista påminnelse', days_past_due: 40, template_code: 'KFM_NOTICE_LETTER', channel: 'letter', fee_code: null, stage: null },
    ];
    const done = [
      { step_id: 's1', as_of: '2026-01-11' },
      { step_id: 's2', as_of: '2026-01-26' },
    ];
    expect(nextDunningStep(plan, { due_date: DUE, stage: 'demand', done }, '2026-02-10')).toMatchObject({ step: { id: 's3' } });
    // A case moved to Inkassokrav by hand still gets the step of the demand stage.
    expect(nextDunningStep(plan, { due_date: DUE, stage: 'demand', done: [] }, '2026-02-10')).toMatchObject({ step: { id: 's3' } });
  });

  it('a step taken is never due again, and neither is an earlier one', () => {
    const done = [{ step_id: 's2', as_of: '2026-01-26' }];
    expect(next('2026-12-31', { stage: 'demand', done })).toBeNull();
    expect(next('2026-12-31', { stage: 'intake', done })).toBeNull();
  });

  it('a record of a step no longer in the plan is ignored', () => {
    expect(next('2026-01-11', { done: [{ step_id: 'gone', as_of: '2026-01-05' }] })).toMatchObject({ step: { id: 's1' } });
  });
});
