import { and, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import { DomainError, ore, oreToDecimal, parseIsoDate, signedAccountBalanceOre, subOre, sumOre, trialBalance, ZERO_ORE } from '@fordran/core';
import { glAccounts, glEntries, glJournals, type DbOrTx, type GlJournalRow } from '@fordran/store';
import { requireScopePermission, type OrgScope } from '../access/operator';
import { keysetPage, keysetWindow } from '../paging/keyset';
import { swedishDayRange } from '../paging/instant-range';
import { parseInput } from '../schemas/zod-setup';
import {
  ledgerJournalListQuerySchema,
  trialBalanceQuerySchema,
  type LedgerAccountListResponse,
  type LedgerJournalListResponse,
  type LedgerJournalResponse,
  type TrialBalanceResponse,
} from '../schemas/ledger';
import { accountTotals, chartOfAccounts, groupByJournal, journalCase, ledgerEntryRows, type LedgerEntryRow } from './ledger-queries';

function entryResponse(row: LedgerEntryRow): LedgerJournalResponse['entries'][number] {
  return {
    id: row.id,
    account_code: row.account_code,
    account_name: row.account_name,
    debit: oreToDecimal(row.debit),
    credit: oreToDecimal(row.credit),
    case_id: row.case_id,
    case_reference: row.case_reference,
    creditor_id: row.creditor_id,
    creditor_name: row.creditor_name,
  };
}

/** Journal rows as the API shows them, each with its entries (one query for all) and totals. */
export function journalResponses(db: DbOrTx, orgId: string, journals: readonly GlJournalRow[]): LedgerJournalResponse[] {
  const entries =
    journals.length > 0
      ? groupByJournal(
          ledgerEntryRows(
            db,
            orgId,
            inArray(
              glEntries.journal_id,
              journals.map((journal) => journal.id),
            ),
          ),
        )
      : new Map<string, LedgerEntryRow[]>();
  return journals.map((journal) => {
    const rows = entries.get(journal.id) ?? [];
    const single = journalCase(rows);
    return {
      id: journal.id,
      source: journal.source,
      source_ref: journal.source_ref ?? null,
      status: journal.status,
      booked_at: journal.booked_at,
      reverses_journal_id: journal.reverses_journal_id ?? null,
      meta: journal.meta_json,
      case_id: single?.case_id ?? null,
      case_reference: single?.case_reference ?? null,
      total_debit: oreToDecimal(sumOre(rows.map((row) => ore(row.debit)))),
      total_credit: oreToDecimal(sumOre(rows.map((row) => ore(row.credit)))),
      entries: rows.map(entryResponse),
    };
  });
}

/**
 * 'Journaler' (spec part 2 §2, §7): journals newest first (booked_at desc, 50 a page by default),
 * each with its entries — account code and name, debit, credit, the case with its claim
 * reference and the creditor — and its totals. Filters: booked days `from`–`to`, `source`,
 * `account` (code) and `case_id`; later pages by `cursor` (keyset, see paging/keyset.ts).
 */
export function listLedgerJournals(ctx: OrgScope, query: unknown = {}): LedgerJournalListResponse {
  requireScopePermission(ctx, 'ledger.read');
  const q = parseInput(ledgerJournalListQuerySchema, query);
  const orgId = ctx.membership.org_id;
  const db = ctx.app.store.db;
  const caseJournals = q.case_id
    ? db
        .select({ id: glEntries.journal_id })
        .from(glEntries)
        .where(and(eq(glEntries.org_id, orgId), eq(glEntries.case_id, q.case_id)))
    : undefined;
  const rows = db
    .select()
    .from(glJournals)
    .where(
      and(
        eq(glJournals.org_id, orgId),
        q.source ? eq(glJournals.source, q.source) : undefined,
        caseJournals ? inArray(glJournals.id, caseJournals) : undefined,
        q.account ? touchingAccount(db, accountIdOf(db, orgId, q.account)) : undefined,
        keysetWindow(glJournals.booked_at, glJournals.id, q.cursor, swedishDayRange(q.from, q.to)),
      ),
    )
    .orderBy(desc(glJournals.booked_at), desc(glJournals.id))
    .limit(q.limit + 1)
    .all();
  const page = keysetPage(rows, q.limit, (journal) => ({ at: journal.booked_at, id: journal.id }));
  return { journals: journalResponses(db, orgId, page.rows), next_cursor: page.next_cursor };
}

function accountIdOf(db: DbOrTx, orgId: string, code: string): string {
  const account = db
    .select({ id: glAccounts.id })
    .from(glAccounts)
    .where(and(eq(glAccounts.org_id, orgId), eq(glAccounts.code, code)))
    .get();
  if (!account) throw new DomainError('VALIDATION_FAILED', `Konto ${code} finns inte i kontoplanen`, { account: code });
  return account.id;
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
function touchingAccount(db: DbOrTx, accountId: string): SQL {
  const sample = db.get<{ n: number }>(
    sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${glEntries} WHERE ${glEntries.account_id} = ${accountId} LIMIT ${SPARSE_ACCOUNT_ENTRIES})`,
  );
  const onAccount = db.select({ id: glEntries.journal_id }).from(glEntries).where(eq(glEntries.account_id, accountId));
  if (sample.n < SPARSE_ACCOUNT_ENTRIES) return inArray(glJournals.id, onAccount);
  return exists(
    db
      .select({ one: sql`1` })
      .from(glEntries)
      .where(and(eq(glEntries.journal_id, glJournals.id), eq(glEntries.account_id, accountId))),
  );
}

/**
 * 'Kontoplan' (spec part 2 §2, §7: gl_accounts active, by code) with each account's totals and
 * balance over everything booked.
 */
export function listLedgerAccounts(ctx: OrgScope): LedgerAccountListResponse {
  requireScopePermission(ctx, 'ledger.read');
  const orgId = ctx.membership.org_id;
  const db = ctx.app.store.db;
  const totals = new Map(accountTotals(db, orgId).map((row) => [row.account_code, row]));
  return {
    accounts: chartOfAccounts(db, orgId)
      .filter((account) => account.is_active)
      .map((account) => {
        const debitOre = totals.get(account.code)?.debitOre ?? ZERO_ORE;
        const creditOre = totals.get(account.code)?.creditOre ?? ZERO_ORE;
        return {
          id: account.id,
          code: account.code,
          name: account.name,
          type: account.type,
          is_active: account.is_active,
          debit: oreToDecimal(debitOre),
          credit: oreToDecimal(creditOre),
          balance: oreToDecimal(subOre(debitOre, creditOre)),
          normal_balance: oreToDecimal(signedAccountBalanceOre(account.type, debitOre, creditOre)),
        };
      }),
  };
}

/**
 * 'Råbalans': per account Σ debit, Σ credit and the balance (debit − credit) up to and including
 * the Swedish calendar day `to` (default everything), with totals. Every journal balances, so the
 * balances always sum to zero; `is_balanced` says so and would expose a journal that did not.
 */
export function getTrialBalance(ctx: OrgScope, query: unknown = {}): TrialBalanceResponse {
  requireScopePermission(ctx, 'ledger.read');
  const q = parseInput(trialBalanceQuerySchema, query);
  if (q.to) parseIsoDate(q.to);
  const orgId = ctx.membership.org_id;
  const db = ctx.app.store.db;
  const balance = trialBalance(accountTotals(db, orgId, swedishDayRange(undefined, q.to)), chartOfAccounts(db, orgId));
  const balances = balance.rows.map((row) => subOre(row.debitOre, row.creditOre));
  return {
    to: q.to ?? null,
    rows: balance.rows.map((row, index) => ({
      account_code: row.account_code,
      account_name: row.name,
      type: row.type,
      debit: oreToDecimal(row.debitOre),
      credit: oreToDecimal(row.creditOre),
      balance: oreToDecimal(balances[index]!),
    })),
    total_debit: oreToDecimal(balance.total_debitOre),
    total_credit: oreToDecimal(balance.total_creditOre),
    total_balance: oreToDecimal(sumOre(balances)),
    is_balanced: balance.is_balanced,
  };
}
