import { describe, expect, it } from 'vitest';
import { ore } from '../money';
import { parseBankFile } from './bank-file';
import { writeBgMax } from './bgmax-writer';
import { reconcileStatement, statementFileFacts, type BookedStatementPayment, type StatementFileFacts, type StatementFileTransaction } from './reconcile';

const tx = (
  transaction_id: string,
  line: number,
  amount: number,
  paid_at = '2026-11-19',
  kind: StatementFileTransaction['kind'] = 'payment',
): StatementFileTransaction => ({
  transaction_id,
  line,
  kind,
  amountOre: ore(amount),
  currency: 'SEK',
  paid_at,
  payer_name: null,
  reference: null,
});

const booked = (transaction_id: string, amount: number, paid_at = '2026-11-19', is_on_statement = true): BookedStatementPayment => ({
  payment_id: `p-${transaction_id}`,
  transaction_id,
  amountOre: ore(amount),
  paid_at,
  is_on_statement,
});

const file: StatementFileFacts = {
  transactions: [tx('t1', 3, 795000), tx('t2', 9, 140000), tx('t3', 15, -50000, '2026-11-19', 'deduction')],
  total_creditsOre: ore(935000),
  balances: [],
  errors: [],
};

describe('reconcileStatement', () => {
  it('is reconciled when every payment is booked with its amount and date and the sums agree', () => {
    const result = reconcileStatement(file, [booked('t1', 795000), booked('t2', 140000)]);
    expect(result).toMatchObject({ status: 'reconciled', differences: [], total_creditsOre: 935000, total_bookedOre: 935000 });
    expect(result.lines.map((line) => line.status)).toEqual(['matched', 'matched', 'not_compared']);
  });

  it('counts a transaction booked from another statement (a duplicate skipped on import) as booked', () => {
    expect(reconcileStatement(file, [booked('t1', 795000, '2026-11-19', false), booked('t2', 140000)]).status).toBe('reconciled');
  });

  it('names a transaction without a booking, with its line, and the sum that no longer agrees', () => {
    const result = reconcileStatement(file, [booked('t1', 795000)]);
    expect(result.status).toBe('mismatch');
    expect(result.differences).toEqual([
      {
        code: 'TRANSACTION_NOT_BOOKED',
        message: 'Transaktionen i filen saknar bokförd betalning',
        line: 9,
        transaction_id: 't2',
        expectedOre: 140000,
        expected_date: '2026-11-19',
      },
      { code: 'TOTAL_CREDITS_DIFFER', message: 'Summan av bokförda betalningar stämmer inte med filens insättningar', expectedOre: 935000, actualOre: 795000 },
    ]);
    expect(result.lines[1]).toMatchObject({ status: 'missing', booking: null });
  });

  it('names a booking whose amount or date differs from the file', () => {
    const result = reconcileStatement(file, [booked('t1', 795001), booked('t2', 140000, '2026-11-20')]);
    expect(result.differences.map((d) => [d.code, d.line, d.payment_id, d.expectedOre ?? d.expected_date, d.actualOre ?? d.actual_date])).toEqual([
      ['AMOUNT_DIFFERS', 3, 'p-t1', 795000, 795001],
      ['DATE_DIFFERS', 9, 'p-t2', '2026-11-19', '2026-11-20'],
      ['TOTAL_CREDITS_DIFFER', undefined, undefined, 935000, 935001],
    ]);
    expect(result.lines.map((line) => line.status)).toEqual(['differs', 'differs', 'not_compared']);
  });

  it('names a payment booked on the statement that the file does not hold', () => {
    const result = reconcileStatement(file, [booked('t1', 795000), booked('t2', 140000), booked('t9', 100)]);
    expect(result.differences.map((d) => d.code)).toEqual(['BOOKING_NOT_IN_FILE', 'TOTAL_CREDITS_DIFFER']);
    expect(result.differences[0]).toMatchObject({ payment_id: 'p-t9', transaction_id: 't9', actualOre: 100 });
    expect(result.unexpected_bookings.map((b) => b.payment_id)).toEqual(['p-t9']);
  });

  it('reports a camt balance that does not add up and the parser’s error findings', () => {
    const result = reconcileStatement(
      {
        ...file,
        balances: [
          {
            line: 8,
            statement_id: 'S1',
            status: 'mismatch',
            openingOre: ore(10000000),
            closingOre: ore(10864501),
            creditsOre: ore(964500),
            debitsOre: ore(100000),
            balances: [],
          },
        ],
        errors: [{ severity: 'error', code: 'BANK_FILE_TOTALS_MISMATCH', message: 'Summor eller antal i bankfilen stämmer inte', line: 17 }],
      },
      [booked('t1', 795000), booked('t2', 140000)],
    );
    expect(result.differences).toEqual([
      {
        code: 'BALANCE_MISMATCH',
        message: 'Ingående saldo plus insättningar minus uttag stämmer inte med utgående saldo',
        line: 8,
        expectedOre: 10864500,
        actualOre: 10864501,
      },
      { code: 'FILE_ERROR', message: 'Summor eller antal i bankfilen stämmer inte', finding_code: 'BANK_FILE_TOTALS_MISMATCH', line: 17 },
    ]);
  });

  it('reads a real BgMax file: deductions are listed, not compared', async () => {
    const text = writeBgMax({
      timestamp: '20261120060512000123',
      sections: [
        {
          recipient_bankgiro: '9912346',
          account: '58410000010098',
          paid_at: '2026-11-19',
          deposit_serial: 74,
          payments: [
            { amountOre: ore(795000), bgc_serial: '1', reference: '100000199' },
            { amountOre: ore(-50000), bgc_serial: '2' },
            { amountOre: ore(12345), bgc_serial: '3', reference: 'Faktura 12' },
          ],
        },
      ],
    });
    const facts = statementFileFacts(await parseBankFile(text));
    expect(facts.transactions.map((t) => [t.kind, t.amountOre])).toEqual([
      ['payment', 795000],
      ['deduction', -50000],
      ['payment', 12345],
    ]);
    expect(facts.total_creditsOre).toBe(807345);
    const bookings = facts.transactions.filter((t) => t.kind === 'payment').map((t) => booked(t.transaction_id, t.amountOre, t.paid_at));
    expect(reconcileStatement(facts, bookings).status).toBe('reconciled');
  });
});
