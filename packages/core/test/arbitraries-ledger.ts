import fc from 'fast-check';
import { ore, type Ore } from '../src/money';
import { SEED_LEDGER_ACCOUNTS, type LedgerJournal, type LedgerJournalLine, type LedgerJournalSource } from '../src/ledger';
import { recentIsoDateArb } from './arbitraries';

const accountCodeArb = fc.constantFrom(...SEED_LEDGER_ACCOUNTS.map((account) => account.code));
const caseIdArb = fc.option(fc.constantFrom('case-1', 'case-2', 'case-3'), { nil: undefined });
const sourceArb = fc.constantFrom<LedgerJournalSource>('payment', 'unallocated_payment', 'unallocated_transfer', 'fee', 'interest', 'claim');

function lineOf(account_code: string, debitOre: Ore, creditOre: Ore, case_id: string | undefined): LedgerJournalLine {
  return { account_code, debitOre, creditOre, ...(case_id !== undefined ? { case_id } : {}) };
}

/** Splits `totalOre` (> 0) into 1..4 positive parts. */
function partsArb(totalOre: number): fc.Arbitrary<number[]> {
  if (totalOre === 1) return fc.constant([1]);
  return fc.uniqueArray(fc.integer({ min: 1, max: totalOre - 1 }), { maxLength: Math.min(3, totalOre - 1) }).map((cuts) => {
    const points = [0, ...cuts.sort((a, b) => a - b), totalOre];
    return points.slice(1).map((point, i) => point - points[i]!);
  });
}

/** Balanced journals with 2..8 lines on seed accounts, lines in any order. */
export const journalArb: fc.Arbitrary<LedgerJournal> = fc
  .array(fc.oneof(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 1_000_000_000 })), { minLength: 1, maxLength: 4 })
  .chain((debitAmounts) => {
    const totalOre = debitAmounts.reduce((a, b) => a + b, 0);
    return fc.record({
      debits: fc.tuple(...debitAmounts.map((amount) => fc.tuple(fc.constant(amount), accountCodeArb, caseIdArb))),
      credits: partsArb(totalOre).chain((parts) => fc.tuple(...parts.map((amount) => fc.tuple(fc.constant(amount), accountCodeArb, caseIdArb)))),
    });
  })
  .chain(({ debits, credits }) => {
    const lines = [
      ...debits.map(([amount, code, caseId]) => lineOf(code, ore(amount), ore(0), caseId)),
      ...credits.map(([amount, code, caseId]) => lineOf(code, ore(0), ore(amount), caseId)),
    ];
    return fc.record({
      source: sourceArb,
      source_ref: fc.string({ minLength: 1, maxLength: 12 }),
      booked_at: recentIsoDateArb,
      meta: fc.constant({}),
      lines: fc.shuffledSubarray(lines, { minLength: lines.length, maxLength: lines.length }),
    });
  });
