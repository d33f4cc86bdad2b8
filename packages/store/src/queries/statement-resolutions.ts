import { and, asc, between, eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Ore } from '@fordran/core';
import type { Db } from '../database';
import { bankStatementResolutions, payments, profiles, users } from '../schema';
import type { BankStatementResolutionRow, PaymentRow } from '../types';

/** Every decision taken on the statement's differences, oldest first (undone ones too). */
export function listStatementResolutionRows(db: Db, orgId: string, statementId: string): Promise<BankStatementResolutionRow[]> {
  return (
    db
      .select()
      .from(bankStatementResolutions)
      .where(and(eq(bankStatementResolutions.org_id, orgId), eq(bankStatementResolutions.statement_id, statementId)))
      // Order of writing among decisions of the same instant (a match and what it decided with it): ids are UUIDv7.
      .orderBy(asc(bankStatementResolutions.created_at), asc(bankStatementResolutions.id))
  );
}

export async function findStatementResolutionRow(db: Db, orgId: string, statementId: string, id: string): Promise<BankStatementResolutionRow | undefined> {
  return (
    await db
      .select()
      .from(bankStatementResolutions)
      .where(and(eq(bankStatementResolutions.org_id, orgId), eq(bankStatementResolutions.statement_id, statementId), eq(bankStatementResolutions.id, id)))
      .limit(1)
  )[0];
}

export async function insertStatementResolution(tx: Db, values: typeof bankStatementResolutions.$inferInsert): Promise<BankStatementResolutionRow> {
  return (await tx.insert(bankStatementResolutions).values(values).returning())[0]!;
}

/** Keeps the organisation's decision as undone: when, by whom, why and the journal that reversed what it booked. */
export async function markStatementResolutionUndone(
  tx: Db,
  orgId: string,
  id: string,
  undo: Pick<BankStatementResolutionRow, 'undone_at' | 'undone_by' | 'undo_reason' | 'undo_journal_id'>,
): Promise<void> {
  await tx
    .update(bankStatementResolutions)
    .set(undo)
    .where(and(eq(bankStatementResolutions.org_id, orgId), eq(bankStatementResolutions.id, id)));
}

/**
 * `column` starts with `prefix`, case-sensitively on both engines (SQLite's LIKE ignores the case
 * of ASCII letters, PostgreSQL's does not).
 */
function startsWith(column: AnyColumn, prefix: string): SQL {
  return sql`substr(${column}, 1, ${prefix.length}) = ${prefix}`;
}

/** What a statement line may be matched with. */
export interface StatementMatchCandidateFilter {
  statuses: readonly PaymentRow['status'][];
  minOre: Ore;
  maxOre: Ore;
  /** A payment whose transaction id starts with this is not linked to a bank transaction yet (registered by hand). */
  unlinkedTransactionPrefix: string;
}

/** The organisation's payments in `statuses` and the amount range, not linked to any statement or bank transaction. */
export function listStatementMatchCandidateRows(db: Db, orgId: string, filter: StatementMatchCandidateFilter): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.org_id, orgId),
        inArray(payments.status, [...filter.statuses]),
        isNull(payments.bank_statement_id),
        or(isNull(payments.transaction_id), startsWith(payments.transaction_id, filter.unlinkedTransactionPrefix)),
        between(payments.amount, filter.minOre, filter.maxOre),
      ),
    );
}

/** The organisation's payments `ids` (those it has). */
export async function listStatementResolutionPaymentRows(db: Db, orgId: string, ids: readonly string[]): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.org_id, orgId), inArray(payments.id, [...ids])));
}

/** Links the organisation's payment to a bank transaction of a statement, or (nulls) removes the link. */
export async function updatePaymentBankLink(
  tx: Db,
  orgId: string,
  paymentId: string,
  link: Pick<PaymentRow, 'transaction_id' | 'bank_statement_id' | 'updated_at'>,
): Promise<void> {
  await tx
    .update(payments)
    .set(link)
    .where(and(eq(payments.org_id, orgId), eq(payments.id, paymentId)));
}

/** Names of the users who decided or undid, by id (their name, else their e-mail). */
export async function statementDeciderNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, full_name: profiles.full_name, email: users.email })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.full_name ?? row.email]));
}
