import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { ore, type LedgerAccount, type LedgerEntryAmounts } from '@fordran/core';
import { cases, claims, creditors, glAccounts, glEntries, glJournals, type DbOrTx } from '@fordran/store';
import { instantWithin, type InstantRange } from '../paging/instant-range';

/*
 * The ledger's read queries, shared by the journal list, the chart of accounts, the trial balance
 * and the exports. The ledger date of a journal is the Swedish calendar day of its booked_at
 * instant (the day it was booked), so a period is a range of booked_at instants. Draft journals
 * are not part of the books.
 */

/** The organisation's chart of accounts (active and inactive), by code. */
export function chartOfAccounts(db: DbOrTx, orgId: string): (LedgerAccount & { id: string })[] {
  return db
    .select({ id: glAccounts.id, code: glAccounts.code, name: glAccounts.name, type: glAccounts.type, is_active: glAccounts.is_active })
    .from(glAccounts)
    .where(eq(glAccounts.org_id, orgId))
    .orderBy(glAccounts.code)
    .all();
}

/** Posted (not draft) journals booked in `range`. */
export function bookedWithin(range: InstantRange): SQL | undefined {
  return and(ne(glJournals.status, 'draft'), instantWithin(glJournals.booked_at, range));
}

/**
 * Σ debit and Σ credit per account over the posted journals booked in `range`, one row per
 * account with entries — the input core's `trialBalance` takes. Summed in the database, so the
 * trial balance of 100 000 cases is one grouped query.
 */
export function accountTotals(db: DbOrTx, orgId: string, range: InstantRange = {}): LedgerEntryAmounts[] {
  return db
    .select({
      account_code: glAccounts.code,
      debit: sql<number>`coalesce(sum(${glEntries.debit}), 0)`.mapWith(Number),
      credit: sql<number>`coalesce(sum(${glEntries.credit}), 0)`.mapWith(Number),
    })
    .from(glEntries)
    .innerJoin(glJournals, eq(glJournals.id, glEntries.journal_id))
    .innerJoin(glAccounts, eq(glAccounts.id, glEntries.account_id))
    .where(and(eq(glEntries.org_id, orgId), bookedWithin(range)))
    .groupBy(glAccounts.code)
    .all()
    .map((row) => ({ account_code: row.account_code, debitOre: ore(row.debit), creditOre: ore(row.credit) }));
}

/**
 * Entries with their journal, account, the case's claim reference and the creditor's name, for
 * the journals `journalCondition` selects; oldest journal first, in a journal debit lines first,
 * then by account code.
 */
export function ledgerEntryRows(db: DbOrTx, orgId: string, journalCondition: SQL | undefined) {
  return db
    .select({
      id: glEntries.id,
      journal_id: glEntries.journal_id,
      journal_source: glJournals.source,
      journal_booked_at: glJournals.booked_at,
      account_code: glAccounts.code,
      account_name: glAccounts.name,
      debit: glEntries.debit,
      credit: glEntries.credit,
      case_id: glEntries.case_id,
      case_reference: claims.reference_no,
      creditor_id: glEntries.creditor_id,
      creditor_name: creditors.name,
    })
    .from(glEntries)
    .innerJoin(glJournals, eq(glJournals.id, glEntries.journal_id))
    .innerJoin(glAccounts, eq(glAccounts.id, glEntries.account_id))
    .leftJoin(cases, eq(cases.id, glEntries.case_id))
    .leftJoin(claims, eq(claims.id, cases.claim_id))
    .leftJoin(creditors, eq(creditors.id, glEntries.creditor_id))
    .where(and(eq(glEntries.org_id, orgId), journalCondition))
    .orderBy(asc(glJournals.booked_at), asc(glJournals.id), desc(glEntries.debit), asc(glAccounts.code))
    .all();
}

export type LedgerEntryRow = ReturnType<typeof ledgerEntryRows>[number];

/** Rows grouped by journal, keeping the rows' order. */
export function groupByJournal(rows: readonly LedgerEntryRow[]): Map<string, LedgerEntryRow[]> {
  const grouped = new Map<string, LedgerEntryRow[]>();
  for (const row of rows) {
    const list = grouped.get(row.journal_id);
    if (list) list.push(row);
    else grouped.set(row.journal_id, [row]);
  }
  return grouped;
}

/**
 * The case a journal concerns: the one case its entries name, or null when they name none or
 * several (the nightly interest run books many cases in one journal).
 */
export function journalCase(rows: readonly LedgerEntryRow[]): { case_id: string; case_reference: string | null } | null {
  const withCase = rows.filter((row) => row.case_id !== null);
  const ids = new Set(withCase.map((row) => row.case_id));
  if (ids.size !== 1) return null;
  return { case_id: withCase[0]!.case_id!, case_reference: withCase[0]!.case_reference };
}
