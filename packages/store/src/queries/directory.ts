import { and, asc, count, desc, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../database';
import { textSearchCondition } from './text-search';
import { realRecordCondition } from './template-qa';

/*
 * The organisation's directories — creditors (Kunder) and parties (Parter) — are read and written
 * by one set of queries; what differs is a DirectoryTableSpec (creditors.ts, parties.ts): the
 * table, the columns searched and sorted on, and the filters beyond status and search.
 */

/** The columns every directory table has (`qa_batch_id`: a template QA batch's fixture, never listed). */
export type DirectoryTable = SQLiteTable & {
  id: SQLiteColumn;
  org_id: SQLiteColumn;
  status: SQLiteColumn;
  created_at: SQLiteColumn;
  qa_batch_id: SQLiteColumn;
};

export interface DirectoryTableSpec<Row, Sort extends string, Filters = object> {
  table: DirectoryTable & { $inferSelect: Row };
  /** Searched with "contains": text columns case-insensitively, identifier columns also by digits alone. */
  search: { text: SQLiteColumn[]; identifiers: SQLiteColumn[] };
  /** The column of each sort; a nullable one puts its empty rows last. */
  sorts: Record<Sort, SQLiteColumn>;
  /** Filters beyond status and search. */
  filters?(filters: Filters): (SQL | undefined)[];
}

/** A page of a directory: search, status, sort and paging (plus the spec's own filters). */
export interface DirectoryListParams<Sort extends string> {
  query?: string;
  status?: string;
  sort: Sort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** The directory's rows of `orgId` on one page, and how many match in all. */
export async function listDirectoryRows<Row, Sort extends string, Filters>(
  db: Db,
  spec: DirectoryTableSpec<Row, Sort, Filters>,
  orgId: string,
  params: DirectoryListParams<Sort> & Filters,
): Promise<{ rows: Row[]; total: number }> {
  const { table } = spec;
  const where = and(
    eq(table.org_id, orgId),
    realRecordCondition(table),
    params.status ? eq(table.status, params.status) : undefined,
    ...(spec.filters?.(params) ?? []),
    params.query ? textSearchCondition(params.query, spec.search.text, spec.search.identifiers) : undefined,
  );
  const direction = params.order === 'desc' ? desc : asc;
  const column = spec.sorts[params.sort];
  const order: SQL[] = column.notNull ? [direction(column)] : [sql`${column} IS NULL`, direction(column)];
  const rows = await db
    .select()
    .from(table)
    .where(where)
    .orderBy(...order, direction(table.id))
    .limit(params.limit)
    .offset(params.offset);
  const [counted] = await db.select({ n: count() }).from(table).where(where);
  return { rows: rows as Row[], total: counted?.n ?? 0 };
}

/** One row of `orgId`'s directory (undefined for another organisation's). */
export async function findDirectoryRow<Row>(db: Db, spec: DirectoryTableSpec<Row, string, never>, orgId: string, id: string): Promise<Row | undefined> {
  const { table } = spec;
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.org_id, orgId), eq(table.id, id)))
    .limit(1);
  return row as Row | undefined;
}

/** The id of `orgId`'s real row whose `field` is `value` (other than `exceptId`), if any: a QA fixture never blocks a real record. */
export async function findDirectoryRowIdWith<Row>(
  db: Db,
  spec: DirectoryTableSpec<Row, string, never>,
  orgId: string,
  field: keyof Row & string,
  value: string,
  exceptId?: string,
): Promise<string | undefined> {
  const { table } = spec;
  const column = (getTableColumns(table) as Record<string, SQLiteColumn>)[field]!;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.org_id, orgId), realRecordCondition(table), eq(column, value), exceptId ? ne(table.id, exceptId) : undefined))
    .limit(1);
  return row?.id as string | undefined;
}

export async function insertDirectoryRow<Row>(tx: Db, spec: DirectoryTableSpec<Row, string, never>, values: Partial<Row>): Promise<Row> {
  const [row] = await tx.insert(spec.table).values(values).returning();
  return row as Row;
}

/** Sets `changes` on `orgId`'s row `id`; undefined when there is no such row. */
export async function updateDirectoryRow<Row>(
  tx: Db,
  spec: DirectoryTableSpec<Row, string, never>,
  orgId: string,
  id: string,
  changes: Partial<Row>,
): Promise<Row | undefined> {
  const { table } = spec;
  const [row] = await tx
    .update(table)
    .set(changes)
    .where(and(eq(table.org_id, orgId), eq(table.id, id)))
    .returning();
  return row as Row | undefined;
}
