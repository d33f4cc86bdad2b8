import { and, desc, eq, getTableName, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { TemplateQaReport } from '@fordran/core';
import type { Db } from '../database';
import { cases, claims, creditors, glEntries, glJournals, parties, templateQaBatches } from '../schema';
import type { TemplateQaBatchRow } from '../types';
import { TENANT_TABLES_CHILDREN_FIRST } from './organisation-data';

/**
 * Real records only: a template QA batch's own rows (`qa_batch_id` set on its cases, creditor
 * and debtors) are left out of whatever adds this condition — the directories (lists, search,
 * pickers), the case list, the dashboard, payment matching, the dunning and nightly runs.
 */
export function realRecordCondition(table: { qa_batch_id: SQLiteColumn }): SQL {
  return isNull(table.qa_batch_id);
}

/** Real cases only (`realRecordCondition` of cases). */
export function realCaseCondition(): SQL {
  return realRecordCondition(cases);
}

export async function insertTemplateQaBatchRow(tx: Db, row: { org_id: string; created_by: string | null; created_at: string }): Promise<TemplateQaBatchRow> {
  return (await tx.insert(templateQaBatches).values(row).returning())[0]!;
}

/** Stores a batch's report and marks it completed. */
export async function completeTemplateQaBatch(db: Db, orgId: string, id: string, report: TemplateQaReport, html: string, at: string): Promise<void> {
  await db
    .update(templateQaBatches)
    .set({
      status: 'completed',
      templates_checked: report.templates_checked,
      templates_failed: report.templates_failed,
      report_json: report,
      report_html: html,
      completed_at: at,
    })
    .where(and(eq(templateQaBatches.org_id, orgId), eq(templateQaBatches.id, id)));
}

/** The organisation's batches, newest first, without their reports. */
export function listTemplateQaBatchRows(db: Db, orgId: string, limit: number) {
  return db
    .select({
      id: templateQaBatches.id,
      status: templateQaBatches.status,
      templates_checked: templateQaBatches.templates_checked,
      templates_failed: templateQaBatches.templates_failed,
      created_by: templateQaBatches.created_by,
      created_at: templateQaBatches.created_at,
      completed_at: templateQaBatches.completed_at,
    })
    .from(templateQaBatches)
    .where(eq(templateQaBatches.org_id, orgId))
    .orderBy(desc(templateQaBatches.created_at), desc(templateQaBatches.id))
    .limit(limit);
}

export async function findTemplateQaBatchRow(db: Db, orgId: string, id: string): Promise<TemplateQaBatchRow | undefined> {
  return (
    await db
      .select()
      .from(templateQaBatches)
      .where(and(eq(templateQaBatches.org_id, orgId), eq(templateQaBatches.id, id)))
      .limit(1)
  )[0];
}

export async function listTemplateQaBatchIds(db: Db, orgId: string): Promise<string[]> {
  const rows = await db.select({ id: templateQaBatches.id }).from(templateQaBatches).where(eq(templateQaBatches.org_id, orgId));
  return rows.map((row) => row.id);
}

/** How many cases a batch made (its own cases count, for the report and the tests). */
export async function listTemplateQaCaseIds(db: Db, orgId: string, batchId: string): Promise<string[]> {
  const rows = await db
    .select({ id: cases.id })
    .from(cases)
    .where(and(eq(cases.org_id, orgId), eq(cases.qa_batch_id, batchId)));
  return rows.map((row) => row.id);
}

/** A table's columns that reference `target`. */
function referencesTo(table: SQLiteTable, target: SQLiteTable): SQLiteColumn[] {
  return getTableConfig(table).foreignKeys.flatMap((fk) => {
    const reference = fk.reference();
    return reference.foreignTable === target ? (reference.columns as SQLiteColumn[]) : [];
  });
}

/**
 * Tables holding rows of a case (events, fees, flags, messages …), children first. Never the
 * ledger's: a QA case is never booked, and a journal is not deleted — were a QA case ever booked,
 * its entry's reference would make the cleanup fail rather than unbalance the books.
 */
const LEDGER_TABLES: readonly SQLiteTable[] = [glEntries, glJournals];
const CASE_ROW_TABLES = TENANT_TABLES_CHILDREN_FIRST.filter((table) => table !== cases && !LEDGER_TABLES.includes(table));
const CASE_CHILDREN = CASE_ROW_TABLES.filter((table) => referencesTo(table, cases).length > 0);

function ofCases(table: SQLiteTable, caseIds: string[]): SQL {
  return or(...referencesTo(table, cases).map((column) => inArray(column, caseIds)))!;
}

/**
 * The rows of `table` that hang on the cases: rows of a case, or rows of such a row (a delivery
 * of a case's message, a file of its KFM case). Undefined when the table has none.
 */
function hangingOnCases(tx: Db, table: SQLiteTable, caseIds: string[]): SQL | undefined {
  if (referencesTo(table, cases).length > 0) return ofCases(table, caseIds);
  const viaParent = CASE_CHILDREN.flatMap((parent) =>
    referencesTo(table, parent).map((column) =>
      // Every tenant table's key is `id`.
      inArray(
        column,
        tx
          .select({ id: (parent as unknown as Record<string, SQLiteColumn>).id! })
          .from(parent)
          .where(ofCases(parent, caseIds)),
      ),
    ),
  );
  return viaParent.length > 0 ? or(...viaParent) : undefined;
}

async function deleteCounted(tx: Db, table: SQLiteTable, where: SQL, deleted: Record<string, number>): Promise<void> {
  const rows = await tx.delete(table).where(where).returning();
  if (rows.length > 0) deleted[getTableName(table)] = (deleted[getTableName(table)] ?? 0) + rows.length;
}

/**
 * Deletes QA batches with their cases and everything hanging on them — events, fees, flags, any
 * message and delivery — then the claims, the batches' own creditor and debtors, and the
 * batches. No journal: nothing was booked for them. Run it inside a transaction. Returns the
 * rows deleted per table. Audit rows stay: the log records that the test ran and was removed.
 */
export async function deleteTemplateQaBatches(tx: Db, orgId: string, batchIds: string[]): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  if (batchIds.length === 0) return deleted;
  const batches = await tx
    .select()
    .from(templateQaBatches)
    .where(and(eq(templateQaBatches.org_id, orgId), inArray(templateQaBatches.id, batchIds)));
  const ids = batches.map((batch) => batch.id);
  const caseRows = await tx
    .select({ id: cases.id, claim_id: cases.claim_id })
    .from(cases)
    .where(and(eq(cases.org_id, orgId), inArray(cases.qa_batch_id, ids)));
  const caseIds = caseRows.map((row) => row.id);
  if (caseIds.length > 0) {
    for (const table of CASE_ROW_TABLES) {
      const where = hangingOnCases(tx, table, caseIds);
      if (where) await deleteCounted(tx, table, and(eq(columnsOf(table).org_id!, orgId), where)!, deleted);
    }
    await deleteCounted(tx, cases, and(eq(cases.org_id, orgId), inArray(cases.id, caseIds))!, deleted);
    await deleteCounted(
      tx,
      claims,
      and(
        eq(claims.org_id, orgId),
        inArray(
          claims.id,
          caseRows.map((row) => row.claim_id),
        ),
      )!,
      deleted,
    );
  }
  if (ids.length > 0) {
    await deleteCounted(tx, parties, and(eq(parties.org_id, orgId), inArray(parties.qa_batch_id, ids))!, deleted);
    await deleteCounted(tx, creditors, and(eq(creditors.org_id, orgId), inArray(creditors.qa_batch_id, ids))!, deleted);
    await deleteCounted(tx, templateQaBatches, and(eq(templateQaBatches.org_id, orgId), inArray(templateQaBatches.id, ids))!, deleted);
  }
  return deleted;
}

function columnsOf(table: SQLiteTable): Record<string, SQLiteColumn> {
  return table as unknown as Record<string, SQLiteColumn>;
}
