/** Double-entry ledger: BAS chart of accounts, journals as plain data, postings, trial balance, SIE 4 export. */
export * from './ledger-codes';
export * from './chart-of-accounts';
export * from './journal';
export * from './journal-builders';
export * from './trial-balance';
export * from './sie';
export * from './cp437';
export * from './sie-year';
