import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CASE_STAGES } from './case-stage';
import { CASE_STATUSES } from './case-status';
import { PORTAL_STAGES, portalStageLabel, portalStageOf } from './portal-stage';

describe('portal stages', () => {
  it.each([
    ['active', 'intake', 'intake'],
    ['active', 'reminder', 'reminder'],
    ['active', 'demand', 'collection'],
    ['on_hold', 'payment_plan', 'payment_plan'],
    ['active', 'kfm', 'kfm'],
    ['active', 'legal', 'collection'],
    ['closed', 'kfm', 'closed'],
    ['draft', 'intake', 'intake'],
  ] as const)('%s case at %s shows %s', (status, stage, expected) => {
    expect(portalStageOf(status, stage)).toBe(expected);
  });

  it.each([
    ['intake', 'Inkommen'],
    ['collection', 'Inkasso'],
    ['payment_plan', 'Betalplan'],
    ['closed', 'Avslutat'],
    ['something_else', 'something_else'],
  ])('%s is labelled %s', (stage, label) => {
    expect(portalStageLabel(stage)).toBe(label);
  });

  it('every staff status and stage maps to a portal stage', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CASE_STATUSES), fc.constantFrom(...CASE_STAGES), (status, stage) => {
        expect(PORTAL_STAGES).toContain(portalStageOf(status, stage));
      }),
    );
  });

  it('the portal shows closed exactly when the case is closed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CASE_STATUSES), fc.constantFrom(...CASE_STAGES), (status, stage) => {
        expect(portalStageOf(status, stage) === 'closed').toBe(status === 'closed');
      }),
    );
  });
});
