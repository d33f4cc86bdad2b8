import { describe, expect, it } from 'vitest';
import { moneyFieldText, oreOfDecimal, readMoneyField } from './money';

const NBSP = '\u00a0';

describe('readMoneyField', () => {
  it.each([
    ['2000', 200000, '2000.00'],
    ['2000,5', 200050, '2000.50'],
    ['2 000,50', 200050, '2000.50'],
    [`2${NBSP}000,50`, 200050, '2000.50'],
    ['2000.50', 200050, '2000.50'],
    ['0,01', 1, '0.01'],
  ])('%j → %i öre, %s for the API', (text, ore, decimal) => {
    expect(readMoneyField(text)).toEqual({ ok: true, ore, decimal });
  });

  it.each([
    ['', 'Ange ett belopp'],
    ['0', 'Belopp måste vara större än 0'],
    ['-5', 'Belopp måste vara större än 0'],
    ['1.234', 'Otydligt belopp: skriv tusental med mellanslag och decimaler efter kommatecken, t.ex. 2 000,50'],
    ['1234,567', 'Beloppet får ha högst två decimaler'],
    ['tvåtusen', 'Ogiltigt belopp'],
  ])('refuses %j: %s', (text, message) => {
    expect(readMoneyField(text)).toEqual({ ok: false, message });
  });
});

describe('moneyFieldText and oreOfDecimal', () => {
  it('shows an amount sv-SE without currency, as the field reads it back', () => {
    expect(moneyFieldText(oreOfDecimal('2000.50')!)).toBe(`2${NBSP}000,50`);
    expect(oreOfDecimal('-12.50')).toBe(-1250);
    expect(oreOfDecimal('x')).toBeNull();
  });
});
