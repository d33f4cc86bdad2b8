import { describe, expect, it } from 'vitest';
import { assessPrescription, computePrescription, prescriptionLevelOn, type PrescriptionInterruption } from '.';

const at = (date: string, kind: PrescriptionInterruption['kind'] = 'payment'): PrescriptionInterruption => ({ id: `${kind}-${date}`, date, kind });

describe('computePrescription', () => {
  it('runs from the day the claim arose, not from its due date (2 §)', () => {
    // An invoice of 2022-03-15 due 2022-04-14: the period counts from 2022-03-15.
    expect(computePrescription({ aroseOn: '2022-03-15', years: 3, interruptions: [] })).toEqual({
      lastDay: '2025-03-15',
      prescribedOn: '2025-03-16',
      setBy: null,
    });
  });

  it('starts a new full period from an interruption while the period runs (5 §)', () => {
    const payment = at('2024-01-10');
    expect(computePrescription({ aroseOn: '2022-03-15', years: 3, interruptions: [payment] })).toEqual({
      lastDay: '2027-01-10',
      prescribedOn: '2027-01-11',
      setBy: payment,
    });
  });

  it('chains interruptions, each within the period the one before started', () => {
    const demand = at('2026-12-01', 'demand_delivered');
    const result = computePrescription({ aroseOn: '2022-03-15', years: 3, interruptions: [demand, at('2024-01-10')] });
    expect(result).toEqual({ lastDay: '2029-12-01', prescribedOn: '2029-12-02', setBy: demand });
  });

  it('never revives a claim already barred: an interruption after the last day changes nothing', () => {
    const late = at('2025-03-16', 'acknowledgement');
    expect(computePrescription({ aroseOn: '2022-03-15', years: 3, interruptions: [late] })).toEqual({
      lastDay: '2025-03-15',
      prescribedOn: '2025-03-16',
      setBy: null,
    });
  });

  it('counts an interruption on the last day itself (the period ends at the end of that day)', () => {
    const lastDay = at('2025-03-15', 'manual');
    expect(computePrescription({ aroseOn: '2022-03-15', years: 3, interruptions: [lastDay] }).setBy).toBe(lastDay);
  });

  it('ignores an interruption dated before the claim arose', () => {
    expect(computePrescription({ aroseOn: '2022-03-15', years: 3, interruptions: [at('2021-01-01')] }).setBy).toBeNull();
  });

  it('ends a period from 29 February on 28 February', () => {
    expect(computePrescription({ aroseOn: '2024-02-29', years: 3, interruptions: [] })).toMatchObject({ lastDay: '2027-02-28', prescribedOn: '2027-03-01' });
  });
});

describe('prescriptionLevelOn', () => {
  const prescription = computePrescription({ aroseOn: '2022-03-15', years: 3, interruptions: [] });

  it('warns on the last day and blocks the day after (end of day, not start)', () => {
    expect(prescriptionLevelOn(prescription, '2025-03-15', 120)).toBe('warning');
    expect(prescriptionLevelOn(prescription, '2025-03-16', 120)).toBe('block');
  });

  it('warns from warning_days days before the prescribed date, and on the last day even with none', () => {
    expect(prescriptionLevelOn(prescription, '2024-11-16', 120)).toBe('warning');
    expect(prescriptionLevelOn(prescription, '2024-11-15', 120)).toBeNull();
    expect(prescriptionLevelOn(prescription, '2025-03-15', 0)).toBe('warning');
    expect(prescriptionLevelOn(prescription, '2025-03-14', 0)).toBeNull();
  });
});

describe('assessPrescription', () => {
  const claim = { aroseOn: '2022-03-15', interruptions: [], today: '2025-06-01' };

  it('takes 3 years for a consumer and 10 for a company, unless the claim has its own period', () => {
    expect(assessPrescription({ ...claim, debtorType: 'person', claimYears: null })).toMatchObject({ years: 3, prescribedOn: '2025-03-16', level: 'block' });
    expect(assessPrescription({ ...claim, debtorType: 'company', claimYears: null })).toMatchObject({ years: 10, level: null });
    expect(assessPrescription({ ...claim, debtorType: 'person', claimYears: 10 })).toMatchObject({ years: 10, level: null });
  });

  it('does not count an interruption dated after the day assessed', () => {
    const later = at('2025-01-01');
    expect(assessPrescription({ ...claim, today: '2024-12-31', debtorType: 'person', claimYears: null, interruptions: [later] }).setBy).toBeNull();
    expect(assessPrescription({ ...claim, today: '2025-01-01', debtorType: 'person', claimYears: null, interruptions: [later] }).setBy).toBe(later);
  });
});
