import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, compareIsoDates } from '../dates';
import { recentIsoDateArb } from '../../test/arbitraries';
import { computePrescription, PRESCRIPTION_INTERRUPTION_KINDS, prescriptionLevelOn, type PrescriptionInterruption } from '.';

const interruptionArb: fc.Arbitrary<PrescriptionInterruption> = fc.record({
  id: fc.uuid(),
  date: recentIsoDateArb,
  kind: fc.constantFrom(...PRESCRIPTION_INTERRUPTION_KINDS),
});

const inputArb = fc.record({
  aroseOn: recentIsoDateArb,
  years: fc.integer({ min: 1, max: 10 }),
  interruptions: fc.array(interruptionArb, { maxLength: 8 }),
});

describe('computePrescription properties', () => {
  it('gives the same result for the interruptions in any order', () => {
    fc.assert(
      fc.property(
        inputArb.chain((input) => fc.tuple(fc.constant(input), fc.shuffledSubarray(input.interruptions, { minLength: input.interruptions.length }))),
        ([input, shuffled]) => {
          expect(computePrescription({ ...input, interruptions: shuffled })).toEqual(computePrescription(input));
        },
      ),
    );
  });

  it('never moves the prescribed date back when an interruption is added', () => {
    fc.assert(
      fc.property(inputArb, interruptionArb, (input, added) => {
        const before = computePrescription(input);
        const after = computePrescription({ ...input, interruptions: [...input.interruptions, added] });
        expect(compareIsoDates(after.prescribedOn, before.prescribedOn)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('changes nothing when an interruption comes after the claim was barred', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 0, max: 2000 }), fc.constantFrom(...PRESCRIPTION_INTERRUPTION_KINDS), (input, daysAfter, kind) => {
        const before = computePrescription(input);
        const late = { id: 'late', date: addDays(before.prescribedOn, daysAfter), kind };
        expect(computePrescription({ ...input, interruptions: [...input.interruptions, late] })).toEqual(before);
      }),
    );
  });

  it('warns on the last day and blocks from the day after', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 0, max: 365 }), (input, warningDays) => {
        const prescription = computePrescription(input);
        expect(addDays(prescription.lastDay, 1)).toBe(prescription.prescribedOn);
        expect(prescriptionLevelOn(prescription, prescription.lastDay, warningDays)).toBe('warning');
        expect(prescriptionLevelOn(prescription, prescription.prescribedOn, warningDays)).toBe('block');
      }),
    );
  });

  it('is set by an interruption only from inside the period it extends', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { setBy } = computePrescription(input);
        if (setBy === null) return;
        expect(compareIsoDates(setBy.date, input.aroseOn)).toBeGreaterThan(0);
        expect(input.interruptions).toContain(setBy);
      }),
    );
  });
});
