/*
 * The whole database schema, split by area, each table written once for both engines: the area
 * files define tables with `table()` (./table.ts) from column kinds (./columns.ts), each kind a
 * pair of drizzle builders (SQLite, PostgreSQL) with the same name, nullability and defaults.
 * This module exports the SQLite tables, exactly typed as before: drizzle-kit reads it
 * (drizzle.config.ts) to generate the SQLite migrations, and openStore passes it to drizzle. Their
 * PostgreSQL twins are exported by ./pg.ts (drizzle.pg.config.ts, openPgStore). Why each kind maps
 * as it does: ./columns.ts and docs/architecture.md ("packages/store: one schema, two engines").
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
export * from './template-qa';
export * from './dunning';
export * from './prescription';
export * from './kfm';
export * from './legal';
export * from './portal';
export * from './system';
export * from './relations';
