import { DomainError, ore, oreToDecimal, parseIsoDate, signedAccountBalanceOre, subOre, sumOre, trialBalance, ZERO_ORE } from '@fordran/core';
import {
  findLedgerAccountId,
  ledgerAccountTotals,
  listLedgerAccountRows,
  listLedgerEntryRowsOfJournals,
  listLedgerJournalRows,
  type Db,
  type GlJournalRow,
  type LedgerEntryRow,
} from '@fordran/store';
import { requireScopePermission, type OrgScope } from '../access/operator';
import { decodeCursor, keysetPage } from '../paging/keyset';
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
import { groupByJournal, journalCase } from './journal-entries';

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
export async function journalResponses(db: Db, orgId: string, journals: readonly GlJournalRow[]): Promise<LedgerJournalResponse[]> {
  const entries = groupByJournal(
    await listLedgerEntryRowsOfJournals(
      db,
      orgId,
      journals.map((journal) => journal.id),
    ),
  );
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
export async function listLedgerJournals(ctx: OrgScope, query: unknown = {}): Promise<LedgerJournalListResponse> {
  requireScopePermission(ctx, 'ledger.read');
  const q = parseInput(ledgerJournalListQuerySchema, query);
  const orgId = ctx.membership.org_id;
  const db = ctx.app.database.db;
  const rows = await listLedgerJournalRows(
    db,
    orgId,
    {
      ...(q.source ? { source: q.source } : {}),
      ...(q.case_id ? { caseId: q.case_id } : {}),
      ...(q.account ? { accountId: await accountIdOf(db, orgId, q.account) } : {}),
      window: { ...swedishDayRange(q.from, q.to), ...(q.cursor ? { after: decodeCursor(q.cursor) } : {}) },
    },
    q.limit + 1,
  );
  const page = keysetPage(rows, q.limit, (journal) => ({ at: journal.booked_at, id: journal.id }));
  return { journals: await journalResponses(db, orgId, page.rows), next_cursor: page.next_cursor };
}

async function accountIdOf(db: Db, orgId: string, code: string): Promise<string> {
  const id = await findLedgerAccountId(db, orgId, code);
  if (!id) throw new DomainError('VALIDATION_FAILED', `Konto ${code} finns inte i kontoplanen`, { account: code });
  return id;
}

/**
 * 'Kontoplan' (spec part 2 §2, §7: gl_accounts active, by code) with each account's totals and
 * balance over everything booked.
 */
export async function listLedgerAccounts(ctx: OrgScope): Promise<LedgerAccountListResponse> {
  requireScopePermission(ctx, 'ledger.read');
  const orgId = ctx.membership.org_id;
  const db = ctx.app.database.db;
  const [totalRows, accounts] = await Promise.all([ledgerAccountTotals(db, orgId), listLedgerAccountRows(db, orgId)]);
  const totals = new Map(totalRows.map((row) => [row.account_code, row]));
  return {
    accounts: accounts
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
export async function getTrialBalance(ctx: OrgScope, query: unknown = {}): Promise<TrialBalanceResponse> {
  requireScopePermission(ctx, 'ledger.read');
  const q = parseInput(trialBalanceQuerySchema, query);
  if (q.to) parseIsoDate(q.to);
  const orgId = ctx.membership.org_id;
  const db = ctx.app.database.db;
  const [totals, accounts] = await Promise.all([ledgerAccountTotals(db, orgId, swedishDayRange(undefined, q.to)), listLedgerAccountRows(db, orgId)]);
  const balance = trialBalance(totals, accounts);
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
