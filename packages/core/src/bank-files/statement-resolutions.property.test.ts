import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ore, subOre, sumOre, type Ore } from '../money';
import { addDays } from '../dates';
import { BANK_ADJUSTMENT_ACCOUNT_CODES, buildBankDifferenceJournal, LEDGER_ACCOUNT_CODES, ledgerJournalTotals, reverseJournal } from '../ledger';
import {
  reconcileStatement,
  type BookedStatementPayment,
  type StatementFileFacts,
  type StatementFileTransaction,
  type StatementReconciliationDifference,
} from './reconcile';
import {
  differenceAmountOre,
  rankStatementPaymentCandidates,
  STATEMENT_RESOLUTION_KINDS,
  statementDifferenceKey,
  statementResolutionActions,
  type StatementResolution,
  type StatementResolutionKind,
} from './statement-resolutions';
import { recentIsoDateArb } from '../../test/arbitraries';

/*
 * Resolving differences (docs/bank-files.md "Resolving differences"): for any file and bookings, a
 * person who takes an allowed action on every difference reconciles the statement; leaving any
 * one out keeps it a mismatch; every journal booked balances; the file's figures never change.
 */

const amountArb = fc.integer({ min: 100, max: 5_000_000 }).map(ore);

/** How a payment of the file stands in the books. */
const BOOKING_FATES = ['exact', 'amount', 'date', 'both', 'missing', 'missing_loose', 'missing_loose_near'] as const;
type BookingFate = (typeof BOOKING_FATES)[number];

interface Scenario {
  file: StatementFileFacts;
  bookings: BookedStatementPayment[];
}

const rowArb = fc.record({
  id: fc.string({ minLength: 1, maxLength: 8 }),
  amountOre: amountArb,
  paid_at: recentIsoDateArb,
  deduction: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  fate: fc.constantFrom<BookingFate>(...BOOKING_FATES),
  delta: fc.integer({ min: 1, max: 5000 }),
  sign: fc.boolean(),
});

/**
 * A file and the books beside it: each payment booked exactly, with another amount or date, not
 * at all, or not at all but with a payment registered by hand (no bank transaction) of the same
 * or a near amount; extra bookings on the statement; the file's total may disagree with its
 * lines; a camt balance may not add up; the file may have an error finding.
 */
const scenarioArb: fc.Arbitrary<Scenario> = fc
  .record({
    rows: fc.uniqueArray(rowArb, { minLength: 1, maxLength: 12, selector: (row) => row.id }),
    extras: fc.array(fc.record({ amountOre: amountArb, paid_at: recentIsoDateArb }), { maxLength: 3 }),
    creditsNoise: fc.oneof(fc.constant(0), fc.integer({ min: -5000, max: 5000 })),
    balanceMismatch: fc.boolean(),
    fileError: fc.boolean(),
  })
  .map(({ rows, extras, creditsNoise, balanceMismatch, fileError }) => {
    const transactions: StatementFileTransaction[] = rows.map((row, index) => ({
      transaction_id: `t-${row.id}`,
      line: index + 2,
      kind: row.deduction ? 'deduction' : 'payment',
      amountOre: row.deduction ? ore(-row.amountOre) : row.amountOre,
      currency: 'SEK',
      paid_at: row.paid_at,
      payer_name: null,
      reference: `ref-${row.id}`,
    }));
    const bookings: BookedStatementPayment[] = [];
    rows.forEach((row, index) => {
      const transaction = transactions[index]!;
      if (transaction.kind !== 'payment') return;
      const delta = row.sign ? row.delta : -Math.min(row.delta, row.amountOre - 1);
      const booked = (amountOre: Ore, paid_at = row.paid_at): BookedStatementPayment => ({
        payment_id: `p-${row.id}`,
        transaction_id: transaction.transaction_id,
        amountOre,
        paid_at,
        is_on_statement: true,
      });
      const loose = (amountOre: Ore): BookedStatementPayment => ({
        payment_id: `manual-${row.id}`,
        transaction_id: null,
        amountOre,
        paid_at: addDays(row.paid_at, row.delta % 5),
        is_on_statement: false,
      });
      if (row.fate === 'exact') bookings.push(booked(row.amountOre));
      if (row.fate === 'amount') bookings.push(booked(ore(row.amountOre + delta)));
      if (row.fate === 'date') bookings.push(booked(row.amountOre, addDays(row.paid_at, 1 + (row.delta % 20))));
      if (row.fate === 'both') bookings.push(booked(ore(row.amountOre + delta), addDays(row.paid_at, -1 - (row.delta % 20))));
      if (row.fate === 'missing_loose') bookings.push(loose(row.amountOre));
      if (row.fate === 'missing_loose_near') bookings.push(loose(ore(row.amountOre + Math.trunc(delta / 100))));
    });
    extras.forEach((extra, index) =>
      bookings.push({ payment_id: `extra-${index}`, transaction_id: `x-${index}`, amountOre: extra.amountOre, paid_at: extra.paid_at, is_on_statement: true }),
    );
    const credits = sumOre(transactions.filter((t) => t.kind === 'payment').map((t) => t.amountOre));
    const file: StatementFileFacts = {
      transactions,
      total_creditsOre: ore(credits + creditsNoise),
      balances: balanceMismatch
        ? [
            {
              line: 1,
              statement_id: 'S1',
              status: 'mismatch',
              openingOre: ore(100000),
              closingOre: ore(100001),
              creditsOre: credits,
              debitsOre: ore(0),
              balances: [],
            },
          ]
        : [],
      errors: fileError ? [{ severity: 'error', code: 'BANK_FILE_TOTALS_MISMATCH', message: 'Summor eller antal i bankfilen stämmer inte', line: 99 }] : [],
    };
    return { file, bookings };
  });

/** The resolution a person takes on a difference with `kind` (a match picks the best candidate, if any). */
function resolutionFor(
  scenario: Scenario,
  difference: StatementReconciliationDifference,
  kind: StatementResolutionKind,
  taken: readonly StatementResolution[],
): StatementResolution | null {
  const difference_key = statementDifferenceKey(difference);
  switch (kind) {
    case 'match_payment': {
      const line = scenario.file.transactions.find((t) => t.transaction_id === difference.transaction_id)!;
      const used = new Set(taken.map((resolution) => resolution.payment_id));
      const free = scenario.bookings
        .filter((b) => b.transaction_id === null && !used.has(b.payment_id))
        .map((b) => ({ payment_id: b.payment_id, amountOre: b.amountOre, paid_at: b.paid_at, ocr: null, reference: null }));
      const best = rankStatementPaymentCandidates(line, free)[0];
      return best ? { kind, difference_key, transaction_id: line.transaction_id, payment_id: best.candidate.payment_id } : null;
    }
    case 'bank_fee':
    case 'adjustment':
      return { kind, difference_key, amountOre: differenceAmountOre(difference) };
    case 'other_account':
      return difference.code === 'BOOKING_NOT_IN_FILE'
        ? { kind, difference_key, payment_id: difference.payment_id! }
        : { kind, difference_key, transaction_id: difference.transaction_id! };
    case 'acknowledge':
      return { kind, difference_key };
  }
}

/** Takes an allowed action on an open difference until none is left (`picks` chooses among the allowed ones). */
function resolveEverything(scenario: Scenario, picks: readonly number[]): StatementResolution[] {
  const resolutions: StatementResolution[] = [];
  for (let step = 0; step < 200; step += 1) {
    const { differences } = reconcileStatement(scenario.file, scenario.bookings, resolutions);
    if (differences.length === 0) return resolutions;
    const difference = differences.find((candidate) => statementResolutionActions(candidate, differences).length > 0);
    expect(difference, `an open difference offers an action: ${JSON.stringify(differences.map((d) => d.code))}`).toBeDefined();
    const actions = statementResolutionActions(difference!, differences);
    const ordered = [...actions.slice(picks[step % picks.length]! % actions.length), ...actions];
    const resolution = ordered.map((kind) => resolutionFor(scenario, difference!, kind, resolutions)).find((candidate) => candidate !== null);
    resolutions.push(resolution!);
  }
  throw new Error('resolving did not end');
}

const picksArb = fc.array(fc.nat(), { minLength: 1, maxLength: 20 });

describe('resolving reconciliation differences (properties)', () => {
  it('an allowed action on every difference reconciles the statement, with the totals accounting for what was booked or set aside', () => {
    fc.assert(
      fc.property(scenarioArb, picksArb, (scenario, picks) => {
        const resolutions = resolveEverything(scenario, picks);
        const result = reconcileStatement(scenario.file, scenario.bookings, resolutions);
        expect(result.status).toBe('reconciled');
        expect(result.differences).toEqual([]);
        expect(subOre(result.total_creditsOre, result.excluded_creditsOre)).toBe(result.total_bookedOre + result.adjustmentsOre);
        // Every decision answers a difference: none is taken for nothing.
        expect(new Set(result.resolved.map((pair) => pair.resolution))).toEqual(new Set(resolutions));
      }),
    );
  });

  it('leaving any one difference unresolved keeps the statement a mismatch', () => {
    fc.assert(
      fc.property(
        scenarioArb.filter((scenario) => reconcileStatement(scenario.file, scenario.bookings).status === 'mismatch'),
        picksArb,
        fc.nat(),
        (scenario, picks, pick) => {
          const resolutions = resolveEverything(scenario, picks);
          const left = resolutions[pick % resolutions.length]!;
          const result = reconcileStatement(
            scenario.file,
            scenario.bookings,
            resolutions.filter((resolution) => resolution !== left),
          );
          expect(result.status).toBe('mismatch');
          expect(result.resolved.map((pair) => pair.resolution)).not.toContain(left);
        },
      ),
    );
  });

  it('every fee or adjustment a person books is a balanced journal against 1900, on the side of the difference, undone by its reversal', () => {
    fc.assert(
      fc.property(scenarioArb, picksArb, (scenario, picks) => {
        for (const resolution of resolveEverything(scenario, picks)) {
          if (resolution.kind !== 'bank_fee' && resolution.kind !== 'adjustment') continue;
          for (const counter_account of BANK_ADJUSTMENT_ACCOUNT_CODES) {
            const journal = buildBankDifferenceJournal({
              kind: resolution.kind,
              differenceOre: resolution.amountOre!,
              counter_account,
              source_ref: 'r',
              bank_statement_id: 's',
              text: 'Skäl',
              booked_at: '2026-11-25',
            });
            const totals = ledgerJournalTotals(journal);
            expect(totals.debitOre).toBe(totals.creditOre);
            expect(totals.debitOre).toBe(Math.abs(resolution.amountOre!));
            const clientFunds = journal.lines.find((line) => line.account_code === LEDGER_ACCOUNT_CODES.clientFunds)!;
            expect(clientFunds.debitOre - clientFunds.creditOre).toBe(resolution.amountOre);
            const net = new Map<string, number>();
            for (const line of [...journal.lines, ...reverseJournal(journal).lines]) {
              net.set(line.account_code, (net.get(line.account_code) ?? 0) + line.debitOre - line.creditOre);
            }
            expect([...net.values()].every((value) => value === 0)).toBe(true);
          }
        }
      }),
    );
  });

  it("resolutions never change the file's own figures, whatever they say", () => {
    const anyResolutionArb = fc.record({
      kind: fc.constantFrom(...STATEMENT_RESOLUTION_KINDS),
      difference_key: fc.string(),
      transaction_id: fc.option(fc.string({ maxLength: 4 }).map((id) => `t-${id}`)),
      payment_id: fc.option(fc.string({ maxLength: 4 }).map((id) => `p-${id}`)),
      amountOre: fc.option(fc.integer({ min: -100000, max: 100000 }).map(ore)),
    });
    fc.assert(
      fc.property(scenarioArb, fc.array(anyResolutionArb, { maxLength: 8 }), picksArb, (scenario, noise, picks) => {
        const before = structuredClone(scenario.file);
        for (const resolutions of [noise, resolveEverything(scenario, picks)]) {
          const result = reconcileStatement(scenario.file, scenario.bookings, resolutions);
          expect(result.total_creditsOre).toBe(before.total_creditsOre);
          expect(result.lines.map((line) => line.transaction)).toEqual(before.transactions);
          expect(scenario.file).toEqual(before);
        }
      }),
    );
  });
});
