import { describe, expect, it } from 'vitest';
import { bookingLines, candidateDistance, differenceTitle, paymentText } from './resolution-texts';

const NBSP = '\u00a0';

describe('resolution texts', () => {
  it('books more on the account than booked debit 1900, less credit 1900', () => {
    const fee = { code: '6570', name: 'Bankkostnader' };
    expect(bookingLines('100.00', fee)).toEqual([
      { side: 'Debet', account: '1900 Klientmedelskonto', amount: `100,00${NBSP}kr` },
      { side: 'Kredit', account: '6570 Bankkostnader', amount: `100,00${NBSP}kr` },
    ]);
    expect(bookingLines('-5.00', fee).map((line) => [line.side, line.account])).toEqual([
      ['Debet', '6570 Bankkostnader'],
      ['Kredit', '1900 Klientmedelskonto'],
    ]);
  });

  it('names a payment by date, amount, payer and OCR, and how it stands against the line', () => {
    expect(paymentText({ paid_at: '2026-11-20', amount: '1200.00', payer_name: 'Cecilia Berg', ocr: '100000397', reference: null })).toBe(
      `2026-11-20 · 1${NBSP}200,00${NBSP}kr · Cecilia Berg · OCR 100000397`,
    );
    expect(candidateDistance({ amount_difference: '0.00', days_apart: -1 })).toBe('Samma belopp · 1 dag före raden');
    expect(candidateDistance({ amount_difference: '-5.00', days_apart: 0 })).toBe(`5,00${NBSP}kr mindre än raden · samma dag`);
    expect(candidateDistance({ amount_difference: '12.50', days_apart: 3 })).toBe(`12,50${NBSP}kr mer än raden · 3 dagar efter raden`);
  });

  it('titles a difference by its line when it has one', () => {
    expect(differenceTitle({ line: 3, message: 'Bokfört belopp skiljer sig' })).toBe('Rad 3: Bokfört belopp skiljer sig');
    expect(differenceTitle({ line: null, message: 'Summan stämmer inte' })).toBe('Summan stämmer inte');
  });
});
