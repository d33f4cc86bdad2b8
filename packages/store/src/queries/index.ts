/*
 * Every query of the services, by resource (issue 10): async functions over `Db` that run on both
 * engines (database/database.ts says what that rules out). Read outside a transaction with
 * `database.db`, inside one with its `tx`.
 */
export * from './organisation-data';
export * from './ledger';
export * from './organisations';
export * from './reference-rates';
