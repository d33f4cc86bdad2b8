/** @fordran/store: the drizzle schema, migrations, openStore() and file storage. */
export * from './schema';
export * from './types';
export {
  openStore,
  DEFAULT_MIGRATIONS_FOLDER,
  type OpenStoreOptions,
  type Store,
  type StoreDb,
  type StoreTx,
  type DbOrTx,
  type TransactionBehavior,
} from './open-store';
export { openPgStore, DEFAULT_PG_MIGRATIONS_FOLDER, type OpenPgStoreOptions, type PgStore, type PgStoreDb } from './open-pg-store';
export * as pgSchema from './schema/pg';
export { pgTwin, type PgTwin } from './schema/table';
export * from './files';
export * from './database';
export { isBusyError, retryWhileBusy, type BusyRetryOptions } from './busy';
export { ALL_TABLES, TABLES_BY_NAME } from './tables';
export * from './queries';
export { uuidV7 } from './ids/uuid-v7';
