/**
 * @fordran/store: the drizzle schema, migrations, the engine-neutral store (`openSqliteDatabase`,
 * `openPostgresDatabase`), every query of the services (./queries) and file storage. `openStore` is
 * the raw synchronous SQLite connection underneath, for tools and tests that need SQLite itself.
 */
export * from './schema';
export * from './types';
export { openStore, DEFAULT_MIGRATIONS_FOLDER, type OpenStoreOptions, type Store } from './open-store';
export { openPgStore, DEFAULT_PG_MIGRATIONS_FOLDER, type OpenPgStoreOptions, type PgStore, type PgStoreDb } from './open-pg-store';
export * as pgSchema from './schema/pg';
export { pgTwin, type PgTwin } from './schema/table';
export * from './files';
export * from './database';
export { driverError, isBusyError, retryWhileBusy, type BusyRetryOptions } from './busy';
export { ALL_TABLES, TABLES_BY_NAME } from './tables';
export * from './queries';
export { uuidV7 } from './ids/uuid-v7';
export * from './copy';
