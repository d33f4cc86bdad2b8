import { describe, expect, it } from 'vitest';
import { describeCaseEvent } from './case-event-description';

const NBSP = '\u00a0';

describe('describeCaseEvent', () => {
  it('describes a created case', () => {
    expect(describeCaseEvent('case_created', { reference_no: 'F-1001', principal_amount: '7950.00', status: 'draft' })).toEqual({
      kind: 'created',
      title: 'Ärendet skapades',
      detail: `F-1001 · 7${NBSP}950,00${NBSP}kr · Utkast`,
    });
  });

  it('names the fee by its catalogue name, or its code when the name is missing', () => {
    expect(describeCaseEvent('fee_added', { code: 'COLLECTION_180', name: 'Inkassoavgift', amount: '180.00' }).detail).toBe(
      `Inkassoavgift · 180,00${NBSP}kr`,
    );
    expect(describeCaseEvent('fee_added', { code: 'COLLECTION_180' }).detail).toBe('COLLECTION_180');
  });

  it('gives amount, days and rate of an interest calculation (spec payload: days, rate, amount)', () => {
    expect(describeCaseEvent('interest_calculated', { days: 45, rate: '10.00', amount: '97.89' })).toEqual({
      kind: 'interest',
      title: 'Ränta beräknad',
      detail: `97,89${NBSP}kr · 45 dagar · 10,00 %`,
    });
    expect(describeCaseEvent('interest_calculated', { days: 1, rate: 8, amount: 1.74 }).detail).toBe(`1,74${NBSP}kr · 1 dag · 8,00 %`);
  });

  it('uses the Swedish status and stage names', () => {
    expect(describeCaseEvent('status_changed', { from: 'active', to: 'closed', reason: 'Betald' })).toEqual({
      kind: 'status',
      title: 'Status ändrad från Aktiv till Stängd',
      detail: 'Betald',
    });
    expect(describeCaseEvent('stage_changed', { from: 'intake', to: 'demand' }).title).toBe('Fas ändrad från Intag till Inkassokrav');
    expect(describeCaseEvent('stage_changed', {}).title).toBe('Fas ändrad');
  });

  it('describes payments, messages, flags and KFM steps', () => {
    expect(describeCaseEvent('PAYMENT_ALLOCATED', { amount: '2000.00' }).title).toBe('Inbetalning avräknad');
    expect(describeCaseEvent('COMMUNICATION_SENT', { channel: 'email' }).title).toBe('Meddelande skickat via e-post');
    expect(describeCaseEvent('flag_resolved', { rule_code: 'PRESCRIPTION' })).toMatchObject({ kind: 'flag', title: 'Flagga löst' });
    expect(describeCaseEvent('KFM_SUBMITTED', null)).toMatchObject({ kind: 'kfm', title: 'Ansökan skickad till Kronofogden' });
    expect(describeCaseEvent('KFM_DECISION_RECEIVED', null).title).toBe('Kronofogden: decision received');
  });

  it('ignores payload fields of the wrong type and names unknown types', () => {
    expect(describeCaseEvent('interest_calculated', { days: '45', rate: null, amount: 'mycket' }).detail).toBeNull();
    expect(describeCaseEvent('something_new', null)).toEqual({ kind: 'other', title: 'Händelse: something_new', detail: null });
  });
});
