import { describe, expect, it } from 'vitest';
import { bankAccountKey, matchBankAccount } from './bank-account-match';

const accounts = [
  { id: 'client', iban: 'SE45 5000 0000 0583 9825 7466', bg_number: '5050-1055' },
  { id: 'operating', iban: null, bg_number: '991-2346' },
];

describe('matchBankAccount', () => {
  it.each([
    ['an IBAN as written in the file', { iban: 'SE4550000000058398257466', other_id: null, scheme: null }, 'client'],
    ['a bankgiro number (scheme BGNR)', { iban: null, other_id: '50501055', scheme: 'BGNR' }, 'client'],
    ['a bankgiro number with a hyphen', { iban: null, other_id: '991-2346', scheme: 'BGNR' }, 'operating'],
    ['a BBAN: the tail of the IBAN', { iban: null, other_id: '58398257466', scheme: 'BBAN' }, 'client'],
    ['an unknown IBAN', { iban: 'SE3550000000054910000003', other_id: null, scheme: null }, null],
    ['a BBAN too short to recognise', { iban: null, other_id: '7466', scheme: 'BBAN' }, null],
    ['an unknown bankgiro', { iban: null, other_id: '1234566', scheme: 'BGNR' }, null],
    ['nothing at all', { iban: null, other_id: null, scheme: null }, null],
  ] as const)('%s', (_name, account, expected) => {
    expect(matchBankAccount(accounts, account)?.id ?? null).toBe(expected);
  });

  it('finds a BgMax recipient bankgiro', () => {
    expect(matchBankAccount(accounts, { bankgiro: '9912346' })?.id).toBe('operating');
  });
});

describe('bankAccountKey', () => {
  it('is the compact IBAN, else the bankgiro, so every file naming the account scopes ids alike', () => {
    expect(accounts.map(bankAccountKey)).toEqual(['SE4550000000058398257466', 'BG9912346']);
  });
});
