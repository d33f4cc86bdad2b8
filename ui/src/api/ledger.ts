// The general ledger of the current organisation ('Huvudbok & Journal', API contract issue 5).
import useSWR from 'swr';
import { apiDownload, fetchJson, type ApiError, type DownloadedFile } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { listPath } from './list';
import type {
  LedgerAccountListResponse,
  LedgerAccountResponse,
  LedgerEntryResponse,
  LedgerJournalListQuery,
  LedgerJournalListResponse,
  LedgerJournalResponse,
  TrialBalanceResponse,
} from '@fordran/services';

export type { LedgerAccountType } from '@fordran/core/labels';
export type LedgerEntry = LedgerEntryResponse;
export type LedgerJournal = LedgerJournalResponse;
export type LedgerAccount = LedgerAccountResponse;
export type TrialBalance = TrialBalanceResponse;
export type TrialBalanceRow = TrialBalance['rows'][number];

export function ledgerKey(orgId: string): string {
  return `/orgs/${orgId}/ledger`;
}

export type LedgerJournalListParams = LedgerJournalListQuery & { limit: number };
export type LedgerJournalPage = LedgerJournalListResponse;

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
  return useSWR<LedgerAccountListResponse, ApiError>(orgId ? `${ledgerKey(orgId)}/accounts` : null, (path: string) =>
    fetchJson<LedgerAccountListResponse>(path),
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
