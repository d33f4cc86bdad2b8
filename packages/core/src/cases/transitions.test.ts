import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { allowedCaseStageChanges, assertCaseStageChange, canChangeCaseStage, canTransitionCaseStage, CASE_STAGES, type CaseStage } from './case-stage';
import { allowedCaseStatusTransitions, assertCaseStatusTransition, canTransitionCaseStatus, CASE_STATUSES, isCaseStatus } from './case-status';
import type { KfmCaseStatus } from './kfm-status';
import { LAWSUIT_SERVICE_STATUS_LABELS, LAWSUIT_TRACK_LABELS, type LawsuitStatus } from './lawsuit-status';
import {
  allowedStateMachineTransitions,
  assertStateMachineTransition,
  canStateMachineTransition,
  DISPUTE_STATUS_MACHINE,
  JOB_STATUS_MACHINE,
  KFM_CASE_STATUS_MACHINE,
  LAWSUIT_STATUS_MACHINE,
  PAYMENT_PLAN_STATUS_MACHINE,
  PAYMENT_STATUS_MACHINE,
  RECONCILIATION_STATUS_MACHINE,
} from '.';

function messageOf(action: () => void): string {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'no error';
}

describe('case status', () => {
  it.each([
    ['draft', 'active', true],
    ['draft', 'closed', true],
    ['draft', 'on_hold', false],
    ['active', 'on_hold', true],
    ['active', 'closed', true],
    ['active', 'draft', false],
    ['on_hold', 'active', true],
    ['on_hold', 'closed', true],
    ['closed', 'active', true],
    ['closed', 'on_hold', false],
    ['closed', 'draft', false],
    ['active', 'active', false],
  ] as const)('%s → %s allowed: %s', (from, to, expected) => {
    expect(canTransitionCaseStatus(from, to)).toBe(expected);
  });

  it('names both Swedish labels when refusing', () => {
    expect(messageOf(() => assertCaseStatusTransition('closed', 'on_hold'))).toBe(
      'INVALID_TRANSITION: Övergången är inte tillåten: Ärendets status kan inte ändras från Stängd till Pausad',
    );
  });

  it('offers reopening as the only way out of closed', () => {
    expect(allowedCaseStatusTransitions('closed')).toEqual(['active']);
  });

  it('recognises exactly the four statuses', () => {
    expect(CASE_STATUSES.every(isCaseStatus)).toBe(true);
    expect(isCaseStatus('open')).toBe(false);
  });
});

describe('case stage', () => {
  it.each([
    ['intake', 'reminder', true],
    ['intake', 'demand', true],
    ['intake', 'kfm', false],
    ['intake', 'payment_plan', false],
    ['reminder', 'demand', true],
    ['reminder', 'payment_plan', true],
    ['reminder', 'kfm', false],
    ['demand', 'payment_plan', true],
    ['demand', 'kfm', true],
    ['demand', 'legal', true],
    ['demand', 'reminder', false],
    ['payment_plan', 'demand', true],
    ['payment_plan', 'kfm', true],
    ['kfm', 'legal', true],
    ['kfm', 'payment_plan', true],
    ['kfm', 'demand', false],
    ['legal', 'kfm', true],
    ['legal', 'payment_plan', true],
    ['legal', 'intake', false],
  ] as const)('%s → %s allowed: %s', (from, to, expected) => {
    expect(canTransitionCaseStage(from, to)).toBe(expected);
  });

  it('the typical flow intake → reminder → demand → kfm → legal is allowed step by step', () => {
    const flow: CaseStage[] = ['intake', 'reminder', 'demand', 'kfm', 'legal'];
    for (let index = 1; index < flow.length; index += 1) {
      expect(() => assertCaseStageChange('active', flow[index - 1]!, flow[index]!)).not.toThrow();
    }
  });

  it('no stage leads back to intake or reminder once a demand is sent', () => {
    for (const from of CASE_STAGES) {
      if (from === 'intake' || from === 'reminder') continue;
      expect(canTransitionCaseStage(from, 'intake')).toBe(false);
      expect(canTransitionCaseStage(from, 'reminder')).toBe(false);
    }
  });

  it('only an active case changes stage', () => {
    for (const status of CASE_STATUSES) {
      for (const from of CASE_STAGES) {
        for (const to of CASE_STAGES) {
          expect(canChangeCaseStage(status, from, to)).toBe(status === 'active' && canTransitionCaseStage(from, to));
          expect(allowedCaseStageChanges(status, from).includes(to)).toBe(canChangeCaseStage(status, from, to));
        }
      }
    }
  });

  it('says why a paused case cannot move', () => {
    expect(messageOf(() => assertCaseStageChange('on_hold', 'demand', 'kfm'))).toBe(
      'INVALID_TRANSITION: Övergången är inte tillåten: ärendets fas kan bara ändras när ärendet är Aktiv (nu Pausad)',
    );
    expect(messageOf(() => assertCaseStageChange('active', 'kfm', 'reminder'))).toBe(
      'INVALID_TRANSITION: Övergången är inte tillåten: Ärendets fas kan inte ändras från Kronofogden till Påminnelse',
    );
  });
});

describe('KFM case status (domain reference §5.4)', () => {
  it.each([
    [['draft', 'submitted', 'acknowledged', 'served', 'decided', 'closed']],
    [['draft', 'submitted', 'acknowledged', 'served', 'contested', 'closed']],
    [['draft', 'submitted', 'rejected', 'closed']],
    [['draft', 'submitted', 'failed', 'submitted', 'acknowledged']],
    [['draft', 'submitted', 'acknowledged', 'withdrawn', 'closed']],
    [['draft', 'submitted', 'acknowledged', 'served', 'decided', 'contested', 'closed']],
  ] as const)('the path %j is allowed', (path: readonly KfmCaseStatus[]) => {
    for (let index = 1; index < path.length; index += 1) {
      expect(canStateMachineTransition(KFM_CASE_STATUS_MACHINE, path[index - 1]!, path[index]!)).toBe(true);
    }
  });

  it.each([
    ['draft', 'served'],
    ['draft', 'withdrawn'],
    ['decided', 'withdrawn'],
    ['closed', 'draft'],
    ['rejected', 'submitted'],
  ] as const)('%s → %s is refused', (from, to) => {
    expect(canStateMachineTransition(KFM_CASE_STATUS_MACHINE, from, to)).toBe(false);
  });

  it('names the Swedish labels', () => {
    expect(messageOf(() => assertStateMachineTransition(KFM_CASE_STATUS_MACHINE, 'closed', 'submitted'))).toContain('från Stängd till Inskickad');
  });
});

describe('lawsuit status', () => {
  it.each([
    [['draft', 'filed', 'served', 'prep_written', 'main_hearing', 'judgment', 'closed']],
    [['draft', 'filed', 'served', 'default_judgment', 'closed']],
    [['draft', 'filed', 'served', 'default_judgment', 'prep_written', 'prep_oral', 'settled', 'closed']],
    [['draft', 'filed', 'failed', 'draft', 'filed', 'withdrawn', 'closed']],
  ] as const)('the path %j is allowed', (path: readonly LawsuitStatus[]) => {
    for (let index = 1; index < path.length; index += 1) {
      expect(canStateMachineTransition(LAWSUIT_STATUS_MACHINE, path[index - 1]!, path[index]!)).toBe(true);
    }
  });

  it.each([
    ['draft', 'served'],
    ['judgment', 'main_hearing'],
    ['settled', 'judgment'],
    ['closed', 'draft'],
  ] as const)('%s → %s is refused', (from, to) => {
    expect(canStateMachineTransition(LAWSUIT_STATUS_MACHINE, from, to)).toBe(false);
  });

  it('shows the spec texts for service status and tracks', () => {
    expect(LAWSUIT_SERVICE_STATUS_LABELS.pending).toBe('Inväntar delgivning');
    expect(LAWSUIT_TRACK_LABELS).toEqual({ FT: 'Förenklad tvist', ORD: 'Ordinärt mål' });
  });
});

describe('payments, reconciliation, plans, jobs and disputes', () => {
  it.each([
    [canStateMachineTransition(PAYMENT_STATUS_MACHINE, 'received', 'allocated'), true],
    [canStateMachineTransition(PAYMENT_STATUS_MACHINE, 'unmatched', 'allocated'), true],
    [canStateMachineTransition(PAYMENT_STATUS_MACHINE, 'partially_allocated', 'partially_allocated'), true],
    [canStateMachineTransition(PAYMENT_STATUS_MACHINE, 'allocated', 'allocated'), false],
    [canStateMachineTransition(PAYMENT_STATUS_MACHINE, 'allocated', 'unmatched'), false],
    [canStateMachineTransition(RECONCILIATION_STATUS_MACHINE, 'mismatch', 'reconciled'), true],
    [canStateMachineTransition(RECONCILIATION_STATUS_MACHINE, 'reconciled', 'mismatch'), false],
    [canStateMachineTransition(PAYMENT_PLAN_STATUS_MACHINE, 'active', 'defaulted'), true],
    [canStateMachineTransition(PAYMENT_PLAN_STATUS_MACHINE, 'defaulted', 'active'), false],
    [canStateMachineTransition(JOB_STATUS_MACHINE, 'retry', 'processing'), true],
    [canStateMachineTransition(JOB_STATUS_MACHINE, 'pending', 'completed'), false],
    [canStateMachineTransition(DISPUTE_STATUS_MACHINE, 'rejected', 'open'), true],
    [canStateMachineTransition(DISPUTE_STATUS_MACHINE, 'accepted', 'open'), false],
  ])('example %# gives %s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('a completed job is final', () => {
    expect(allowedStateMachineTransitions(JOB_STATUS_MACHINE, 'completed')).toEqual([]);
  });
});
