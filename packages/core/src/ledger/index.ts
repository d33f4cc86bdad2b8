/** Double-entry ledger: BAS chart of accounts, journals as plain data, postings, trial balance. */
export * from './chart-of-accounts';
export * from './journal';
export * from './journal-builders';
export * from './trial-balance';
