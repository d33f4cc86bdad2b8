export { engineOf, type Database, type Db, type Engine, type TransactionOptions } from './database';
export { openSqliteDatabase, type SqliteDatabase } from './sqlite';
export { afterCommit } from './transaction-scope';
export { openPostgresDatabase, type PostgresDatabase } from './postgres';
export { describeLocation, migrateDatabase, openDatabase, type DatabaseLocation, type MigrationResult } from './location';
export { LISTENER_APPLICATION_NAME, type Channel } from './pg-channels';
