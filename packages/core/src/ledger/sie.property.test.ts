import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SEED_LEDGER_ACCOUNTS } from './chart-of-accounts';
import { decodeCp437, encodeCp437 } from './cp437';
import { sieTransactionsOf, writeSie4, type SieExport, type SieVoucher } from './sie';
import { journalArb } from '../../test/arbitraries-ledger';

/** Reads the #VER blocks of an SIE text back: each voucher's transaction amounts in öre. */
function readVouchers(text: string): number[][] {
  const vouchers: number[][] = [];
  let current: number[] | null = null;
  for (const line of text.split('\r\n')) {
    if (line.startsWith('#VER ')) current = [];
    else if (line === '}' && current) {
      vouchers.push(current);
      current = null;
    } else if (current && line.trim().startsWith('#TRANS ')) {
      const amount = line.trim().split(' ')[3]!;
      const [whole, fraction] = amount.replace('-', '').split('.');
      current.push((amount.startsWith('-') ? -1 : 1) * (Number(whole) * 100 + Number(fraction)));
    }
  }
  return vouchers;
}

function balanceLines(text: string, label: '#IB' | '#UB' | '#RES'): number {
  return text
    .split('\r\n')
    .filter((line) => line.startsWith(`${label} `))
    .map((line) => {
      const amount = line.split(' ')[3]!;
      const [whole, fraction] = amount.replace('-', '').split('.');
      return (amount.startsWith('-') ? -1 : 1) * (Number(whole) * 100 + Number(fraction));
    })
    .reduce((a, b) => a + b, 0);
}

const fileArb: fc.Arbitrary<SieExport> = fc.array(journalArb, { maxLength: 12 }).map((journals) => ({
  program: { name: 'Fordran', version: '0.1.0' },
  generated_on: '2027-01-05',
  company_name: 'Åkesson & Östberg Inkasso AB',
  org_no: '556036-0793',
  fiscal_year: { start: '2019-01-01', end: '2026-12-31' },
  accounts: SEED_LEDGER_ACCOUNTS,
  opening_balances: {},
  vouchers: journals.map((journal, index): SieVoucher => ({
    series: 'A',
    number: index + 1,
    date: journal.booked_at,
    text: `${journal.source} ${journal.source_ref}`,
    registered_on: journal.booked_at,
    transactions: sieTransactionsOf(journal.lines),
  })),
}));

describe('SIE 4 properties', () => {
  it('every #VER of an exported ledger balances, and there is one per journal', () => {
    fc.assert(
      fc.property(fileArb, (file) => {
        const vouchers = readVouchers(decodeCp437(encodeCp437(writeSie4(file))));
        expect(vouchers).toHaveLength(file.vouchers.length);
        for (const amounts of vouchers) {
          expect(amounts.length).toBeGreaterThan(0);
          expect(amounts.reduce((a, b) => a + b, 0)).toBe(0);
        }
      }),
    );
  });

  it('the closing balances and the result add up to the opening balances (the year moves money, never makes it)', () => {
    fc.assert(
      fc.property(fileArb, (file) => {
        const text = writeSie4(file);
        expect(balanceLines(text, '#UB') + balanceLines(text, '#RES')).toBe(balanceLines(text, '#IB'));
      }),
    );
  });

  it('the CP437 bytes decode to the same text (nothing a Swedish ledger writes is lost)', () => {
    fc.assert(
      fc.property(fileArb, (file) => {
        const text = writeSie4(file).replace(/–/g, '-');
        expect(decodeCp437(encodeCp437(text))).toBe(text);
      }),
    );
  });
});
