import {
  compareIsoDates,
  DomainError,
  encodeCp437,
  ore,
  sieYearBooks,
  sieTransactionsOf,
  subOre,
  writeSie4,
  LEDGER_ACCOUNT_TYPE_LABELS,
  LEDGER_JOURNAL_SOURCE_LABELS,
  type LedgerJournalSource,
  type Ore,
  type SieVoucher,
} from '@fordran/core';
import { findOrganisationRow, ledgerAccountTotals, listLedgerAccountRows, listLedgerEntryRowsBookedWithin } from '@fordran/store';
import { requireScopePermission, type OrgScope } from '../access/operator';
import { swedishDateOfInstant } from '../clock';
import { swedishDayRange } from '../paging/instant-range';
import { parseInput } from '../schemas/zod-setup';
import { sieExportQuerySchema, type TrialBalanceResponse } from '../schemas/ledger';
import { getTrialBalance } from './ledger';
import { groupByJournal, journalCase } from './journal-entries';

/** A file a use case produced, ready to send. */
export interface ExportFile<T extends string | Uint8Array> {
  file_name: string;
  content_type: string;
  content: T;
}

const CSV_DELIMITER = ';';

/** A CSV field: quoted when it holds the delimiter, a quote or a line break (RFC 4180). */
function csvField(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** "7950.00" → "7950,00": Swedish spreadsheets read a decimal comma (no grouping, so it stays a number). */
function csvAmount(decimal: string): string {
  return decimal.replace('.', ',');
}

/**
 * The trial balance as CSV for a Swedish spreadsheet: semicolon separated, decimal comma, UTF-8
 * with a byte-order mark (so Excel shows åäö), CRLF, a header row and a totals row ('Summa').
 */
export function trialBalanceCsv(balance: TrialBalanceResponse): string {
  const rows = [
    ['Konto', 'Kontonamn', 'Kontotyp', 'Debet', 'Kredit', 'Saldo'],
    ...balance.rows.map((row) => [
      row.account_code,
      row.account_name,
      LEDGER_ACCOUNT_TYPE_LABELS[row.type],
      csvAmount(row.debit),
      csvAmount(row.credit),
      csvAmount(row.balance),
    ]),
    ['Summa', '', '', csvAmount(balance.total_debit), csvAmount(balance.total_credit), csvAmount(balance.total_balance)],
  ];
  return `\ufeff${rows.map((row) => row.map(csvField).join(CSV_DELIMITER)).join('\r\n')}\r\n`;
}

/** 'Exportera CSV': the trial balance up to `to` (default everything) as a CSV file. */
export async function exportTrialBalanceCsv(ctx: OrgScope, query: unknown = {}): Promise<ExportFile<string>> {
  const balance = await getTrialBalance(ctx, query);
  return {
    file_name: `rabalans-${balance.to ?? ctx.app.clock.today()}.csv`,
    content_type: 'text/csv; charset=utf-8',
    content: trialBalanceCsv(balance),
  };
}

/** Each account's debit − credit over the posted journals booked on the days `first`..`last`. */
async function balancesWithin(ctx: OrgScope, first: string | undefined, last: string): Promise<Record<string, Ore>> {
  const totals = await ledgerAccountTotals(ctx.app.database.db, ctx.membership.org_id, swedishDayRange(first, last));
  return Object.fromEntries(totals.map((total) => [total.account_code, subOre(total.debitOre, total.creditOre)]));
}

/**
 * 'Exportera SIE': the books of one calendar year as an SIE 4 file (CP437, `#FORMAT PC8`) for an
 * accountant's program. Each journal of the year is one voucher (series A, numbered by booking
 * order) dated its ledger day, with the journal's source and case reference as its text. Fordran
 * does not close years, so the file carries the results as a year-end would (core
 * `sieYearBooks`): the opening balances are the balance-sheet accounts before the year with last
 * year's result on 2099 and older results on 2091 (they sum to zero), and series B carries last
 * year's result to 2091 and, for a year that has ended, closes its result to 2099 — so a year's
 * closing balances are the next year's opening balances.
 */
export async function exportLedgerSie(ctx: OrgScope, query: unknown): Promise<ExportFile<Uint8Array> & { vouchers: number }> {
  requireScopePermission(ctx, 'ledger.read');
  const { year } = parseInput(sieExportQuerySchema, query);
  const orgId = ctx.membership.org_id;
  const db = ctx.app.database.db;
  const org = await findOrganisationRow(db, orgId);
  if (!org) throw new DomainError('NOT_FOUND');

  const start = `${year}-01-01`;
  const end = `${year}-12-31`;
  const today = ctx.app.clock.today();
  const [accounts, entries, balancesBefore, previousYearMovements] = await Promise.all([
    listLedgerAccountRows(db, orgId),
    listLedgerEntryRowsBookedWithin(db, orgId, swedishDayRange(start, end)),
    balancesWithin(ctx, undefined, `${year - 1}-12-31`),
    balancesWithin(ctx, `${year - 1}-01-01`, `${year - 1}-12-31`),
  ]);
  const journals = groupByJournal(entries);
  const ledgerVouchers: SieVoucher[] = [...journals.values()].map((rows, index) => {
    const first = rows[0]!;
    const day = swedishDateOfInstant(first.journal_booked_at);
    const reference = journalCase(rows)?.case_reference;
    const label = LEDGER_JOURNAL_SOURCE_LABELS[first.journal_source as LedgerJournalSource] ?? first.journal_source;
    return {
      series: 'A',
      number: index + 1,
      date: day,
      text: reference ? `${label} ${reference}` : label,
      registered_on: day,
      transactions: sieTransactionsOf(rows.map((row) => ({ account_code: row.account_code, debitOre: ore(row.debit), creditOre: ore(row.credit) }))),
    };
  });
  const books = sieYearBooks({
    year,
    accounts,
    balancesBefore,
    previousYearMovements,
    vouchers: ledgerVouchers,
    isYearEnded: compareIsoDates(end, today) < 0,
  });

  const text = writeSie4({
    program: { name: 'Fordran', version: ctx.app.config.version },
    generated_on: today,
    company_name: org.name,
    org_no: org.org_no ?? null,
    fiscal_year: { start, end },
    accounts,
    opening_balances: books.opening_balances,
    vouchers: books.vouchers,
  });
  return { file_name: `fordran-${year}.se`, content_type: 'application/octet-stream', content: encodeCp437(text), vouchers: ledgerVouchers.length };
}
