import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ore } from '../money';
import { addDays } from '../dates';
import { parseBankFile } from './bank-file';
import { writeBgMax } from './bgmax-writer';
import { reconcileStatement, statementFileFacts, type BookedStatementPayment, type StatementFileFacts } from './reconcile';
import { positiveOreArb, recentIsoDateArb } from '../../test/arbitraries';
import { bgMaxWriterFileArb } from '../../test/arbitraries-bank-files';

/** A well-formed file: unique transaction ids, payments and deductions, credits = Σ payments. */
const fileArb: fc.Arbitrary<StatementFileFacts> = fc
  .uniqueArray(
    fc.record({
      id: fc.string({ minLength: 1, maxLength: 10 }),
      amount: positiveOreArb,
      paid_at: recentIsoDateArb,
      isDeduction: fc.integer({ min: 0, max: 99 }).map((n) => n < 15),
    }),
    { minLength: 1, maxLength: 25, selector: (t) => t.id },
  )
  .map((rows) => {
    const transactions = rows.map((row, index) => ({
      transaction_id: row.id,
      line: index + 2,
      kind: row.isDeduction ? ('deduction' as const) : ('payment' as const),
      amountOre: row.isDeduction ? ore(-row.amount) : row.amount,
      currency: 'SEK',
      paid_at: row.paid_at,
      payer_name: null,
      reference: null,
    }));
    const credits = transactions.filter((t) => t.kind === 'payment').reduce((sum, t) => sum + t.amountOre, 0);
    return { transactions, total_creditsOre: ore(credits), balances: [], errors: [] };
  });

/** Exactly the bookings an import of the file makes: one payment per incoming transaction. */
function ownBookings(file: StatementFileFacts): BookedStatementPayment[] {
  return file.transactions
    .filter((t) => t.kind === 'payment')
    .map((t) => ({ payment_id: `p-${t.transaction_id}`, transaction_id: t.transaction_id, amountOre: t.amountOre, paid_at: t.paid_at, is_on_statement: true }));
}

const withPaymentArb = fileArb.filter((file) => file.transactions.some((t) => t.kind === 'payment'));

describe('reconciliation properties', () => {
  it('a file reconciled against exactly its own bookings is always reconciled', () => {
    fc.assert(
      fc.property(fileArb, (file) => {
        const result = reconcileStatement(file, ownBookings(file));
        expect(result.differences).toEqual([]);
        expect(result.status).toBe('reconciled');
      }),
    );
  });

  it('removing any booking always gives mismatch naming its transaction', () => {
    fc.assert(
      fc.property(withPaymentArb, fc.nat(), (file, pick) => {
        const bookings = ownBookings(file);
        const removed = bookings[pick % bookings.length]!;
        const result = reconcileStatement(
          file,
          bookings.filter((b) => b !== removed),
        );
        expect(result.status).toBe('mismatch');
        expect(result.differences).toContainEqual(expect.objectContaining({ code: 'TRANSACTION_NOT_BOOKED', transaction_id: removed.transaction_id }));
      }),
    );
  });

  it('altering the amount or date of any booking always gives mismatch naming that booking', () => {
    fc.assert(
      fc.property(withPaymentArb, fc.nat(), fc.integer({ min: 1, max: 1_000_000 }), fc.boolean(), (file, pick, delta, changeAmount) => {
        const bookings = ownBookings(file);
        const index = pick % bookings.length;
        const original = bookings[index]!;
        const altered = changeAmount
          ? { ...original, amountOre: ore(original.amountOre + delta) }
          : { ...original, paid_at: addDays(original.paid_at, 1 + (delta % 30)) };
        const result = reconcileStatement(
          file,
          bookings.map((b, i) => (i === index ? altered : b)),
        );
        expect(result.status).toBe('mismatch');
        expect(result.differences).toContainEqual(
          expect.objectContaining({ code: changeAmount ? 'AMOUNT_DIFFERS' : 'DATE_DIFFERS', payment_id: original.payment_id }),
        );
      }),
    );
  });

  it('an extra booking on the statement always gives mismatch naming it', () => {
    fc.assert(
      fc.property(fileArb, positiveOreArb, (file, amountOre) => {
        const extra: BookedStatementPayment = {
          payment_id: 'p-extra',
          transaction_id: 'not-in-file-\u0000',
          amountOre,
          paid_at: '2026-01-01',
          is_on_statement: true,
        };
        const result = reconcileStatement(file, [...ownBookings(file), extra]);
        expect(result.status).toBe('mismatch');
        expect(result.differences).toContainEqual(expect.objectContaining({ code: 'BOOKING_NOT_IN_FILE', payment_id: 'p-extra' }));
      }),
    );
  });

  it('any valid BgMax file, read back by the parser, reconciles against its own payments', async () => {
    await fc.assert(
      fc.asyncProperty(bgMaxWriterFileArb, async (description) => {
        const facts = statementFileFacts(await parseBankFile(writeBgMax(description)));
        expect(reconcileStatement(facts, ownBookings(facts)).status).toBe('reconciled');
      }),
      { numRuns: 50 },
    );
  });
});
