import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { kronor, ore } from '../money';
import { allocatePayment } from '../allocation';
import {
  buildAllocationJournal,
  buildClaimRegistrationJournal,
  buildFeeJournal,
  buildInterestJournal,
  findLedgerAccount,
  ledgerAccountBalance,
  ledgerCaseOpenBalances,
  SEED_LEDGER_ACCOUNTS,
  signedAccountBalanceOre,
  trialBalance,
} from '.';

const refs = { case_id: 'case-1', creditor_id: 'cred-1', booked_at: '2026-03-01' };

// The demo case of spec part 2 §9: invoice 7 950 kr, fees 60 + 180 kr, interest 120 kr, payment 2 000 kr.
const demoJournals = [
  buildClaimRegistrationJournal({ ...refs, principalOre: kronor(7950), source_ref: 'claim-1' }),
  buildFeeJournal({ ...refs, amountOre: kronor(60), fee_code: 'REMINDER_60', source_ref: 'cf-1' }),
  buildFeeJournal({ ...refs, amountOre: kronor(180), fee_code: 'COLLECTION_180', source_ref: 'cf-2' }),
  buildInterestJournal({ ...refs, amountOre: kronor(120), source_ref: 'int-1' }),
  buildAllocationJournal(allocatePayment(kronor(2000), { principalOre: kronor(7950), interestOre: kronor(120), feesOre: kronor(240) }), {
    ...refs,
    payment_id: 'pay-1',
  }),
];
const demoEntries = demoJournals.flatMap((journal) => journal.lines);

describe('trialBalance', () => {
  it('lists every account with debit, credit and the balance signed by type', () => {
    const result = trialBalance(demoEntries, SEED_LEDGER_ACCOUNTS);
    expect(result.rows.map((row) => [row.account_code, row.debitOre, row.creditOre, row.balanceOre])).toEqual([
      ['1510', kronor(7950), kronor(1640), kronor(6310)],
      ['1511', kronor(120), kronor(120), 0],
      ['1512', kronor(240), kronor(240), 0],
      ['1900', kronor(2000), 0, kronor(2000)],
      ['1930', 0, 0, 0],
      ['2091', 0, 0, 0],
      ['2099', 0, 0, 0],
      ['2890', 0, kronor(7950), kronor(7950)],
      ['2990', 0, 0, 0],
      ['3010', 0, kronor(240), kronor(240)],
      ['3740', 0, 0, 0],
      ['6570', 0, 0, 0],
      ['8310', 0, kronor(120), kronor(120)],
      ['8999', 0, 0, 0],
    ]);
    expect(result.total_debitOre).toBe(kronor(10310));
    expect(result.total_creditOre).toBe(kronor(10310));
    expect(result.is_balanced).toBe(true);
  });

  it('flags an unbalanced set of entries', () => {
    const result = trialBalance([{ account_code: '1900', debitOre: ore(1), creditOre: ore(0) }], SEED_LEDGER_ACCOUNTS);
    expect(result.is_balanced).toBe(false);
  });

  it('shows an inactive account only when it has entries', () => {
    const accounts = SEED_LEDGER_ACCOUNTS.map((a) => (a.code === '1930' || a.code === '2990' ? { ...a, is_active: false } : a));
    const entries = [
      { account_code: '2990', debitOre: ore(5), creditOre: ore(0) },
      { account_code: '1900', debitOre: ore(0), creditOre: ore(5) },
    ];
    const codes = trialBalance(entries, accounts).rows.map((row) => row.account_code);
    expect(codes).toContain('2990');
    expect(codes).not.toContain('1930');
  });

  it('refuses entries on accounts outside the chart', () => {
    expect(() => trialBalance([{ account_code: '4010', debitOre: ore(1), creditOre: ore(0) }], SEED_LEDGER_ACCOUNTS)).toThrow(DomainError);
  });
});

describe('account balances', () => {
  it.each([
    ['asset', 500, 100, 400],
    ['expense', 500, 100, 400],
    ['liability', 100, 500, 400],
    ['equity', 100, 500, 400],
    ['income', 500, 100, -400],
  ] as const)('a %s account with debit %i and credit %i has balance %i', (type, debitOre, creditOre, expected) => {
    expect(signedAccountBalanceOre(type, ore(debitOre), ore(creditOre))).toBe(expected);
  });

  it('sums one account over the entries', () => {
    expect(ledgerAccountBalance(demoEntries, findLedgerAccount(SEED_LEDGER_ACCOUNTS, '1900'))).toBe(kronor(2000));
    expect(ledgerAccountBalance(demoEntries, findLedgerAccount(SEED_LEDGER_ACCOUNTS, '2890'))).toBe(kronor(7950));
  });

  it('reads a case’s open balances from the receivable accounts', () => {
    expect(ledgerCaseOpenBalances(demoEntries, 'case-1')).toEqual({ principalOre: kronor(6310), interestOre: 0, feesOre: 0 });
    expect(ledgerCaseOpenBalances(demoEntries, 'case-2')).toEqual({ principalOre: 0, interestOre: 0, feesOre: 0 });
  });
});
