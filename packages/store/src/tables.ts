import { getTableName, is } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from './schema';

/** Every table of the schema, in schema-file order (system validation counts rows in them). */
export const ALL_TABLES: readonly SQLiteTable[] = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));

/** SQL name → table, e.g. `TABLES_BY_NAME.get('cases')`. */
export const TABLES_BY_NAME: ReadonlyMap<string, SQLiteTable> = new Map(ALL_TABLES.map((table) => [getTableName(table), table]));
