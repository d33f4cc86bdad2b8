import { and, asc, count, desc, eq, exists, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { uuidV7 } from '../ids/uuid-v7';
import {
  assertJournalAccountsKnown,
  assertJournalBalanced,
  ore,
  type LedgerAccount,
  type LedgerEntryAmounts,
  type LedgerJournal,
  type Ore,
} from '@fordran/core';
import { cases, claims, creditors, glAccounts, glEntries, glJournals } from '../schema';
import type { Db } from '../database';
import type { GlJournalRow } from '../types';
import { instantRangeCondition, keysetWindowCondition, type InstantRange, type KeysetWindow } from './keyset';

export interface InsertJournalOptions {
  orgId: string;
  /** The instant the journal is booked and created (ISO-8601 UTC). */
  at: string;
  /** The user who caused it; null = the system. */
  createdBy?: string | null;
  /** For a reversal: the journal it reverses. */
  reversesJournalId?: string | null;
}

/**
 * Books a journal built by core: checks once more that it balances and that every account is an
 * active account of the organisation (style guideline 6: asserted in core and right before the
 * insert), then writes gl_journals and its gl_entries. Call it inside the transaction of the
 * write the journal records. Returns the journal id.
 */
export async function insertLedgerJournal(tx: Db, journal: LedgerJournal, options: InsertJournalOptions): Promise<string> {
  assertJournalBalanced(journal);
  const codes = [...new Set(journal.lines.map((line) => line.account_code))];
  const accounts = await tx
    .select({ id: glAccounts.id, code: glAccounts.code, name: glAccounts.name, type: glAccounts.type, is_active: glAccounts.is_active })
    .from(glAccounts)
    .where(and(eq(glAccounts.org_id, options.orgId), inArray(glAccounts.code, codes)));
  assertJournalAccountsKnown(journal, accounts);
  const accountIdByCode = new Map(accounts.map((account) => [account.code, account.id]));

  const journalId = uuidV7();
  await tx.insert(glJournals).values({
    id: journalId,
    org_id: options.orgId,
    source: journal.source,
    source_ref: journal.source_ref,
    status: 'posted',
    booked_at: options.at,
    reverses_journal_id: options.reversesJournalId ?? null,
    meta_json: { ...journal.meta, booked_on: journal.booked_at },
    created_by: options.createdBy ?? null,
    created_at: options.at,
  });
  await tx.insert(glEntries).values(
    journal.lines.map((line) => ({
      org_id: options.orgId,
      journal_id: journalId,
      account_id: accountIdByCode.get(line.account_code)!,
      debit: line.debitOre,
      credit: line.creditOre,
      case_id: line.case_id ?? null,
      creditor_id: line.creditor_id ?? null,
      created_at: options.at,
    })),
  );
  return journalId;
}

/*
 * The ledger's reads, shared by the journal list, the chart of accounts, the trial balance and the
 * exports. The ledger date of a journal is the Swedish calendar day of its booked_at instant (the
 * day it was booked), so a period is a range of booked_at instants. Draft journals are not part of
 * the books.
 */

/** The organisation's chart of accounts (active and inactive), by code. */
export function listLedgerAccountRows(db: Db, orgId: string): Promise<(LedgerAccount & { id: string })[]> {
  return db
    .select({ id: glAccounts.id, code: glAccounts.code, name: glAccounts.name, type: glAccounts.type, is_active: glAccounts.is_active })
    .from(glAccounts)
    .where(eq(glAccounts.org_id, orgId))
    .orderBy(glAccounts.code);
}

/** The id of the organisation's account `code`, if it has one. */
export async function findLedgerAccountId(db: Db, orgId: string, code: string): Promise<string | undefined> {
  const rows = await db
    .select({ id: glAccounts.id })
    .from(glAccounts)
    .where(and(eq(glAccounts.org_id, orgId), eq(glAccounts.code, code)))
    .limit(1);
  return rows[0]?.id;
}

/** The organisation's names of the accounts `codes`, by code (codes it lacks are left out). */
export async function ledgerAccountNamesByCode(db: Db, orgId: string, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: glAccounts.code, name: glAccounts.name })
    .from(glAccounts)
    .where(and(eq(glAccounts.org_id, orgId), inArray(glAccounts.code, [...codes])));
  return new Map(rows.map((row) => [row.code, row.name]));
}

/** Posted (not draft) journals booked in `range`. */
function bookedWithin(range: InstantRange): SQL | undefined {
  return and(ne(glJournals.status, 'draft'), instantRangeCondition(glJournals.booked_at, range));
}

/**
 * Σ debit and Σ credit per account over the posted journals booked in `range`, one row per
 * account with entries — the input core's `trialBalance` takes. Summed in the database, so the
 * trial balance of 100 000 cases is one grouped query.
 */
export async function ledgerAccountTotals(db: Db, orgId: string, range: InstantRange = {}): Promise<LedgerEntryAmounts[]> {
  const rows = await db
    .select({
      account_code: glAccounts.code,
      debit: sql<number>`coalesce(sum(${glEntries.debit}), 0)`.mapWith(Number),
      credit: sql<number>`coalesce(sum(${glEntries.credit}), 0)`.mapWith(Number),
    })
    .from(glEntries)
    .innerJoin(glJournals, eq(glJournals.id, glEntries.journal_id))
    .innerJoin(glAccounts, eq(glAccounts.id, glEntries.account_id))
    .where(and(eq(glEntries.org_id, orgId), bookedWithin(range)))
    .groupBy(glAccounts.code);
  return rows.map((row) => ({ account_code: row.account_code, debitOre: ore(row.debit), creditOre: ore(row.credit) }));
}

/** An entry with its journal, account, the case's claim reference and the creditor's name. */
export interface LedgerEntryRow {
  id: string;
  journal_id: string;
  journal_source: string;
  journal_booked_at: string;
  account_code: string;
  account_name: string;
  debit: Ore;
  credit: Ore;
  case_id: string | null;
  case_reference: string | null;
  creditor_id: string | null;
  creditor_name: string | null;
}

/** Entries of the journals `journalCondition` selects: oldest journal first, in a journal debit lines first, then by account code. */
function ledgerEntryRows(db: Db, orgId: string, journalCondition: SQL | undefined): Promise<LedgerEntryRow[]> {
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
    .orderBy(asc(glJournals.booked_at), asc(glJournals.id), desc(glEntries.debit), asc(glAccounts.code));
}

/** The entries of the journals `journalIds` (see ledgerEntryRows for the order). */
export async function listLedgerEntryRowsOfJournals(db: Db, orgId: string, journalIds: readonly string[]): Promise<LedgerEntryRow[]> {
  return journalIds.length === 0 ? [] : ledgerEntryRows(db, orgId, inArray(glEntries.journal_id, [...journalIds]));
}

/** The entries of the posted journals booked in `range`, in booking order (see ledgerEntryRows). */
export function listLedgerEntryRowsBookedWithin(db: Db, orgId: string, range: InstantRange): Promise<LedgerEntryRow[]> {
  return ledgerEntryRows(db, orgId, bookedWithin(range));
}

/** Which journals a page of the journal list shows: every given criterion must hold. */
export interface LedgerJournalFilter {
  source?: string;
  /** Journals with an entry on this case. */
  caseId?: string;
  /** Journals with an entry on this account (its id). */
  accountId?: string;
  /** The page: booked within its range, after its cursor. */
  window: KeysetWindow;
}

/** Below this many entries an account is read from its own entries; above it the journals are walked. */
const SPARSE_ACCOUNT_ENTRIES = 5000;

/**
 * Journals with an entry on the account. Two shapes, because neither is cheap for every account:
 * for an account with few entries the page is read from those entries and sorted (walking the
 * journals would pass every journal of the organisation before finding a page); for a busy one
 * (client funds: most journals) the journals are walked newest first and each is probed in the
 * (journal_id, account_id) index until the page is full (sorting its entries would be the slow
 * side). Counting up to the threshold costs at most that many index entries.
 */
async function touchingAccount(db: Db, accountId: string): Promise<SQL> {
  const sample = db
    .select({ one: sql`1`.as('one') })
    .from(glEntries)
    .where(eq(glEntries.account_id, accountId))
    .limit(SPARSE_ACCOUNT_ENTRIES)
    .as('sample');
  const entries = (await db.select({ n: count() }).from(sample))[0]!.n;
  const onAccount = db.select({ id: glEntries.journal_id }).from(glEntries).where(eq(glEntries.account_id, accountId));
  if (entries < SPARSE_ACCOUNT_ENTRIES) return inArray(glJournals.id, onAccount);
  return exists(
    db
      .select({ one: sql`1` })
      .from(glEntries)
      .where(and(eq(glEntries.journal_id, glJournals.id), eq(glEntries.account_id, accountId))),
  );
}

/** Up to `limit` of the organisation's journals `filter` selects, newest first (booked_at desc, id desc). */
export async function listLedgerJournalRows(db: Db, orgId: string, filter: LedgerJournalFilter, limit: number): Promise<GlJournalRow[]> {
  const caseJournals = filter.caseId
    ? db
        .select({ id: glEntries.journal_id })
        .from(glEntries)
        .where(and(eq(glEntries.org_id, orgId), eq(glEntries.case_id, filter.caseId)))
    : undefined;
  return db
    .select()
    .from(glJournals)
    .where(
      and(
        eq(glJournals.org_id, orgId),
        filter.source ? eq(glJournals.source, filter.source) : undefined,
        caseJournals ? inArray(glJournals.id, caseJournals) : undefined,
        filter.accountId ? await touchingAccount(db, filter.accountId) : undefined,
        keysetWindowCondition(glJournals.booked_at, glJournals.id, filter.window),
      ),
    )
    .orderBy(desc(glJournals.booked_at), desc(glJournals.id))
    .limit(limit);
}

/** Marks the organisation's journal reversed (its reversal is booked in the same transaction). */
export async function markLedgerJournalReversed(tx: Db, orgId: string, journalId: string): Promise<void> {
  await tx
    .update(glJournals)
    .set({ status: 'reversed' })
    .where(and(eq(glJournals.org_id, orgId), eq(glJournals.id, journalId)));
}
