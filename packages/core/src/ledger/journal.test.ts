import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { kronor, ore } from '../money';
import {
  assertJournalAccountsKnown,
  assertJournalBalanced,
  ledgerJournalTotals,
  reverseJournal,
  SEED_LEDGER_ACCOUNTS,
  type LedgerJournal,
  type LedgerJournalLine,
} from '.';

function line(account_code: string, debitOre: number, creditOre: number): LedgerJournalLine {
  return { account_code, debitOre: debitOre as never, creditOre: creditOre as never };
}

function journalOf(lines: LedgerJournalLine[]): LedgerJournal {
  return { source: 'fee', source_ref: 'cf-1', booked_at: '2026-03-01', meta: {}, lines };
}

function failure(action: () => unknown): { code?: string; reason?: unknown } {
  try {
    action();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, reason: (error.details as { reason?: unknown } | undefined)?.reason };
  }
  return {};
}

describe('assertJournalBalanced', () => {
  it('accepts a balanced journal and returns it', () => {
    const journal = journalOf([line('1512', 18000, 0), line('3010', 0, 18000)]);
    expect(assertJournalBalanced(journal)).toBe(journal);
    expect(ledgerJournalTotals(journal)).toEqual({ debitOre: 18000, creditOre: 18000 });
  });

  it.each<[string, LedgerJournalLine[], string]>([
    ['no lines', [], 'no_lines'],
    ['sums differ by one öre', [line('1512', 18000, 0), line('3010', 0, 17999)], 'sums_differ'],
    ['debit only', [line('1900', 100, 0)], 'sums_differ'],
    ['a line with debit and credit', [line('1900', 100, 100)], 'debit_and_credit'],
    ['a negative debit', [line('1900', -100, 0), line('1510', 0, -100)], 'negative_amount'],
    ['a negative amount that still sums', [line('1900', 0, -100), line('1510', -100, 0)], 'negative_amount'],
    ['a fractional amount', [line('1900', 0.5, 0), line('1510', 0, 0.5)], 'not_whole_ore'],
    ['a line that moves nothing', [line('1900', 100, 0), line('1510', 0, 100), line('1511', 0, 0)], 'empty_line'],
    ['a line without account', [line('', 100, 0), line('1510', 0, 100)], 'missing_account'],
  ])('refuses %s', (_name, lines, reason) => {
    expect(failure(() => assertJournalBalanced(journalOf(lines)))).toEqual({ code: 'UNBALANCED_JOURNAL', reason });
  });

  it('speaks Swedish', () => {
    expect(() => assertJournalBalanced(journalOf([]))).toThrow('Verifikationen balanserar inte');
  });
});

describe('assertJournalAccountsKnown', () => {
  it('accepts seed accounts and refuses unknown or inactive ones', () => {
    const journal = journalOf([line('1512', 100, 0), line('3010', 0, 100)]);
    expect(assertJournalAccountsKnown(journal, SEED_LEDGER_ACCOUNTS)).toBe(journal);
    expect(failure(() => assertJournalAccountsKnown(journalOf([line('4010', 100, 0)]), SEED_LEDGER_ACCOUNTS)).code).toBe('UNKNOWN_ACCOUNT');
    const inactive = SEED_LEDGER_ACCOUNTS.map((account) => (account.code === '3010' ? { ...account, is_active: false } : account));
    expect(failure(() => assertJournalAccountsKnown(journal, inactive)).code).toBe('UNKNOWN_ACCOUNT');
  });
});

describe('reverseJournal', () => {
  const original: LedgerJournal = {
    source: 'payment',
    source_ref: 'pay-1',
    booked_at: '2026-03-01',
    meta: { case_id: 'case-1' },
    lines: [
      { account_code: '1900', debitOre: kronor(2000), creditOre: ore(0), case_id: 'case-1' },
      { account_code: '1510', debitOre: ore(0), creditOre: kronor(1640), case_id: 'case-1' },
      { account_code: '1512', debitOre: ore(0), creditOre: kronor(360), case_id: 'case-1' },
    ],
  };

  it('swaps debit and credit and reverses the line order', () => {
    expect(reverseJournal(original).lines).toEqual([
      { account_code: '1512', debitOre: kronor(360), creditOre: 0, case_id: 'case-1' },
      { account_code: '1510', debitOre: kronor(1640), creditOre: 0, case_id: 'case-1' },
      { account_code: '1900', debitOre: 0, creditOre: kronor(2000), case_id: 'case-1' },
    ]);
  });

  it('takes the reversal metadata from the overrides and leaves the original untouched', () => {
    const reversal = reverseJournal(original, { source: 'reversal', source_ref: 'journal-17', booked_at: '2026-03-05' });
    expect(reversal).toMatchObject({ source: 'reversal', source_ref: 'journal-17', booked_at: '2026-03-05', meta: { case_id: 'case-1' } });
    expect(original.lines[0]!.debitOre).toBe(kronor(2000));
  });

  it('refuses to reverse an unbalanced journal', () => {
    expect(failure(() => reverseJournal(journalOf([line('1900', 1, 0)]))).code).toBe('UNBALANCED_JOURNAL');
  });
});
