import { DomainError } from '../errors';
import { isOre, ore, sumOre, type Ore } from '../money';
import type { IsoDate } from '../dates';
import type { LedgerAccount } from './chart-of-accounts';
import type { LedgerJournalSource } from './ledger-codes';

/** One side of a posting (gl_entries): exactly one of debit/credit is > 0, in öre. */
export interface LedgerJournalLine {
  account_code: string;
  debitOre: Ore;
  creditOre: Ore;
  case_id?: string;
  creditor_id?: string;
}

/**
 * A journal as plain data (gl_journals + its gl_entries). Immutable once built: corrections are
 * new journals (a reversal, then the right booking), never edits (style guideline 6).
 */
export interface LedgerJournal {
  source: LedgerJournalSource;
  /** Id of what caused it (payment id, case fee id, …). */
  source_ref: string;
  /** Accounting date. */
  booked_at: IsoDate;
  /** JSON-ready context (spec part 2 §7: case_id and the allocation). */
  meta: Readonly<Record<string, unknown>>;
  lines: readonly LedgerJournalLine[];
}

export interface LedgerJournalTotals {
  debitOre: Ore;
  creditOre: Ore;
}

function unbalanced(reason: string, details: Record<string, unknown>): DomainError {
  return new DomainError('UNBALANCED_JOURNAL', undefined, { reason, ...details });
}

/**
 * Σ debit and Σ credit of a journal's lines, in öre.
 * @example ledgerJournalTotals(journal) // { debitOre: 200000, creditOre: 200000 }
 */
export function ledgerJournalTotals(journal: Pick<LedgerJournal, 'lines'>): LedgerJournalTotals {
  return {
    debitOre: sumOre(journal.lines.map((line) => line.debitOre)),
    creditOre: sumOre(journal.lines.map((line) => line.creditOre)),
  };
}

/**
 * Throws UNBALANCED_JOURNAL (details.reason says why) unless the journal has lines, every line
 * moves a positive whole-öre amount on exactly one side, and Σ debit = Σ credit. Builders call it
 * before returning; the store calls it again right before the insert (style guideline 6).
 * A line with neither debit nor credit is refused too: it books nothing and hides mistakes.
 * @example assertJournalBalanced(buildFeeJournal({ ... })) // returns the journal unchanged
 */
export function assertJournalBalanced<J extends Pick<LedgerJournal, 'lines'>>(journal: J): J {
  if (journal.lines.length === 0) throw unbalanced('no_lines', {});
  journal.lines.forEach((line, index) => {
    if (typeof line.account_code !== 'string' || line.account_code.trim() === '') {
      throw unbalanced('missing_account', { line_index: index });
    }
    if (!isOre(line.debitOre) || !isOre(line.creditOre)) throw unbalanced('not_whole_ore', { line_index: index });
    if (line.debitOre < 0 || line.creditOre < 0) throw unbalanced('negative_amount', { line_index: index });
    if (line.debitOre > 0 && line.creditOre > 0) throw unbalanced('debit_and_credit', { line_index: index });
    if (line.debitOre === 0 && line.creditOre === 0) throw unbalanced('empty_line', { line_index: index });
  });
  const totals = ledgerJournalTotals(journal);
  if (totals.debitOre !== totals.creditOre) {
    throw unbalanced('sums_differ', { debitOre: totals.debitOre, creditOre: totals.creditOre });
  }
  return journal;
}

/**
 * Throws UNKNOWN_ACCOUNT when a line books on an account that is missing from the chart or
 * inactive (gl_accounts.is_active = false: no new postings).
 * @example assertJournalAccountsKnown(journal, SEED_LEDGER_ACCOUNTS)
 */
export function assertJournalAccountsKnown<J extends Pick<LedgerJournal, 'lines'>>(journal: J, accounts: readonly LedgerAccount[]): J {
  for (const line of journal.lines) {
    const account = accounts.find((candidate) => candidate.code === line.account_code);
    if (!account || !account.is_active) {
      throw new DomainError('UNKNOWN_ACCOUNT', `Okänt konto: ${line.account_code}`, {
        code: line.account_code,
        is_active: account?.is_active,
      });
    }
  }
  return journal;
}

/** What may differ on a reversal journal; everything else is copied from the original. */
export interface ReverseJournalOverrides {
  source?: LedgerJournalSource;
  source_ref?: string;
  booked_at?: IsoDate;
  meta?: Readonly<Record<string, unknown>>;
}

function reverseLine(line: LedgerJournalLine): LedgerJournalLine {
  return { ...line, debitOre: ore(line.creditOre), creditOre: ore(line.debitOre) };
}

/**
 * The journal that undoes `journal`: every line with debit and credit swapped, lines in reverse
 * order (Formance `Reverse()`), derived rather than hand-written so it cannot drift. Without
 * overrides it is an involution (reversing twice gives the original); services pass
 * `{ source: 'reversal', source_ref: <original journal id>, booked_at: today }`.
 * @example reverseJournal(journal, { source: 'reversal', source_ref: 'j-17', booked_at: '2026-03-01' })
 */
export function reverseJournal(journal: LedgerJournal, overrides: ReverseJournalOverrides = {}): LedgerJournal {
  assertJournalBalanced(journal);
  const reversed: LedgerJournal = {
    source: overrides.source ?? journal.source,
    source_ref: overrides.source_ref ?? journal.source_ref,
    booked_at: overrides.booked_at ?? journal.booked_at,
    meta: overrides.meta ?? journal.meta,
    lines: [...journal.lines].reverse().map(reverseLine),
  };
  return assertJournalBalanced(reversed);
}
