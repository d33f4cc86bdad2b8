import { getTableName } from 'drizzle-orm';
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';

/*
 * The order in which tables can be filled (or, reversed, emptied) without tripping a foreign key,
 * derived from the schema so that a new table is ordered without a hand-kept list.
 */

export interface OrderedTable {
  table: SQLiteTable;
  /**
   * Nullable foreign-key columns that point at this table itself or at a table that comes later
   * (the cycle organisations.default_interest_profile_id ↔ interest_profiles.org_id): write them
   * as null first and set them once every table is filled (clear them before emptying).
   */
  deferred: SQLiteColumn[];
}

interface Reference {
  from: SQLiteTable;
  to: SQLiteTable;
  columns: SQLiteColumn[];
}

/**
 * `tables` with every table after the tables it references (references to tables outside the
 * list are ignored). A NOT NULL reference always orders; a nullable one orders unless it closes a
 * cycle, and then its columns are `deferred`.
 * @example for (const { table } of orderParentsFirst(ALL_TABLES)) await tx.insert(table).values(rowsOf(table));
 */
export function orderParentsFirst(tables: readonly SQLiteTable[]): OrderedTable[] {
  const inList = new Set(tables);
  const references: Reference[] = tables.flatMap((from) =>
    getTableConfig(from)
      .foreignKeys.map((fk) => {
        const reference = fk.reference();
        return { from, to: reference.foreignTable as SQLiteTable, columns: reference.columns as SQLiteColumn[] };
      })
      .filter((reference) => inList.has(reference.to)),
  );
  const parents = new Map<SQLiteTable, Set<SQLiteTable>>(tables.map((table) => [table, new Set()]));
  const reaches = (from: SQLiteTable, to: SQLiteTable, seen = new Set<SQLiteTable>()): boolean => {
    if (from === to) return true;
    seen.add(from);
    return [...parents.get(from)!].some((parent) => !seen.has(parent) && reaches(parent, to, seen));
  };
  const deferred = new Map<SQLiteTable, SQLiteColumn[]>(tables.map((table) => [table, []]));
  const nullable = (reference: Reference) => reference.columns.every((column) => !column.notNull);
  // Required references first, so that a nullable one is what gives way in a cycle.
  for (const reference of [...references.filter((r) => !nullable(r)), ...references.filter(nullable)]) {
    if (!reaches(reference.to, reference.from)) {
      parents.get(reference.from)!.add(reference.to);
    } else if (nullable(reference)) {
      deferred.get(reference.from)!.push(...reference.columns);
    } else {
      throw new Error(`Foreign keys of NOT NULL columns form a cycle through ${getTableName(reference.from)} → ${getTableName(reference.to)}`);
    }
  }

  const ordered: OrderedTable[] = [];
  const done = new Set<SQLiteTable>();
  const visit = (table: SQLiteTable) => {
    if (done.has(table)) return;
    done.add(table);
    for (const parent of parents.get(table)!) visit(parent);
    ordered.push({ table, deferred: deferred.get(table)! });
  };
  for (const table of tables) visit(table);
  return ordered;
}
