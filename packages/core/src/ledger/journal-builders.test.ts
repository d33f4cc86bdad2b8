import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { kronor, ore } from '../money';
import { allocatePayment } from '../allocation';
import {
  buildAllocationJournal,
  buildClaimRegistrationJournal,
  buildFeeJournal,
  buildInterestAccrualJournal,
  buildInterestJournal,
  buildUnallocatedPaymentJournal,
  buildUnallocatedTransferJournal,
  type LedgerJournalLine,
} from '.';

const NO = ore(0);

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return undefined;
}

const demoBalances = { principalOre: kronor(7950), interestOre: kronor(120), feesOre: kronor(240) };

describe('buildAllocationJournal (spec part 2 §7)', () => {
  it('debits 1900 with the full amount and credits only the parts above zero', () => {
    const split = allocatePayment(kronor(2000), demoBalances, { order: 'principal_first' });
    const journal = buildAllocationJournal(split, { payment_id: 'pay-1', case_id: 'case-1', creditor_id: 'cred-1', booked_at: '2026-03-01' });
    expect(journal).toEqual({
      source: 'payment',
      source_ref: 'pay-1',
      booked_at: '2026-03-01',
      meta: {
        case_id: 'case-1',
        payment_id: 'pay-1',
        allocation: { principalOre: kronor(2000), interestOre: 0, feesOre: 0, remainderOre: 0 },
      },
      lines: [
        { account_code: '1900', debitOre: kronor(2000), creditOre: NO, case_id: 'case-1', creditor_id: 'cred-1' },
        { account_code: '1510', debitOre: NO, creditOre: kronor(2000), case_id: 'case-1', creditor_id: 'cred-1' },
      ],
    });
  });

  it('credits all three receivables in account order when all parts are positive', () => {
    const split = allocatePayment(kronor(2000), demoBalances, { order: 'costs_first' });
    const lines = buildAllocationJournal(split, { payment_id: 'pay-1', case_id: 'case-1', booked_at: '2026-03-01' }).lines;
    expect(lines.map((l) => [l.account_code, l.debitOre, l.creditOre])).toEqual([
      ['1900', kronor(2000), 0],
      ['1510', 0, kronor(1640)],
      ['1511', 0, kronor(120)],
      ['1512', 0, kronor(240)],
    ]);
    expect(lines.every((l) => l.case_id === 'case-1' && !('creditor_id' in l))).toBe(true);
  });

  it('credits an import-mode over-payment to 2990', () => {
    const split = allocatePayment(kronor(9000), demoBalances, { mode: 'import' });
    const lines = buildAllocationJournal(split, { payment_id: 'pay-2', case_id: 'case-1', booked_at: '2026-03-01' }).lines;
    expect(lines.map((l) => [l.account_code, l.debitOre, l.creditOre])).toEqual([
      ['1900', kronor(9000), 0],
      ['1510', 0, kronor(7950)],
      ['1511', 0, kronor(120)],
      ['1512', 0, kronor(240)],
      ['2990', 0, kronor(690)],
    ]);
  });

  it('keeps its own meta keys over the caller’s', () => {
    const split = allocatePayment(kronor(10), demoBalances);
    const journal = buildAllocationJournal(split, { payment_id: 'p', case_id: 'c', booked_at: '2026-03-01', meta: { case_id: 'x', user: 'u1' } });
    expect(journal.meta).toMatchObject({ case_id: 'c', user: 'u1' });
  });

  it.each<[string, () => unknown, string]>([
    [
      'an empty split',
      () =>
        buildAllocationJournal(
          { principalOre: NO, interestOre: NO, feesOre: NO, remainderOre: NO },
          { payment_id: 'p', case_id: 'c', booked_at: '2026-03-01' },
        ),
      'AMOUNT_NOT_POSITIVE',
    ],
    [
      'a negative part',
      () =>
        buildAllocationJournal(
          { principalOre: ore(200), interestOre: ore(-100), feesOre: NO, remainderOre: NO },
          { payment_id: 'p', case_id: 'c', booked_at: '2026-03-01' },
        ),
      'NEGATIVE_AMOUNT',
    ],
    [
      'a bad booking date',
      () =>
        buildAllocationJournal(
          { principalOre: ore(1), interestOre: NO, feesOre: NO, remainderOre: NO },
          { payment_id: 'p', case_id: 'c', booked_at: '2026-02-30' },
        ),
      'INVALID_DATE',
    ],
  ])('refuses %s', (_name, action, code) => {
    expect(codeOf(action)).toBe(code);
  });
});

function pairs(lines: readonly LedgerJournalLine[]): [string, number, number][] {
  return lines.map((l) => [l.account_code, l.debitOre, l.creditOre]);
}

describe('other builders', () => {
  it('books a fee on 1512 against 3010', () => {
    const journal = buildFeeJournal({ amountOre: kronor(180), fee_code: 'COLLECTION_180', source_ref: 'cf-1', case_id: 'case-1', booked_at: '2026-03-01' });
    expect(journal).toMatchObject({ source: 'fee', source_ref: 'cf-1', meta: { case_id: 'case-1', fee_code: 'COLLECTION_180', amountOre: kronor(180) } });
    expect(pairs(journal.lines)).toEqual([
      ['1512', kronor(180), 0],
      ['3010', 0, kronor(180)],
    ]);
  });

  it('books interest on 1511 against 8310', () => {
    const journal = buildInterestJournal({
      amountOre: ore(5227),
      source_ref: 'case-1:2026-02-28',
      case_id: 'case-1',
      booked_at: '2026-02-28',
      meta: { rate_percent: '10.00' },
    });
    expect(journal).toMatchObject({ source: 'interest', meta: { rate_percent: '10.00', amountOre: 5227 } });
    expect(pairs(journal.lines)).toEqual([
      ['1511', 5227, 0],
      ['8310', 0, 5227],
    ]);
  });

  it('books an interest run per case: up on 1511/8310, down in reverse, unchanged cases left out', () => {
    const journal = buildInterestAccrualJournal({
      source_ref: 'interest-run:2026-11-22',
      booked_at: '2026-11-22',
      accruals: [
        { case_id: 'c1', creditor_id: 'k1', amountOre: ore(5227) },
        { case_id: 'c2', amountOre: ore(0) },
        { case_id: 'c3', amountOre: ore(-120) },
      ],
    });
    expect(journal).toMatchObject({ source: 'interest', meta: { cases: 2, netOre: 5107 } });
    expect(pairs(journal.lines)).toEqual([
      ['1511', 5227, 0],
      ['8310', 0, 5227],
      ['8310', 120, 0],
      ['1511', 0, 120],
    ]);
    expect(journal.lines[0]).toMatchObject({ case_id: 'c1', creditor_id: 'k1' });
  });

  it('moves interest settled beyond what is charged to capital: debit 1511, credit 1510 (and back when negative)', () => {
    const journal = buildInterestAccrualJournal({
      source_ref: 'c1:2026-11-22',
      booked_at: '2026-11-22',
      accruals: [
        { case_id: 'c1', amountOre: ore(-500), reclassifiedOre: ore(300) },
        { case_id: 'c2', amountOre: ore(0), reclassifiedOre: ore(-40) },
      ],
    });
    expect(pairs(journal.lines)).toEqual([
      ['8310', 500, 0],
      ['1511', 0, 500],
      ['1511', 300, 0],
      ['1510', 0, 300],
      ['1510', 40, 0],
      ['1511', 0, 40],
    ]);
    expect(journal.meta).toMatchObject({ cases: 2, netOre: -500 });
  });

  it('refuses an interest run with nothing to book', () => {
    expect(codeOf(() => buildInterestAccrualJournal({ source_ref: 'r', booked_at: '2026-11-22', accruals: [{ case_id: 'c', amountOre: ore(0) }] }))).toBe(
      'UNBALANCED_JOURNAL',
    );
  });

  it('books an unmatched payment on 1900 against 2990, without a case', () => {
    const journal = buildUnallocatedPaymentJournal({ amountOre: kronor(500), payment_id: 'pay-3', booked_at: '2026-03-01' });
    expect(journal.source).toBe('unallocated_payment');
    expect(journal.lines).toEqual([
      { account_code: '1900', debitOre: kronor(500), creditOre: 0 },
      { account_code: '2990', debitOre: 0, creditOre: kronor(500) },
    ]);
  });

  it('moves an unallocated amount to a case, leaving any remainder on 2990', () => {
    const split = allocatePayment(kronor(500), { principalOre: kronor(300), interestOre: kronor(0), feesOre: kronor(60) }, { mode: 'import' });
    const journal = buildUnallocatedTransferJournal(split, { payment_id: 'pay-3', case_id: 'case-2', booked_at: '2026-03-05' });
    expect(journal.source).toBe('unallocated_transfer');
    expect(pairs(journal.lines)).toEqual([
      ['2990', kronor(360), 0],
      ['1510', 0, kronor(300)],
      ['1512', 0, kronor(60)],
    ]);
    expect(journal.meta).toMatchObject({ allocation: { remainderOre: kronor(140) } });
  });

  it('registers a claim on 1510 against 2890', () => {
    const journal = buildClaimRegistrationJournal({
      principalOre: kronor(7950),
      source_ref: 'claim-1',
      case_id: 'case-1',
      creditor_id: 'cred-1',
      booked_at: '2026-01-10',
    });
    expect(pairs(journal.lines)).toEqual([
      ['1510', kronor(7950), 0],
      ['2890', 0, kronor(7950)],
    ]);
    expect(journal.lines.every((l) => l.creditor_id === 'cred-1')).toBe(true);
  });

  it.each<[string, () => unknown]>([
    ['fee of 0', () => buildFeeJournal({ amountOre: NO, fee_code: 'X', source_ref: 'r', case_id: 'c', booked_at: '2026-03-01' })],
    ['negative interest', () => buildInterestJournal({ amountOre: ore(-1), source_ref: 'r', case_id: 'c', booked_at: '2026-03-01' })],
    ['unallocated payment of 0', () => buildUnallocatedPaymentJournal({ amountOre: NO, payment_id: 'p', booked_at: '2026-03-01' })],
    [
      'transfer of only a remainder',
      () =>
        buildUnallocatedTransferJournal(
          { principalOre: NO, interestOre: NO, feesOre: NO, remainderOre: ore(5) },
          { payment_id: 'p', case_id: 'c', booked_at: '2026-03-01' },
        ),
    ],
    ['claim of 0', () => buildClaimRegistrationJournal({ principalOre: NO, source_ref: 'r', case_id: 'c', booked_at: '2026-03-01' })],
  ])('refuses a %s', (_name, action) => {
    expect(codeOf(action)).toBe('AMOUNT_NOT_POSITIVE');
  });
});
