// The ledger views' badges: a colour per journal source; the Swedish names are core's.
import { LEDGER_JOURNAL_SOURCE_LABELS, type LedgerJournalSource } from '@fordran/core/labels';

export const JOURNAL_SOURCE_COLORS: Readonly<Record<LedgerJournalSource, 'green' | 'amber' | 'blue' | 'indigo' | 'gray' | 'red' | 'cyan'>> = {
  payment: 'green',
  unallocated_payment: 'amber',
  unallocated_transfer: 'cyan',
  fee: 'indigo',
  interest: 'blue',
  claim: 'gray',
  reversal: 'red',
  bank_fee: 'amber',
  bank_adjustment: 'amber',
  court_fee: 'indigo',
};

/** A source's badge colour; gray for a source new to the UI. */
export function journalSourceColor(source: string) {
  return JOURNAL_SOURCE_COLORS[source as LedgerJournalSource] ?? 'gray';
}

/** A source's Swedish name, or the source itself when it is new to the UI. */
export function journalSourceLabel(source: string): string {
  return LEDGER_JOURNAL_SOURCE_LABELS[source as LedgerJournalSource] ?? source;
}
