/*
 * The ledger's codes the API sends, with their Swedish names (also read by the browser through
 * `@fordran/core/labels`: plain data only).
 */

/**
 * Account types (spec part 2 §3 gl_accounts.type). The type decides on which side a balance is
 * normal: assets and expenses grow with debits, the others with credits (style guideline 6).
 */
export const LEDGER_ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type LedgerAccountType = (typeof LEDGER_ACCOUNT_TYPES)[number];

export const LEDGER_ACCOUNT_TYPE_LABELS: Readonly<Record<LedgerAccountType, string>> = {
  asset: 'Tillgång',
  liability: 'Skuld',
  equity: 'Eget kapital',
  income: 'Intäkt',
  expense: 'Kostnad',
};

/** What caused a journal (gl_journals.source). The spec names `payment` (part 2 §7). */
export const LEDGER_JOURNAL_SOURCES = [
  'payment',
  'unallocated_payment',
  'unallocated_transfer',
  'fee',
  'interest',
  'claim',
  'reversal',
  'bank_fee',
  'bank_adjustment',
  'court_fee',
] as const;
export type LedgerJournalSource = (typeof LEDGER_JOURNAL_SOURCES)[number];

/** The journal list's badges and filter, and the texts of the SIE export's verifikationer. */
export const LEDGER_JOURNAL_SOURCE_LABELS: Readonly<Record<LedgerJournalSource, string>> = {
  payment: 'Inbetalning',
  unallocated_payment: 'Ej avräknad inbetalning',
  unallocated_transfer: 'Omföring',
  fee: 'Avgift',
  interest: 'Ränta',
  claim: 'Fordran',
  reversal: 'Rättelse',
  bank_fee: 'Bankavgift',
  bank_adjustment: 'Justering vid bankavstämning',
  court_fee: 'Ansökningsavgift tingsrätt',
};

/** Journal statuses: the spec writes posted; a reversed journal stays, its reversal is a new one. */
export const LEDGER_JOURNAL_STATUSES = ['draft', 'posted', 'reversed'] as const;
export type LedgerJournalStatus = (typeof LEDGER_JOURNAL_STATUSES)[number];

export const LEDGER_JOURNAL_STATUS_LABELS: Readonly<Record<LedgerJournalStatus, string>> = {
  draft: 'Utkast',
  posted: 'Bokförd',
  reversed: 'Återförd',
};
