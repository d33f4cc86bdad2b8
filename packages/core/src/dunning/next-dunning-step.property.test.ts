import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, daysBetween, type IsoDate } from '../dates';
import type { CaseStage } from '../cases/case-stage';
import type { DunningStage, DunningStep } from './dunning-plan';
import { nextDunningStep } from './next-dunning-step';

/** A plan of 1–5 steps, days strictly increasing, stages never going back. */
const planArb: fc.Arbitrary<DunningStep[]> = fc
  .array(fc.tuple(fc.integer({ min: 1, max: 30 }), fc.constantFrom<DunningStage | null>(null, 'reminder', 'demand')), { minLength: 1, maxLength: 5 })
  .map((draws) => {
    let days = 0;
    let reachedDemand = false;
    return draws.map(([gap, drawn], k) => {
      days += gap;
      const stage = reachedDemand && drawn === 'reminder' ? 'demand' : drawn;
      reachedDemand ||= stage === 'demand';
      return { id: `s${k}`, name: `Steg ${k}`, days_past_due: days, template_code: 'T', channel: 'letter' as const, fee_code: null, stage };
    });
  });

const STAGE_AFTER: Record<DunningStage, CaseStage> = { reminder: 'reminder', demand: 'demand' };

describe('nextDunningStep over a case’s days', () => {
  it('a step is never due twice, never before its day, and the plan’s gaps are kept', () => {
    fc.assert(
      fc.property(
        planArb,
        fc.integer({ min: 0, max: 60 }),
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 40 }),
        fc.constantFrom<CaseStage>('intake', 'reminder', 'demand'),
        (plan, startOffset, runGaps, startStage) => {
          const due: IsoDate = '2026-03-01';
          let day = addDays(due, startOffset);
          let stage = startStage;
          const done: { step_id: string; as_of: IsoDate }[] = [];
          for (const gap of runGaps) {
            day = addDays(day, gap);
            // Run twice the same day: the second finds nothing once the first took a step.
            for (let run = 0; run < 2; run += 1) {
              const next = nextDunningStep(plan, { due_date: due, stage, done }, day);
              if (!next) continue;
              expect(done.some((record) => record.step_id === next.step.id)).toBe(false);
              expect(daysBetween(due, day)).toBeGreaterThanOrEqual(next.step.days_past_due);
              const last = done.at(-1);
              if (last) {
                const lastStep = plan.find((step) => step.id === last.step_id)!;
                expect(plan.indexOf(next.step)).toBeGreaterThan(plan.indexOf(lastStep));
                expect(daysBetween(last.as_of, day)).toBeGreaterThanOrEqual(next.step.days_past_due - lastStep.days_past_due);
              }
              done.push({ step_id: next.step.id, as_of: day });
              if (next.step.stage) stage = STAGE_AFTER[next.step.stage];
            }
          }
        },
      ),
    );
  });
});
