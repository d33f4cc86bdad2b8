import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { findLedgerAccount, isDebitNormalAccountType, LEDGER_ACCOUNT_CODES, SEED_LEDGER_ACCOUNTS } from '.';

describe('seed chart of accounts', () => {
  it.each([
    ['1510', 'Kundfordringar – kapital', 'asset'],
    ['1511', 'Kundfordringar – ränta', 'asset'],
    ['1512', 'Kundfordringar – avgifter', 'asset'],
    ['1900', 'Klientmedelskonto', 'asset'],
    ['1930', 'Företagskonto', 'asset'],
    ['2890', 'Skuld till uppdragsgivare', 'liability'],
    ['2091', 'Balanserad vinst eller förlust', 'equity'],
    ['2099', 'Årets resultat', 'equity'],
    ['2990', 'Oredovisade betalningar', 'liability'],
    ['3010', 'Inkassoarvoden och avgiftsintäkter', 'income'],
    ['3740', 'Öres- och kronutjämning', 'income'],
    ['6570', 'Bankkostnader', 'expense'],
    ['8310', 'Ränteintäkter', 'income'],
    ['8999', 'Årets resultat', 'expense'],
  ])('has %s %s (%s)', (code, name, type) => {
    expect(findLedgerAccount(SEED_LEDGER_ACCOUNTS, code)).toEqual({ code, name, type, is_active: true });
  });

  it('has unique codes, sorted, four-digit BAS form', () => {
    const codes = SEED_LEDGER_ACCOUNTS.map((account) => account.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(codes);
    expect(codes.every((code) => /^[1-8]\d{3}$/.test(code))).toBe(true);
  });

  it('contains every code the builders book on', () => {
    for (const code of Object.values(LEDGER_ACCOUNT_CODES)) {
      expect(() => findLedgerAccount(SEED_LEDGER_ACCOUNTS, code)).not.toThrow();
    }
  });

  it('refuses an unknown account', () => {
    expect(() => findLedgerAccount(SEED_LEDGER_ACCOUNTS, '9999')).toThrow(DomainError);
    expect(() => findLedgerAccount(SEED_LEDGER_ACCOUNTS, '9999')).toThrow('Okänt konto: 9999');
  });

  it.each([
    ['asset', true],
    ['expense', true],
    ['liability', false],
    ['equity', false],
    ['income', false],
  ] as const)('%s is debit-normal: %s', (type, expected) => {
    expect(isDebitNormalAccountType(type)).toBe(expected);
  });
});
