import { describe, expect, it } from 'vitest';
import { describeCaseEvent } from './case-event-description';

const NBSP = '\u00a0';

describe('describeCaseEvent', () => {
  it('describes a created case', () => {
    expect(describeCaseEvent('case_created', { reference_no: 'F-1001', principal: '7950.00', due_date: '2026-10-01', ocr_reference: '10018' })).toEqual({
      kind: 'created',
      title: 'Ärendet skapades',
      detail: `F-1001 · 7${NBSP}950,00${NBSP}kr · OCR 10018`,
    });
  });

  it('names the fee by its catalogue name, or its code when the name is missing', () => {
    expect(describeCaseEvent('fee_added', { code: 'COLLECTION_180', name: 'Inkassoavgift', amount: '180.00' }).detail).toBe(`Inkassoavgift · 180,00${NBSP}kr`);
    expect(describeCaseEvent('fee_added', { code: 'COLLECTION_180' }).detail).toBe('COLLECTION_180');
    expect(describeCaseEvent('fee_added', { code: 'COLLECTION_180', amount: '180.00' }, { COLLECTION_180: 'Inkassoavgift' }).detail).toBe(
      `Inkassoavgift · 180,00${NBSP}kr`,
    );
  });

  it('gives amount, days and rate of an interest calculation (spec payload: days, rate, amount)', () => {
    expect(describeCaseEvent('interest_calculated', { days: 45, rate: '10.00', amount: '97.89', as_of: '2026-11-23' })).toEqual({
      kind: 'interest',
      title: 'Ränta beräknad',
      detail: `97,89${NBSP}kr · 45 dagar · 10,00${NBSP}% · till 2026-11-23`,
    });
    expect(describeCaseEvent('interest_calculated', { days: 1, rate: 8, amount: 1.74 }).detail).toBe(`1,74${NBSP}kr · 1 dag · 8,00${NBSP}%`);
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
    expect(describeCaseEvent('PAYMENT_ALLOCATED', { method: 'bankgiro', amount: '2000.00', principal: '1754.66', interest: '65.34', fees: '180.00' })).toEqual({
      kind: 'payment',
      title: 'Inbetalning avräknad',
      detail: `2${NBSP}000,00${NBSP}kr · kapital 1${NBSP}754,66${NBSP}kr, ränta 65,34${NBSP}kr, avgifter 180,00${NBSP}kr · via bankgiro`,
    });
    expect(describeCaseEvent('COMMUNICATION_SENT', { channel: 'letter', template_code: 'DEMAND_LETTER' })).toMatchObject({
      title: 'Meddelande skickat via brev',
      detail: 'DEMAND_LETTER',
    });
    expect(describeCaseEvent('KFM_SUBMITTED', { application_type: 'payment_order', application_fee: '300.00' }).detail).toBe(
      `Betalningsföreläggande · ansökningsavgift 300,00${NBSP}kr`,
    );
    expect(describeCaseEvent('flag_resolved', { rule_code: 'PRESCRIPTION' })).toMatchObject({ kind: 'flag', title: 'Flagga löst' });
    expect(describeCaseEvent('KFM_SUBMITTED', null)).toMatchObject({ kind: 'kfm', title: 'Ansökan skickad till Kronofogden' });
    expect(describeCaseEvent('KFM_DECISION_RECEIVED', null).title).toBe('Kronofogden: decision received');
  });

  it('ignores payload fields of the wrong type and names unknown types', () => {
    expect(describeCaseEvent('interest_calculated', { days: '45', rate: null, amount: 'mycket' }).detail).toBeNull();
    expect(describeCaseEvent('something_new', null)).toEqual({ kind: 'other', title: 'Händelse: something_new', detail: null });
  });
});
