// Swedish names of journal sources and account types in the ledger views.
import type { LedgerAccountType } from '../../api/ledger';

export const JOURNAL_SOURCE_LABELS: Readonly<Record<string, string>> = {
  payment: 'Inbetalning',
  unallocated_payment: 'Ej avräknad inbetalning',
  unallocated_transfer: 'Omföring',
  fee: 'Avgift',
  interest: 'Ränta',
  claim: 'Fordran',
  reversal: 'Rättelse',
  bank_fee: 'Bankavgift',
  bank_adjustment: 'Justering vid bankavstämning',
};

export const JOURNAL_SOURCE_COLORS: Readonly<Record<string, 'green' | 'amber' | 'blue' | 'indigo' | 'gray' | 'red' | 'cyan'>> = {
  payment: 'green',
  unallocated_payment: 'amber',
  unallocated_transfer: 'cyan',
  fee: 'indigo',
  interest: 'blue',
  claim: 'gray',
  reversal: 'red',
  bank_fee: 'amber',
  bank_adjustment: 'amber',
};

export const ACCOUNT_TYPE_LABELS: Readonly<Record<LedgerAccountType, string>> = {
  asset: 'Tillgång',
  liability: 'Skuld',
  equity: 'Eget kapital',
  income: 'Intäkt',
  expense: 'Kostnad',
};

/** A source's Swedish name, or the source itself when it is new to the UI. */
export function journalSourceLabel(source: string): string {
  return JOURNAL_SOURCE_LABELS[source] ?? source;
}
