import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { IsoDate, Ore } from '@fordran/core';
import type { Db } from '../database';
import { bankStatements, payments, type StatementDifference } from '../schema';
import type { BankStatementRow } from '../types';

/** The organisation's statements, newest statement date first, optionally of one reconciliation status. */
export function listBankStatementRows(
  db: Db,
  orgId: string,
  filter: { status?: BankStatementRow['reconciliation_status']; limit: number },
): Promise<BankStatementRow[]> {
  return db
    .select()
    .from(bankStatements)
    .where(and(eq(bankStatements.org_id, orgId), filter.status ? eq(bankStatements.reconciliation_status, filter.status) : undefined))
    .orderBy(desc(bankStatements.statement_date), desc(bankStatements.created_at), desc(bankStatements.id))
    .limit(filter.limit);
}

/** How many statements the organisation has per reconciliation status (statuses it has none of are left out). */
export function countBankStatementsByStatus(db: Db, orgId: string): Promise<{ status: BankStatementRow['reconciliation_status']; n: number }[]> {
  return db
    .select({ status: bankStatements.reconciliation_status, n: count() })
    .from(bankStatements)
    .where(eq(bankStatements.org_id, orgId))
    .groupBy(bankStatements.reconciliation_status);
}

export async function findBankStatementRow(db: Db, orgId: string, id: string): Promise<BankStatementRow | undefined> {
  return (
    await db
      .select()
      .from(bankStatements)
      .where(and(eq(bankStatements.org_id, orgId), eq(bankStatements.id, id)))
      .limit(1)
  )[0];
}

/** Stores a statement's reconciliation: its status and the open differences. */
export async function updateBankStatementReconciliation(
  tx: Db,
  orgId: string,
  id: string,
  reconciliation: { reconciliation_status: BankStatementRow['reconciliation_status']; differences_json: StatementDifference[] },
): Promise<BankStatementRow> {
  return (
    await tx
      .update(bankStatements)
      .set(reconciliation)
      .where(and(eq(bankStatements.org_id, orgId), eq(bankStatements.id, id)))
      .returning()
  )[0]!;
}

/** How many payments were booked from each of the statements (statements without any are left out). */
export async function countPaymentsOfBankStatements(db: Db, orgId: string, statementIds: readonly string[]): Promise<Map<string, number>> {
  if (statementIds.length === 0) return new Map();
  const rows = await db
    .select({ statement_id: payments.bank_statement_id, n: count() })
    .from(payments)
    .where(and(eq(payments.org_id, orgId), inArray(payments.bank_statement_id, [...statementIds])))
    .groupBy(payments.bank_statement_id);
  return new Map(rows.map((row) => [row.statement_id!, row.n]));
}

/** A payment as a statement's reconciliation compares it. */
export interface StatementBookingRow {
  id: string;
  amount: Ore;
  paid_at: IsoDate;
  status: string;
  transaction_id: string | null;
  bank_statement_id: string | null;
  payer_name: string | null;
  ocr: string | null;
  reference: string | null;
}

const STATEMENT_BOOKING_COLUMNS = {
  id: payments.id,
  amount: payments.amount,
  paid_at: payments.paid_at,
  status: payments.status,
  transaction_id: payments.transaction_id,
  bank_statement_id: payments.bank_statement_id,
  payer_name: payments.payer_name,
  ocr: payments.ocr,
  reference: payments.reference,
};

/** Payments are looked up by transaction id in chunks, well inside any database's variable limit. */
const TRANSACTION_ID_CHUNK = 500;

/** Payments booked from the statement, and payments booked anywhere with one of `transactionIds` (each once). */
export async function listStatementBookingRows(db: Db, orgId: string, statementId: string, transactionIds: readonly string[]): Promise<StatementBookingRow[]> {
  const found = new Map<string, StatementBookingRow>();
  const add = (rows: StatementBookingRow[]) => rows.forEach((row) => found.set(row.id, row));
  add(
    await db
      .select(STATEMENT_BOOKING_COLUMNS)
      .from(payments)
      .where(and(eq(payments.org_id, orgId), eq(payments.bank_statement_id, statementId))),
  );
  // In sequence: inside a transaction the chunks share one connection.
  for (let start = 0; start < transactionIds.length; start += TRANSACTION_ID_CHUNK) {
    const chunk = transactionIds.slice(start, start + TRANSACTION_ID_CHUNK);
    add(
      await db
        .select(STATEMENT_BOOKING_COLUMNS)
        .from(payments)
        .where(and(eq(payments.org_id, orgId), inArray(payments.transaction_id, chunk))),
    );
  }
  return [...found.values()];
}
