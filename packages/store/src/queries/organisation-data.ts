import { count, eq, getTableName } from 'drizzle-orm';
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { organisations } from '../schema';
import { ALL_TABLES } from '../tables';
import { orderParentsFirst } from '../table-order';
import type { Db } from '../database';

/**
 * Tenant tables ordered so that every table comes before the tables it references: deleting in
 * this order never trips a foreign key (a case's events go before the case, the case before its
 * claim and creditor). Derived from the schema, so a new table is ordered without a hand list.
 */
export const TENANT_TABLES_CHILDREN_FIRST: readonly SQLiteTable[] = orderParentsFirst(
  ALL_TABLES.filter((table) => table !== organisations && getTableConfig(table).columns.some((c) => c.name === 'org_id')),
)
  .map(({ table }) => table)
  .reverse();

/**
 * Deletes every row of one organisation from every tenant table, then the organisation itself.
 * Returns the number of rows deleted per table. Run it inside a transaction.
 */
export async function deleteOrganisationData(tx: Db, orgId: string): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  // Self-references and cross-references inside one organisation (e.g. organisations →
  // interest profile, a journal reversing another) are cut first so the ordered deletes succeed.
  await tx.update(organisations).set({ default_interest_profile_id: null }).where(eq(organisations.id, orgId));
  for (const table of TENANT_TABLES_CHILDREN_FIRST) {
    const orgColumn = (table as unknown as Record<string, SQLiteColumn>).org_id!;
    // Counted in the same transaction rather than returned: an organisation may have many rows.
    const rows = (await tx.select({ n: count() }).from(table).where(eq(orgColumn, orgId)))[0]?.n ?? 0;
    if (rows === 0) continue;
    await tx.delete(table).where(eq(orgColumn, orgId));
    deleted[getTableName(table)] = rows;
  }
  const org = await tx.delete(organisations).where(eq(organisations.id, orgId)).returning({ id: organisations.id });
  if (org.length > 0) deleted.organisations = org.length;
  return deleted;
}
