import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KFM_CASE_STATUS_TRANSITIONS, KFM_CASE_STATUSES, type KfmCaseStatus } from '../cases';
import { DomainError } from '../errors';
import { decideKfmStatusChange, KFM_CASE_NO_REQUIRED_MESSAGE } from '.';

function errorOf(action: () => unknown): DomainError {
  try {
    action();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}

describe('decideKfmStatusChange', () => {
  it('walks the normal road: submitted → acknowledged (with målnummer) → served → decided → closed', () => {
    const acknowledged = decideKfmStatusChange('submitted', null, { to: 'acknowledged', kfm_case_no: ' 14-141638-12 ' });
    expect(acknowledged).toEqual({ from: 'submitted', to: 'acknowledged', kfm_case_no: '14-141638-12', follow_ups: [] });
    expect(decideKfmStatusChange('acknowledged', '14-141638-12', { to: 'served' }).kfm_case_no).toBe('14-141638-12');
    expect(decideKfmStatusChange('served', '14-141638-12', { to: 'decided' }).follow_ups).toEqual(['enforcement_follow_up']);
    expect(decideKfmStatusChange('served', '14-141638-12', { to: 'contested' }).follow_ups).toEqual(['offer_lawsuit']);
    expect(decideKfmStatusChange('decided', '14-141638-12', { to: 'closed' }).follow_ups).toEqual([]);
  });

  it('refuses acknowledged without KFM’s case number, in Swedish', () => {
    const error = errorOf(() => decideKfmStatusChange('submitted', null, { to: 'acknowledged' }));
    expect([error.code, error.message]).toEqual(['VALIDATION_FAILED', KFM_CASE_NO_REQUIRED_MESSAGE]);
    expect(errorOf(() => decideKfmStatusChange('submitted', null, { to: 'acknowledged', kfm_case_no: 'abc' })).code).toBe('VALIDATION_FAILED');
  });

  it('refuses an illegal edge with a message naming both statuses', () => {
    const error = errorOf(() => decideKfmStatusChange('submitted', null, { to: 'decided' }));
    expect(error.code).toBe('INVALID_TRANSITION');
    expect(error.message).toBe('Övergången är inte tillåten: KFM-ärendets status kan inte ändras från Inskickad till Utslag');
    expect(errorOf(() => decideKfmStatusChange('closed', '1-2', { to: 'submitted' })).code).toBe('INVALID_TRANSITION');
  });

  it('a run of requested changes never reaches a status by an edge the machine lacks', () => {
    const statusArb = fc.constantFrom(...KFM_CASE_STATUSES);
    fc.assert(
      fc.property(
        fc.array(fc.record({ to: statusArb, kfm_case_no: fc.option(fc.constantFrom('14-141638-12', '', 'x'), { nil: null }) }), { maxLength: 30 }),
        (requests) => {
          let status: KfmCaseStatus = 'submitted';
          let caseNo: string | null = null;
          for (const request of requests) {
            try {
              const change = decideKfmStatusChange(status, caseNo, request);
              expect(KFM_CASE_STATUS_TRANSITIONS[status]).toContain(change.to);
              if (change.to === 'acknowledged') expect(change.kfm_case_no).not.toBeNull();
              status = change.to;
              caseNo = change.kfm_case_no;
            } catch (error) {
              expect(error).toBeInstanceOf(DomainError);
            }
          }
        },
      ),
    );
  });
});
