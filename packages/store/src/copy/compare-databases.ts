import { count, getTableName, sql } from 'drizzle-orm';
import { glEntries } from '../schema';
import { ALL_TABLES } from '../tables';
import type { Db } from '../database';

/*
 * How a copy checks itself: the two databases must hold the same number of rows in every table
 * and the same trial balance (Σ debit and Σ credit of every ledger account of every organisation).
 */

export interface TableRows {
  name: string;
  /** Rows in the source. */
  rows: number;
  /** Rows in the target. */
  target_rows: number;
}

export interface TrialBalanceLine {
  org_id: string;
  account_id: string;
  debit: number;
  credit: number;
}

export interface TrialBalanceDifference {
  org_id: string;
  account_id: string;
  source: { debit: number; credit: number } | null;
  target: { debit: number; credit: number } | null;
}

export interface DatabaseComparison {
  /** Every table, by name. */
  tables: TableRows[];
  counts_equal: boolean;
  trial_balance_equal: boolean;
  /** Lines (organisation × account) of the source's trial balance. */
  trial_balance_lines: number;
  trial_balance_differences: TrialBalanceDifference[];
}

/** Rows per table name. */
export async function countTableRows(db: Db): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of ALL_TABLES) counts.set(getTableName(table), (await db.select({ n: count() }).from(table))[0]!.n);
  return counts;
}

/** Σ debit and Σ credit of every account that has entries, per organisation (all of gl_entries). */
export async function ledgerTrialBalance(db: Db): Promise<TrialBalanceLine[]> {
  return db
    .select({
      org_id: glEntries.org_id,
      account_id: glEntries.account_id,
      debit: sql<number>`coalesce(sum(${glEntries.debit}), 0)`.mapWith(Number),
      credit: sql<number>`coalesce(sum(${glEntries.credit}), 0)`.mapWith(Number),
    })
    .from(glEntries)
    .groupBy(glEntries.org_id, glEntries.account_id);
}

function trialBalanceDifferences(source: TrialBalanceLine[], target: TrialBalanceLine[]): TrialBalanceDifference[] {
  const key = (line: TrialBalanceLine) => `${line.org_id}\t${line.account_id}`;
  const sides = new Map<string, Pick<TrialBalanceDifference, 'org_id' | 'account_id'> & { source?: TrialBalanceLine; target?: TrialBalanceLine }>();
  for (const line of source) sides.set(key(line), { org_id: line.org_id, account_id: line.account_id, source: line });
  for (const line of target) sides.set(key(line), { org_id: line.org_id, account_id: line.account_id, ...sides.get(key(line)), target: line });
  const amounts = (line?: TrialBalanceLine) => (line ? { debit: line.debit, credit: line.credit } : null);
  return [...sides.values()]
    .filter((side) => side.source?.debit !== side.target?.debit || side.source?.credit !== side.target?.credit)
    .map((side) => ({ org_id: side.org_id, account_id: side.account_id, source: amounts(side.source), target: amounts(side.target) }));
}

/**
 * Compares row counts and trial balances of `source` and `target` (either engine; read each in
 * one transaction for a consistent picture).
 */
export async function compareDatabases(source: Db, target: Db): Promise<DatabaseComparison> {
  const [sourceRows, targetRows] = [await countTableRows(source), await countTableRows(target)];
  const tables = [...sourceRows.keys()].sort().map((name) => ({ name, rows: sourceRows.get(name)!, target_rows: targetRows.get(name)! }));
  const sourceBalance = await ledgerTrialBalance(source);
  const differences = trialBalanceDifferences(sourceBalance, await ledgerTrialBalance(target));
  return {
    tables,
    counts_equal: tables.every((table) => table.rows === table.target_rows),
    trial_balance_equal: differences.length === 0,
    trial_balance_lines: sourceBalance.length,
    trial_balance_differences: differences,
  };
}
