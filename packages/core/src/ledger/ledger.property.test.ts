import { describe, it } from 'vitest';
import fc from 'fast-check';
import { DomainError } from '../errors';
import { ore } from '../money';
import { allocatePayment } from '../allocation';
import {
  assertJournalBalanced,
  buildAllocationJournal,
  buildClaimRegistrationJournal,
  buildFeeJournal,
  buildInterestAccrualJournal,
  buildInterestJournal,
  buildUnallocatedPaymentJournal,
  buildUnallocatedTransferJournal,
  ledgerCaseOpenBalances,
  reverseJournal,
  SEED_LEDGER_ACCOUNTS,
  trialBalance,
  type LedgerJournal,
  type LedgerJournalLine,
} from '.';
import { positiveOreArb, recentIsoDateArb } from '../../test/arbitraries';
import { journalArb } from '../../test/arbitraries-ledger';
import { allocationOrderArb, allocationSplitArb, anyPaymentArb, coveredPaymentArb } from '../../test/arbitraries-allocation';

const caseRefsArb = fc.record({
  case_id: fc.constantFrom('case-1', 'case-2'),
  booked_at: recentIsoDateArb,
  payment_id: fc.string({ minLength: 1, maxLength: 8 }),
  source_ref: fc.string({ minLength: 1, maxLength: 8 }),
});

/** Any journal any builder can produce from valid input. */
const builtJournalArb: fc.Arbitrary<LedgerJournal> = fc.oneof(
  fc.tuple(allocationSplitArb, caseRefsArb).map(([split, refs]) => buildAllocationJournal(split, refs)),
  fc
    .tuple(
      allocationSplitArb.filter((s) => s.principalOre + s.interestOre + s.feesOre > 0),
      caseRefsArb,
    )
    .map(([split, refs]) => buildUnallocatedTransferJournal(split, refs)),
  fc.tuple(positiveOreArb, caseRefsArb).map(([amountOre, refs]) => buildFeeJournal({ ...refs, amountOre, fee_code: 'COLLECTION_180' })),
  fc.tuple(positiveOreArb, caseRefsArb).map(([amountOre, refs]) => buildInterestJournal({ ...refs, amountOre })),
  fc.tuple(positiveOreArb, caseRefsArb).map(([amountOre, refs]) => buildUnallocatedPaymentJournal({ ...refs, amountOre })),
  fc
    .tuple(
      fc.array(
        fc.tuple(fc.constantFrom('case-1', 'case-2', 'case-3'), fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: -50_000, max: 50_000 })),
        { maxLength: 6 },
      ),
      positiveOreArb,
      caseRefsArb,
    )
    .map(([changes, first, refs]) =>
      buildInterestAccrualJournal({
        ...refs,
        accruals: [
          { case_id: 'case-0', amountOre: first },
          ...changes.map(([case_id, amount, reclassified]) => ({ case_id, amountOre: ore(amount), reclassifiedOre: ore(reclassified) })),
        ],
      }),
    ),
  fc.tuple(positiveOreArb, caseRefsArb).map(([principalOre, refs]) => buildClaimRegistrationJournal({ ...refs, principalOre })),
);

function sums(lines: readonly LedgerJournalLine[]): { debit: number; credit: number } {
  return { debit: lines.reduce((a, l) => a + l.debitOre, 0), credit: lines.reduce((a, l) => a + l.creditOre, 0) };
}

function refusesAsUnbalanced(journal: LedgerJournal): boolean {
  try {
    assertJournalBalanced(journal);
    return false;
  } catch (error) {
    return error instanceof DomainError && error.code === 'UNBALANCED_JOURNAL';
  }
}

describe('ledger properties', () => {
  it('every journal any builder produces balances, with one positive side per line', () => {
    fc.assert(
      fc.property(builtJournalArb, (journal) => {
        const { debit, credit } = sums(journal.lines);
        const linesOk = journal.lines.every((l) => l.debitOre > 0 !== l.creditOre > 0 && l.debitOre >= 0 && l.creditOre >= 0);
        return journal.lines.length >= 2 && debit === credit && linesOk;
      }),
    );
  });

  it('reversing a journal twice gives the original', () => {
    fc.assert(fc.property(journalArb, (journal) => JSON.stringify(reverseJournal(reverseJournal(journal))) === JSON.stringify(journal)));
  });

  it('a journal plus its reversal nets every account and every case to zero', () => {
    fc.assert(
      fc.property(fc.oneof(journalArb, builtJournalArb), (journal) => {
        const lines = [...journal.lines, ...reverseJournal(journal, { source: 'reversal' }).lines];
        const net = new Map<string, number>();
        for (const l of lines) {
          const key = `${l.account_code}|${l.case_id ?? ''}`;
          net.set(key, (net.get(key) ?? 0) + l.debitOre - l.creditOre);
        }
        return [...net.values()].every((value) => value === 0) && trialBalance(lines, SEED_LEDGER_ACCOUNTS).rows.every((row) => row.balanceOre === 0);
      }),
    );
  });

  it('the trial balance of any set of balanced journals has equal debit and credit totals', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(journalArb, builtJournalArb), { maxLength: 12 }), (journals) => {
        const result = trialBalance(
          journals.flatMap((j) => j.lines),
          SEED_LEDGER_ACCOUNTS,
        );
        const raw = sums(journals.flatMap((j) => j.lines));
        return result.is_balanced && result.total_debitOre === result.total_creditOre && result.total_debitOre === raw.debit;
      }),
    );
  });

  it('in a trial balance, debit-normal balances equal credit-normal balances', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(journalArb, builtJournalArb), { maxLength: 12 }), (journals) => {
        const rows = trialBalance(
          journals.flatMap((j) => j.lines),
          SEED_LEDGER_ACCOUNTS,
        ).rows;
        const debitSide = rows.filter((r) => r.type === 'asset' || r.type === 'expense').reduce((a, r) => a + r.balanceOre, 0);
        const creditSide = rows.filter((r) => r.type !== 'asset' && r.type !== 'expense').reduce((a, r) => a + r.balanceOre, 0);
        return debitSide === creditSide;
      }),
    );
  });

  it('a journal with one line moved by one öre is refused as unbalanced', () => {
    fc.assert(
      fc.property(journalArb, fc.nat(), (journal, pick) => {
        const index = pick % journal.lines.length;
        const lines = journal.lines.map((l, i) =>
          i !== index ? l : l.debitOre > 0 ? { ...l, debitOre: ore(l.debitOre + 1) } : { ...l, creditOre: ore(l.creditOre + 1) },
        );
        return refusesAsUnbalanced({ ...journal, lines });
      }),
    );
  });

  it('an allocation journal debits 1900 with the payment and credits each receivable with its part', () => {
    fc.assert(
      fc.property(anyPaymentArb, allocationOrderArb, caseRefsArb, ({ balances, paymentOre }, order, refs) => {
        const split = allocatePayment(paymentOre, balances, { order, mode: 'import' });
        const journal = buildAllocationJournal(split, refs);
        const on = (code: string) => journal.lines.filter((l) => l.account_code === code);
        const creditOn = (code: string) => on(code).reduce((a, l) => a + l.creditOre, 0);
        return (
          on('1900').length === 1 &&
          on('1900')[0]!.debitOre === paymentOre &&
          creditOn('1510') === split.principalOre &&
          creditOn('1511') === split.interestOre &&
          creditOn('1512') === split.feesOre &&
          creditOn('2990') === split.remainderOre &&
          journal.lines.every((l) => l.debitOre + l.creditOre > 0)
        );
      }),
    );
  });

  it('after claim, fee, interest and allocation journals the ledger holds the balances left unpaid', () => {
    fc.assert(
      fc.property(coveredPaymentArb, allocationOrderArb, ({ balances, paymentOre }, order) => {
        const refs = { case_id: 'case-1', booked_at: '2026-03-01', source_ref: 'r' };
        const journals = [
          ...(balances.principalOre > 0 ? [buildClaimRegistrationJournal({ ...refs, principalOre: balances.principalOre })] : []),
          ...(balances.interestOre > 0 ? [buildInterestJournal({ ...refs, amountOre: balances.interestOre })] : []),
          ...(balances.feesOre > 0 ? [buildFeeJournal({ ...refs, amountOre: balances.feesOre, fee_code: 'F' })] : []),
        ];
        const split = allocatePayment(paymentOre, balances, { order });
        journals.push(buildAllocationJournal(split, { ...refs, payment_id: 'p' }));
        const open = ledgerCaseOpenBalances(
          journals.flatMap((j) => j.lines),
          'case-1',
        );
        return (
          open.principalOre === balances.principalOre - split.principalOre &&
          open.interestOre === balances.interestOre - split.interestOre &&
          open.feesOre === balances.feesOre - split.feesOre
        );
      }),
    );
  });
});
