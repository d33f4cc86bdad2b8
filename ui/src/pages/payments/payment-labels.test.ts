import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUS_LABELS } from '@fordran/core/labels';
import { followUpLabel, matchReasonLabel, paymentMethodLabel, UNBOOKED_PAYMENT_NOTES } from './payment-labels';

describe('payment labels', () => {
  it.each([
    ['case_id', 'Ärende-id'],
    ['ocr', 'OCR'],
    ['message_reference', 'Meddelandereferens'],
    ['claim_reference', 'Fakturareferens'],
    ['amount', 'Belopp'],
    ['something_new', 'something_new'],
  ])('match reason %s → %s', (reason, label) => {
    expect(matchReasonLabel(reason)).toBe(label);
  });

  it.each([
    ['manual', 'Manuell'],
    ['bankgiro', 'Bankgiro'],
    ['swish', 'Swish'],
    ['card', 'Kort'],
    ['bank_transfer', 'Banköverföring'],
    ['cash', 'cash'],
  ])('method %s → %s', (method, label) => {
    expect(paymentMethodLabel(method)).toBe(label);
  });

  it('names the statuses as the spec does', () => {
    expect(PAYMENT_STATUS_LABELS).toEqual({
      received: 'Mottagen',
      allocated: 'Avräknad',
      partially_allocated: 'Delvis avräknad',
      unmatched: 'Ej matchad',
      held: 'Möjlig dubblett',
      duplicate: 'Dubblett',
      reversed: 'Återförd',
    });
  });

  it('says why a held, duplicate or reversed payment has nothing to allocate, and nothing for the others', () => {
    expect(Object.keys(UNBOOKED_PAYMENT_NOTES).sort()).toEqual(['duplicate', 'held', 'reversed']);
    expect(UNBOOKED_PAYMENT_NOTES.held).toBe('Hållen som möjlig dubblett: inget bokförs eller avräknas förrän den har granskats.');
  });

  it('names the follow-ups of a paid case, and shows an unknown one as sent', () => {
    expect(followUpLabel('refund_credit')).toBe('Återbetala överskjutande belopp');
    expect(followUpLabel('call_debtor')).toBe('call_debtor');
  });
});
