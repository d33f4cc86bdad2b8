import { count, getTableName } from 'drizzle-orm';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { openSqliteDatabase, type SqliteDatabase } from '../database';
import { organisations, users } from '../schema';
import { buildFixtures } from '../../test/fixtures';
import { uuidV7 } from '../ids/uuid-v7';
import { TENANT_TABLES_CHILDREN_FIRST, deleteOrganisationData } from './organisation-data';

async function insertAll(database: SqliteDatabase, rows = buildFixtures()) {
  await database.transaction(async (tx) => {
    // organisations ↔ interest_profiles reference each other: check at COMMIT.
    database.sqlite.pragma('defer_foreign_keys = ON');
    for (const { table, row } of rows) await tx.insert(table).values(row);
  });
  return rows;
}

async function countRows(database: SqliteDatabase, table: SQLiteTable): Promise<number> {
  return (await database.db.select({ n: count() }).from(table))[0]!.n;
}

describe('deleteOrganisationData', () => {
  it('orders every tenant table before the tenant tables it references', () => {
    const position = new Map(TENANT_TABLES_CHILDREN_FIRST.map((t, i) => [t, i]));
    for (const table of TENANT_TABLES_CHILDREN_FIRST) {
      for (const fk of getTableConfig(table).foreignKeys) {
        const target = fk.reference().foreignTable;
        if (target === table || !position.has(target as never)) continue;
        expect(position.get(table)!, `${getTableName(table)} → ${getTableName(target)}`).toBeLessThan(position.get(target as never)!);
      }
    }
  });

  it('removes one organisation completely and leaves users and other organisations alone', async () => {
    const database = openSqliteDatabase(':memory:');
    const rows = await insertAll(database);
    const orgId = rows.find((f) => f.table === organisations)!.row.id as string;
    await database.transaction((tx) => tx.insert(organisations).values({ id: uuidV7(), name: 'Annan AB' }));

    const deleted = await database.transaction((tx) => deleteOrganisationData(tx, orgId));
    expect(deleted.organisations).toBe(1);
    expect(deleted.cases).toBe(1);
    for (const table of TENANT_TABLES_CHILDREN_FIRST) expect(await countRows(database, table), getTableName(table)).toBe(0);
    expect(await countRows(database, organisations)).toBe(1);
    expect(await countRows(database, users)).toBe(1);
    expect(database.sqlite.pragma('foreign_key_check')).toEqual([]);
    await database.close();
  });
});
