import { count, getTableName } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { openStore } from '../open-store';
import { organisations, users } from '../schema';
import { buildFixtures } from '../../test/fixtures';
import { TENANT_TABLES_CHILDREN_FIRST, deleteOrganisationData } from './organisation-data';

function insertAll(store: ReturnType<typeof openStore>, rows = buildFixtures()) {
  store.transaction((tx) => {
    // organisations ↔ interest_profiles reference each other: check at COMMIT.
    store.sqlite.pragma('defer_foreign_keys = ON');
    for (const { table, row } of rows) tx.insert(table).values(row).run();
  });
  return rows;
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

  it('removes one organisation completely and leaves users and other organisations alone', () => {
    const store = openStore(':memory:');
    const rows = insertAll(store);
    const orgId = rows.find((f) => f.table === organisations)!.row.id as string;
    const otherOrg = crypto.randomUUID();
    store.db.insert(organisations).values({ id: otherOrg, name: 'Annan AB' }).run();

    const deleted = store.transaction((tx) => deleteOrganisationData(tx, orgId));
    expect(deleted.organisations).toBe(1);
    expect(deleted.cases).toBe(1);
    for (const table of TENANT_TABLES_CHILDREN_FIRST) {
      expect(store.db.select({ n: count() }).from(table).get()!.n, getTableName(table)).toBe(0);
    }
    expect(store.db.select({ n: count() }).from(organisations).get()!.n).toBe(1);
    expect(store.db.select({ n: count() }).from(users).get()!.n).toBe(1);
    expect(store.sqlite.pragma('foreign_key_check')).toEqual([]);
    store.close();
  });
});
