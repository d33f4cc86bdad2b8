// The general ledger of the current organisation ('Huvudbok & Journal', API contract issue 5).
import useSWR from 'swr';
import { apiDownload, fetchJson, type ApiError, type DownloadedFile } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { listPath } from './list';

export type LedgerAccountType = 'asset' | 'liability' | 'equity' | 'income' | 'expense';

export interface LedgerEntry {
  id: string;
  account_code: string;
  account_name: string;
  /** Decimal strings, e.g. "180.00". */
  debit: string;
  credit: string;
  case_id: string | null;
  case_reference: string | null;
  creditor_id: string | null;
  creditor_name: string | null;
}

export interface LedgerJournal {
  id: string;
  /** payment, fee, interest, claim, reversal, … */
  source: string;
  source_ref: string | null;
  status: 'draft' | 'posted' | 'reversed';
  /** ISO instant. */
  booked_at: string;
  reverses_journal_id: string | null;
  meta: Record<string, unknown>;
  case_id: string | null;
  case_reference: string | null;
  total_debit: string;
  total_credit: string;
  entries: LedgerEntry[];
}

export interface LedgerAccount {
  id: string;
  code: string;
  name: string;
  type: LedgerAccountType;
  is_active: boolean;
  debit: string;
  credit: string;
  /** Debit − credit. */
  balance: string;
  /** On the account's normal side (credit − debit for liabilities and income). */
  normal_balance: string;
}

export interface TrialBalanceRow {
  account_code: string;
  account_name: string;
  type: LedgerAccountType;
  debit: string;
  credit: string;
  /** Debit − credit. */
  balance: string;
}

export interface TrialBalance {
  to: string | null;
  rows: TrialBalanceRow[];
  total_debit: string;
  total_credit: string;
  /** Always "0.00". */
  total_balance: string;
  is_balanced: boolean;
}

export function ledgerKey(orgId: string): string {
  return `/orgs/${orgId}/ledger`;
}

export interface LedgerJournalListParams {
  /** Booked from and to these days (YYYY-MM-DD). */
  from?: string;
  to?: string;
  /** payment, fee, interest, … */
  source?: string;
  /** An account code: journals with an entry on it. */
  account?: string;
  /** The previous page's next_cursor. */
  cursor?: string;
  limit: number;
}

export interface LedgerJournalPage {
  journals: LedgerJournal[];
  /** Null on the last page. */
  next_cursor: string | null;
}

/**
 * One page of journals, newest first (50 a page, spec part 2 §9); the previous page stays on
 * screen while the next loads. Null params load nothing (filters that cannot be asked for).
 */
export function useLedgerJournals(params: LedgerJournalListParams | null) {
  const orgId = useCurrentOrgId();
  return useSWR<LedgerJournalPage, ApiError>(
    orgId && params ? listPath(`${ledgerKey(orgId)}/journals`, { ...params }) : null,
    (path: string) => fetchJson<LedgerJournalPage>(path),
    {
      keepPreviousData: true,
    },
  );
}

export function useLedgerAccounts() {
  const orgId = useCurrentOrgId();
  return useSWR<{ accounts: LedgerAccount[] }, ApiError>(orgId ? `${ledgerKey(orgId)}/accounts` : null, (path: string) =>
    fetchJson<{ accounts: LedgerAccount[] }>(path),
  );
}

/** The trial balance up to and including `to` (YYYY-MM-DD; empty: everything booked). */
export function useTrialBalance(to: string) {
  const orgId = useCurrentOrgId();
  return useSWR<TrialBalance, ApiError>(orgId ? listPath(`${ledgerKey(orgId)}/trial-balance`, { to }) : null, (path: string) => fetchJson<TrialBalance>(path), {
    keepPreviousData: true,
  });
}

/** 'Exportera CSV': the trial balance as a semicolon-separated file. */
export function downloadTrialBalanceCsv(orgId: string, to: string): Promise<DownloadedFile> {
  return apiDownload(listPath(`${ledgerKey(orgId)}/trial-balance.csv`, { to }));
}

/** 'Exportera SIE': one calendar year as an SIE 4 file. */
export function downloadSie(orgId: string, year: number): Promise<DownloadedFile> {
  return apiDownload(listPath(`${ledgerKey(orgId)}/sie`, { year }));
}
