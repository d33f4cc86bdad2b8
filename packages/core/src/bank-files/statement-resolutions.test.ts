import { describe, expect, it } from 'vitest';
import { ore } from '../money';
import type { DomainError } from '../errors';
import { buildBankDifferenceJournal } from '../ledger';
import { reconcileStatement, type BookedStatementPayment, type StatementFileFacts } from './reconcile';
import {
  assertResolutionAllowed,
  rankStatementPaymentCandidates,
  statementDifferenceKey,
  statementMatchAmountRange,
  statementResolutionActions,
  statementResolutionNote,
} from './statement-resolutions';

/** The demo's re-sent BgMax copy: line 3 says 2 978,92 where 2 878,92 was booked from the first file. */
const file: StatementFileFacts = {
  transactions: [
    {
      transaction_id: 'bgmax:1',
      line: 3,
      kind: 'payment',
      amountOre: ore(297892),
      currency: 'SEK',
      paid_at: '2026-11-25',
      payer_name: 'Anna Andersson',
      reference: '100000199',
    },
    { transaction_id: 'bgmax:2', line: 5, kind: 'payment', amountOre: ore(50000), currency: 'SEK', paid_at: '2026-11-25', payer_name: null, reference: '7' },
  ],
  total_creditsOre: ore(347892),
  balances: [],
  errors: [],
};

const booked = (payment_id: string, transaction_id: string | null, amount: number, is_on_statement = false): BookedStatementPayment => ({
  payment_id,
  transaction_id,
  amountOre: ore(amount),
  paid_at: '2026-11-25',
  is_on_statement,
});

describe('reconcileStatement with resolutions', () => {
  const books = [booked('p1', 'bgmax:1', 287892), booked('p2', 'bgmax:2', 50000)];

  it('a bank fee booked for an amount that differs answers it and the total agrees with the fee counted', () => {
    const before = reconcileStatement(file, books);
    expect(before.differences.map((d) => [d.code, d.expectedOre, d.actualOre])).toEqual([
      ['AMOUNT_DIFFERS', 297892, 287892],
      ['TOTAL_CREDITS_DIFFER', 347892, 337892],
    ]);
    const key = statementDifferenceKey(before.differences[0]!);
    expect(key).toBe('AMOUNT_DIFFERS|3|bgmax:1');
    const fee = { kind: 'bank_fee' as const, difference_key: key, amountOre: ore(10000) };
    const after = reconcileStatement(file, books, [fee]);
    expect(after).toMatchObject({ status: 'reconciled', differences: [], total_creditsOre: 347892, total_bookedOre: 337892, adjustmentsOre: 10000 });
    expect(after.resolved).toEqual([{ difference: before.differences[0], resolution: fee }]);
  });

  it('a fee of another amount than the difference answers nothing and still counts in the total', () => {
    const result = reconcileStatement(file, books, [{ kind: 'bank_fee', difference_key: 'AMOUNT_DIFFERS|3|bgmax:1', amountOre: ore(4000) }]);
    expect(result.differences.map((d) => [d.code, d.expectedOre, d.actualOre])).toEqual([
      ['AMOUNT_DIFFERS', 297892, 287892],
      ['TOTAL_CREDITS_DIFFER', 347892, 341892],
    ]);
    expect(result.resolved).toEqual([]);
  });

  it('an acknowledgement never answers a difference of money', () => {
    const result = reconcileStatement(file, books, [{ kind: 'acknowledge', difference_key: 'AMOUNT_DIFFERS|3|bgmax:1' }]);
    expect(result.differences.map((d) => d.code)).toEqual(['AMOUNT_DIFFERS', 'TOTAL_CREDITS_DIFFER']);
  });

  it('a line linked to a payment registered by hand compares with it', () => {
    const manual = booked('m1', null, 50000);
    const missing = reconcileStatement(file, [books[0]!, manual]);
    expect(missing.differences.map((d) => d.code)).toEqual(['AMOUNT_DIFFERS', 'TRANSACTION_NOT_BOOKED', 'TOTAL_CREDITS_DIFFER']);
    const match = { kind: 'match_payment' as const, difference_key: 'TRANSACTION_NOT_BOOKED|5|bgmax:2', transaction_id: 'bgmax:2', payment_id: 'm1' };
    const linked = reconcileStatement(file, [books[0]!, manual], [match]);
    expect(linked.lines[1]).toMatchObject({ status: 'matched', booking: { payment_id: 'm1' } });
    expect(linked.differences.map((d) => d.code)).toEqual(['AMOUNT_DIFFERS', 'TOTAL_CREDITS_DIFFER']);
    expect(linked.resolved.map((pair) => [pair.difference.code, pair.resolution.kind])).toEqual([['TRANSACTION_NOT_BOOKED', 'match_payment']]);
    // A payment linked to another transaction since is not the line's.
    const elsewhere = reconcileStatement(file, [books[0]!, { ...manual, transaction_id: 'camt:9' }], [match]);
    expect(elsewhere.lines[1]!.status).toBe('missing');
  });

  it("a line set aside as another account's is neither compared nor in the credits compared; the file's total stays the file's", () => {
    const result = reconcileStatement(
      file,
      [books[0]!],
      [
        { kind: 'other_account', difference_key: 'TRANSACTION_NOT_BOOKED|5|bgmax:2', transaction_id: 'bgmax:2' },
        { kind: 'bank_fee', difference_key: 'AMOUNT_DIFFERS|3|bgmax:1', amountOre: ore(10000) },
      ],
    );
    expect(result).toMatchObject({ status: 'reconciled', total_creditsOre: 347892, excluded_creditsOre: 50000, total_bookedOre: 287892 });
    expect(result.lines.map((line) => line.status)).toEqual(['differs', 'excluded']);
  });

  it("a booking set aside as another account's is not counted as booked here", () => {
    const result = reconcileStatement(
      file,
      [...books.map((b) => ({ ...b, is_on_statement: true })), booked('p9', 'camt:9', 1200, true)],
      [
        { kind: 'other_account', difference_key: 'BOOKING_NOT_IN_FILE||p9', payment_id: 'p9' },
        { kind: 'adjustment', difference_key: 'AMOUNT_DIFFERS|3|bgmax:1', amountOre: ore(10000) },
      ],
    );
    expect(result).toMatchObject({ status: 'reconciled', unexpected_bookings: [], total_bookedOre: 337892 });
  });

  it('a fee on the total answers it only while the total agrees with it', () => {
    const short = { ...file, total_creditsOre: ore(347000) };
    const exact = [booked('p1', 'bgmax:1', 297892), booked('p2', 'bgmax:2', 50000)];
    const total = reconcileStatement(short, exact).differences[0]!;
    expect([total.code, total.expectedOre, total.actualOre]).toEqual(['TOTAL_CREDITS_DIFFER', 347000, 347892]);
    const fee = { kind: 'bank_fee' as const, difference_key: statementDifferenceKey(total), amountOre: ore(-892) };
    expect(reconcileStatement(short, exact, [fee])).toMatchObject({ status: 'reconciled', resolved: [{ difference: total, resolution: fee }] });
    // The bookings change later: the total differs again, by what the fee does not cover.
    const later = reconcileStatement(short, [exact[0]!, booked('p2', 'bgmax:2', 50100)], [fee]);
    expect(later.differences.map((d) => [d.code, d.expectedOre, d.actualOre])).toEqual([
      ['AMOUNT_DIFFERS', 50000, 50100],
      ['TOTAL_CREDITS_DIFFER', 347000, 347100],
    ]);
  });
});

describe('the actions a difference offers', () => {
  it.each([
    ['TRANSACTION_NOT_BOOKED', ['match_payment', 'other_account']],
    ['AMOUNT_DIFFERS', ['bank_fee', 'adjustment']],
    ['BOOKING_NOT_IN_FILE', ['other_account']],
    ['DATE_DIFFERS', ['acknowledge']],
    ['BALANCE_MISMATCH', ['acknowledge']],
    ['FILE_ERROR', ['acknowledge']],
    ['TOTAL_CREDITS_DIFFER', ['bank_fee', 'adjustment']],
    ['TRANSACTION_HELD', []],
    ['FILE_MISSING', []],
    ['FILE_CHECKSUM_DIFFERS', []],
  ])('%s offers %j when it is alone', (code, actions) => {
    expect(statementResolutionActions({ code }, [{ code }])).toEqual(actions);
  });

  it('the total waits for the lines, and says so', () => {
    const open = [{ code: 'AMOUNT_DIFFERS' }, { code: 'DATE_DIFFERS' }, { code: 'TOTAL_CREDITS_DIFFER' }];
    expect(statementResolutionActions({ code: 'TOTAL_CREDITS_DIFFER' }, open)).toEqual([]);
    expect(statementResolutionNote({ code: 'TOTAL_CREDITS_DIFFER' }, open)).toBe('Summan följer av raderna: lös avvikelserna på raderna först.');
    expect(statementResolutionActions({ code: 'TOTAL_CREDITS_DIFFER' }, open.slice(1))).toEqual(['bank_fee', 'adjustment']);
    expect(statementResolutionNote({ code: 'AMOUNT_DIFFERS' }, open)).toBeNull();
  });

  it('refuses an action the difference does not offer, in Swedish', () => {
    const error = (() => {
      try {
        assertResolutionAllowed({ code: 'TRANSACTION_HELD', message: 'Möjlig dubblett' }, [], 'acknowledge');
      } catch (thrown) {
        return thrown as DomainError;
      }
      throw new Error('not refused');
    })();
    expect(error.code).toBe('RESOLUTION_NOT_ALLOWED');
    expect(error.message).toBe(
      'Kvitterad löser inte avvikelsen ”Möjlig dubblett”. Betalningen är hållen som möjlig dubblett: granska den under Inbetalningar.',
    );
    expect(() => assertResolutionAllowed({ code: 'DATE_DIFFERS', message: 'x' }, [], 'acknowledge')).not.toThrow();
  });
});

describe('payments a line may be', () => {
  const line = { amountOre: ore(100000), paid_at: '2026-11-20', reference: '1000 0019 9' };
  const payment = (payment_id: string, amount: number, paid_at: string, ocr: string | null = null) => ({
    payment_id,
    amountOre: ore(amount),
    paid_at,
    ocr,
    reference: null,
  });

  it('offers amounts within 10 %, the same amount first, then the same OCR, then the closest amount and date', () => {
    expect(statementMatchAmountRange(ore(100000))).toEqual({ minOre: 90000, maxOre: 110000 });
    const ranked = rankStatementPaymentCandidates(line, [
      payment('far', 89999, '2026-11-20'),
      payment('near-late', 99000, '2026-11-25'),
      payment('near-ocr', 95000, '2026-11-01', '100000199'),
      payment('exact-late', 100000, '2026-11-30'),
      payment('exact', 100000, '2026-11-19'),
      payment('near', 99000, '2026-11-21'),
    ]);
    expect(ranked.map((r) => [r.candidate.payment_id, r.amount_differenceOre, r.days_apart, r.same_reference])).toEqual([
      ['exact', 0, -1, false],
      ['exact-late', 0, 10, false],
      ['near-ocr', -5000, -19, true],
      ['near', -1000, 1, false],
      ['near-late', -1000, 5, false],
    ]);
  });

  it('gives at most the limit', () => {
    const many = Array.from({ length: 30 }, (_, n) => payment(`p${String(n).padStart(2, '0')}`, 100000, '2026-11-20'));
    expect(rankStatementPaymentCandidates(line, many)).toHaveLength(10);
  });
});

describe('buildBankDifferenceJournal', () => {
  const refs = { source_ref: 'r1', bank_statement_id: 's1', text: 'Bankavgift enligt besked', booked_at: '2026-11-25' };

  it('books a bank charge the bank kept (less on the account) debit 6570, credit 1900', () => {
    const journal = buildBankDifferenceJournal({ ...refs, kind: 'bank_fee', differenceOre: ore(-4500) });
    expect(journal.source).toBe('bank_fee');
    expect(journal.lines.map((l) => [l.account_code, l.debitOre, l.creditOre])).toEqual([
      ['6570', 4500, 0],
      ['1900', 0, 4500],
    ]);
    expect(journal.meta).toMatchObject({ bank_statement_id: 's1', differenceOre: -4500, counter_account: '6570', text: 'Bankavgift enligt besked' });
  });

  it('books more on the account than booked debit 1900 against the adjustment account', () => {
    const journal = buildBankDifferenceJournal({ ...refs, kind: 'adjustment', differenceOre: ore(10000), counter_account: '2990' });
    expect(journal.source).toBe('bank_adjustment');
    expect(journal.lines.map((l) => [l.account_code, l.debitOre, l.creditOre])).toEqual([
      ['1900', 10000, 0],
      ['2990', 0, 10000],
    ]);
  });

  it('refuses another counter account and a difference of 0', () => {
    expect(() => buildBankDifferenceJournal({ ...refs, kind: 'adjustment', differenceOre: ore(100), counter_account: '3010' })).toThrow(
      'Motkontot för en justering måste vara 2990 eller 3740',
    );
    expect(() => buildBankDifferenceJournal({ ...refs, kind: 'bank_fee', differenceOre: ore(0) })).toThrow('En avvikelse på 0 kr bokförs inte');
  });
});
