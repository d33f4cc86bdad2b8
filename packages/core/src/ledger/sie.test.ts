import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { ore } from '../money';
import { buildClaimRegistrationJournal, buildFeeJournal } from './journal-builders';
import { SEED_LEDGER_ACCOUNTS } from './chart-of-accounts';
import { decodeCp437, encodeCp437 } from './cp437';
import { sieLines, sieText, sieTransactionsOf, writeSie4, type SieExport } from './sie';

const header = {
  program: { name: 'Fordran', version: '0.1.0' },
  generated_on: '2026-11-22',
  company_name: 'Nordisk Inkasso AB',
  org_no: '556036-0793',
  fiscal_year: { start: '2026-01-01', end: '2026-12-31' },
} as const;

const claim = buildClaimRegistrationJournal({ principalOre: ore(795000), source_ref: 'claim-1', case_id: 'case-1', booked_at: '2026-11-20' });
const fee = buildFeeJournal({ amountOre: ore(18000), fee_code: 'COLLECTION_180', source_ref: 'fee-1', case_id: 'case-1', booked_at: '2026-11-21' });

const file: SieExport = {
  ...header,
  accounts: SEED_LEDGER_ACCOUNTS,
  opening_balances: { '1510': ore(100000), '2890': ore(-100000) },
  vouchers: [
    { series: 'A', number: 1, date: '2026-11-20', text: 'Fordran F-1001', registered_on: '2026-11-20', transactions: sieTransactionsOf(claim.lines) },
    { series: 'A', number: 2, date: '2026-11-21', text: 'Avgift "Inkasso" F-1001', registered_on: '2026-11-22', transactions: sieTransactionsOf(fee.lines) },
  ],
};

describe('writeSie4', () => {
  it('writes identification, chart, balances and vouchers in SIE 4 order', () => {
    expect(sieLines(file)).toEqual([
      '#FLAGGA 0',
      '#PROGRAM "Fordran" "0.1.0"',
      '#FORMAT PC8',
      '#GEN 20261122',
      '#SIETYP 4',
      '#FNAMN "Nordisk Inkasso AB"',
      '#ORGNR 556036-0793',
      '#RAR 0 20260101 20261231',
      '#KONTO 1510 "Kundfordringar – kapital"',
      '#KTYP 1510 T',
      '#KONTO 1511 "Kundfordringar – ränta"',
      '#KTYP 1511 T',
      '#KONTO 1512 "Kundfordringar – avgifter"',
      '#KTYP 1512 T',
      '#KONTO 1900 "Klientmedelskonto"',
      '#KTYP 1900 T',
      '#KONTO 1930 "Företagskonto"',
      '#KTYP 1930 T',
      '#KONTO 2091 "Balanserad vinst eller förlust"',
      '#KTYP 2091 S',
      '#KONTO 2099 "Årets resultat"',
      '#KTYP 2099 S',
      '#KONTO 2890 "Skuld till uppdragsgivare"',
      '#KTYP 2890 S',
      '#KONTO 2990 "Oredovisade betalningar"',
      '#KTYP 2990 S',
      '#KONTO 3010 "Inkassoarvoden och avgiftsintäkter"',
      '#KTYP 3010 I',
      '#KONTO 3740 "Öres- och kronutjämning"',
      '#KTYP 3740 I',
      '#KONTO 6570 "Bankkostnader"',
      '#KTYP 6570 K',
      '#KONTO 8310 "Ränteintäkter"',
      '#KTYP 8310 I',
      '#KONTO 8999 "Årets resultat"',
      '#KTYP 8999 K',
      '#IB 0 1510 1000.00',
      '#UB 0 1510 8950.00',
      '#IB 0 1511 0.00',
      '#UB 0 1511 0.00',
      '#IB 0 1512 0.00',
      '#UB 0 1512 180.00',
      '#IB 0 1900 0.00',
      '#UB 0 1900 0.00',
      '#IB 0 1930 0.00',
      '#UB 0 1930 0.00',
      '#IB 0 2091 0.00',
      '#UB 0 2091 0.00',
      '#IB 0 2099 0.00',
      '#UB 0 2099 0.00',
      '#IB 0 2890 -1000.00',
      '#UB 0 2890 -8950.00',
      '#IB 0 2990 0.00',
      '#UB 0 2990 0.00',
      '#RES 0 3010 -180.00',
      '#RES 0 3740 0.00',
      '#RES 0 6570 0.00',
      '#RES 0 8310 0.00',
      '#RES 0 8999 0.00',
      '#VER A 1 20261120 "Fordran F-1001" 20261120',
      '{',
      '   #TRANS 1510 {} 7950.00',
      '   #TRANS 2890 {} -7950.00',
      '}',
      '#VER A 2 20261121 "Avgift \\"Inkasso\\" F-1001" 20261122',
      '{',
      '   #TRANS 1512 {} 180.00',
      '   #TRANS 3010 {} -180.00',
      '}',
    ]);
  });

  it('ends every line with CRLF and encodes as CP437 (#FORMAT PC8) with åäö intact', () => {
    const text = writeSie4(file);
    expect(text.endsWith('}\r\n')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(sieLines(file).length + 1);
    const bytes = encodeCp437(text);
    // 'ä' is 0x84 and 'ö' 0x94 in CP437 (not UTF-8's two bytes, not Latin-1's 0xE4/0xF6).
    expect(bytes).toContain(0x84);
    expect(bytes).toContain(0x94);
    expect(bytes).not.toContain(0xe4);
    expect(decodeCp437(bytes)).toContain('#KONTO 8310 "Ränteintäkter"');
    // The en dash of the account names has no CP437 byte: it becomes a hyphen, not '?'.
    expect(decodeCp437(bytes)).toContain('#KONTO 1510 "Kundfordringar - kapital"');
  });

  it('leaves #ORGNR out when the organisation has no number', () => {
    expect(sieLines({ ...file, org_no: null }).some((line) => line.startsWith('#ORGNR'))).toBe(false);
  });

  it('refuses a voucher that does not balance, an unknown account and a date outside the year', () => {
    const voucher = file.vouchers[0]!;
    const refused = (changed: Partial<SieExport>, code: string) => {
      try {
        sieLines({ ...file, ...changed });
        return false;
      } catch (error) {
        return error instanceof DomainError && error.code === code;
      }
    };
    expect(
      refused(
        {
          vouchers: [
            {
              ...voucher,
              transactions: [
                { account_code: '1510', amountOre: ore(100) },
                { account_code: '2890', amountOre: ore(-99) },
              ],
            },
          ],
        },
        'UNBALANCED_JOURNAL',
      ),
    ).toBe(true);
    expect(refused({ vouchers: [{ ...voucher, transactions: [] }] }, 'UNBALANCED_JOURNAL')).toBe(true);
    expect(
      refused(
        {
          vouchers: [
            {
              ...voucher,
              transactions: [
                { account_code: '9999', amountOre: ore(100) },
                { account_code: '2890', amountOre: ore(-100) },
              ],
            },
          ],
        },
        'UNKNOWN_ACCOUNT',
      ),
    ).toBe(true);
    expect(refused({ vouchers: [{ ...voucher, date: '2027-01-01' }] }, 'INVALID_DATE')).toBe(true);
    expect(refused({ vouchers: [{ ...voucher, series: 'A B' }] }, 'VALIDATION_FAILED')).toBe(true);
    expect(refused({ opening_balances: { '9999': ore(1) } }, 'UNKNOWN_ACCOUNT')).toBe(true);
  });
});

describe('sieText', () => {
  it('quotes, escapes quotes and backslashes, and flattens line breaks', () => {
    expect(sieText('a "b" c\\d')).toBe('"a \\"b\\" c\\\\d"');
    expect(sieText('rad 1\r\nrad 2')).toBe('"rad 1 rad 2"');
  });
});

describe('encodeCp437 / decodeCp437', () => {
  it('maps the Swedish and Western letters exactly', () => {
    const text = 'ÅÄÖåäöéÉüÜ';
    expect([...encodeCp437(text)]).toEqual([0x8f, 0x8e, 0x99, 0x86, 0x84, 0x94, 0x82, 0x90, 0x81, 0x9a]);
    expect(decodeCp437(encodeCp437(text))).toBe(text);
  });

  it('turns typographic dashes and quotes into ASCII and anything else into ?', () => {
    expect(decodeCp437(encodeCp437('a–b—c “d” ’e’ f… €'))).toBe('a-b-c "d" \'e\' f... ?');
  });
});
