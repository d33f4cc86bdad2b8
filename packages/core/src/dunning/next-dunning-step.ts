import type { CaseStage } from '../cases/case-stage';
import { addDays, compareIsoDates, maxIsoDate, type IsoDate } from '../dates';
import type { DunningStep } from './dunning-plan';

/** How far along the collection process a stage is; the stages after demand are out of dunning's hands. */
const STAGE_RANK: Readonly<Record<CaseStage, number>> = { intake: 0, reminder: 1, demand: 2, payment_plan: 3, kfm: 3, legal: 3 };

/** What the plan looks at on a case. */
export interface DunningCaseFacts {
  due_date: IsoDate;
  stage: CaseStage;
  /** The steps taken on the case: which, and on which day (as_of of the run that took it). */
  done: readonly { step_id: string; as_of: IsoDate }[];
}

/** The step due on a case: the step, its place in the plan, and the day it became due. */
export interface DueDunningStep {
  step: DunningStep;
  index: number;
  due_on: IsoDate;
}

/** The stage a step belongs to: its own, else that of the nearest earlier step that sets one. */
function phaseOf(plan: readonly DunningStep[], index: number): CaseStage {
  for (let k = index; k >= 0; k -= 1) {
    const stage = plan[k]!.stage;
    if (stage !== null) return stage;
  }
  return 'intake';
}

/** A step the case has gone past: it is at the step's stage already, or beyond the stage the step belongs to. */
function isPassed(plan: readonly DunningStep[], index: number, stage: CaseStage): boolean {
  const step = plan[index]!;
  if (step.stage !== null && STAGE_RANK[stage] >= STAGE_RANK[step.stage]) return true;
  return STAGE_RANK[stage] > STAGE_RANK[phaseOf(plan, index)];
}

/**
 * The step of `plan` (in order of days after the due date) to take on a case as of `asOf`, or
 * null. Only steps after the last one taken count, and not those whose stage the case has
 * already reached (a case moved to Inkassokrav by hand gets no påminnelse). A step is due
 * `days_past_due` days after the claim's due date, and never sooner after the step before it
 * than the plan's own gap between the two (a case handed over late still gets time between its
 * påminnelse and its inkassokrav). Of several due steps the latest is taken: a påminnelse that
 * could not go out in time is overtaken by the inkassokrav, not sent the same day.
 * @example nextDunningStep(plan, { due_date: '2026-01-01', stage: 'intake', done: [] }, '2026-01-12')?.step.name // 'Påminnelse'
 */
export function nextDunningStep(plan: readonly DunningStep[], facts: DunningCaseFacts, asOf: IsoDate): DueDunningStep | null {
  let lastIndex = -1;
  let lastOn: IsoDate | null = null;
  for (const record of facts.done) {
    const index = plan.findIndex((step) => step.id === record.step_id);
    if (index > lastIndex) {
      lastIndex = index;
      lastOn = record.as_of;
    }
  }
  let due: DueDunningStep | null = null;
  for (let index = lastIndex + 1; index < plan.length; index += 1) {
    if (isPassed(plan, index, facts.stage)) continue;
    const step = plan[index]!;
    const byDueDate = addDays(facts.due_date, step.days_past_due);
    const dueOn = lastOn === null ? byDueDate : maxIsoDate(byDueDate, addDays(lastOn, step.days_past_due - plan[lastIndex]!.days_past_due));
    if (compareIsoDates(dueOn, asOf) <= 0) due = { step, index, due_on: dueOn };
  }
  return due;
}
