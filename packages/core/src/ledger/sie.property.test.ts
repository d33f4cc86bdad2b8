import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addOre, subOre, ZERO_ORE, type Ore } from '../money';
import { SEED_LEDGER_ACCOUNTS } from './chart-of-accounts';
import { decodeCp437, encodeCp437 } from './cp437';
import type { LedgerJournal } from './journal';
import { sieTransactionsOf, writeSie4, type SieExport, type SieVoucher } from './sie';
import { sieYearBooks } from './sie-year';
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

/** Each account's amount on the `label` lines, in öre. */
function balancesOf(text: string, label: '#IB' | '#UB' | '#RES'): Map<string, number> {
  const balances = new Map<string, number>();
  for (const line of text.split('\r\n').filter((candidate) => candidate.startsWith(`${label} `))) {
    const [, , code, amount] = line.split(' ') as [string, string, string, string];
    const [whole, fraction] = amount.replace('-', '').split('.');
    balances.set(code, (amount.startsWith('-') ? -1 : 1) * (Number(whole) * 100 + Number(fraction)));
  }
  return balances;
}

function balanceLines(text: string, label: '#IB' | '#UB' | '#RES'): number {
  return [...balancesOf(text, label).values()].reduce((a, b) => a + b, 0);
}

/** Debit − credit per account over the journals booked on days `first`..`last`. */
function balancesWithin(journals: readonly LedgerJournal[], first: string, last: string): Record<string, Ore> {
  const balances: Record<string, Ore> = {};
  for (const journal of journals.filter((candidate) => candidate.booked_at >= first && candidate.booked_at <= last)) {
    for (const line of journal.lines) balances[line.account_code] = addOre(balances[line.account_code] ?? ZERO_ORE, subOre(line.debitOre, line.creditOre));
  }
  return balances;
}

const FIRST_YEAR = 2019;
const LAST_YEAR = 2026;

/** The SIE file of `year` as the service writes it from a ledger, exported on 2027-01-05 (every year has ended). */
function yearFile(journals: readonly LedgerJournal[], year: number): string {
  const start = `${year}-01-01`;
  const end = `${year}-12-31`;
  const books = sieYearBooks({
    year,
    accounts: SEED_LEDGER_ACCOUNTS,
    balancesBefore: balancesWithin(journals, '0000-01-01', `${year - 1}-12-31`),
    previousYearMovements: balancesWithin(journals, `${year - 1}-01-01`, `${year - 1}-12-31`),
    vouchers: journals
      .filter((journal) => journal.booked_at >= start && journal.booked_at <= end)
      .map((journal, index) => ({
        series: 'A',
        number: index + 1,
        date: journal.booked_at,
        text: journal.source,
        registered_on: journal.booked_at,
        transactions: sieTransactionsOf(journal.lines),
      })),
    isYearEnded: true,
  });
  return writeSie4({
    program: { name: 'Fordran', version: '0.1.0' },
    generated_on: '2027-01-05',
    company_name: 'Åkesson & Östberg Inkasso AB',
    org_no: null,
    fiscal_year: { start, end },
    accounts: SEED_LEDGER_ACCOUNTS,
    ...books,
  });
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

  it('every year of a ledger opens balanced (Σ #IB = 0) and opens with the closing balances of the year before (#IB of N+1 = #UB of N)', () => {
    fc.assert(
      fc.property(fc.array(journalArb, { maxLength: 15 }), (journals) => {
        let closing: Map<string, number> | null = null;
        for (let year = FIRST_YEAR; year <= LAST_YEAR; year += 1) {
          const text = yearFile(journals, year);
          const opening = balancesOf(text, '#IB');
          expect(balanceLines(text, '#IB')).toBe(0);
          for (const amounts of readVouchers(text)) expect(amounts.reduce((a, b) => a + b, 0)).toBe(0);
          if (closing) expect(opening).toEqual(closing);
          closing = balancesOf(text, '#UB');
          // A closed year: its result is in 2099, its result accounts sum to zero, its #UB to zero too.
          expect(balanceLines(text, '#RES')).toBe(0);
          expect(balanceLines(text, '#UB')).toBe(0);
        }
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
