/*
 * The whole database schema, split by area. drizzle-kit reads this file (drizzle.config.ts) to
 * generate migrations; openStore passes it to drizzle so queries are typed.
 */
export * from './enums';
export * from './auth';
export * from './orgs';
export * from './parties';
export * from './cases';
export * from './rules';
export * from './finance';
export * from './ledger';
export * from './bank';
export * from './communications';
export * from './kfm';
export * from './legal';
export * from './portal';
export * from './system';
export * from './relations';
