// Bank accounts and bank statements of the current organisation ('Bankavstämning', API contract issue 5).
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type {
  BankAccountCreateInput,
  BankAccountListResponse,
  BankAccountResponse,
  BankAccountUpdateInput,
  BankStatementDetail,
  BankStatementListResponse,
  BankStatementSummary,
} from '@fordran/services';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { isListKeyOf, listPath } from './list';

export type { BankAccountType } from '@fordran/core/labels';
export type BankAccount = BankAccountResponse;
export type BankAccountInput = BankAccountCreateInput;

export type { BankStatementDetail, BankStatementSummary };

export type ReconciliationStatus = BankStatementSummary['reconciliation_status'];

export type StatementDifference = BankStatementDetail['differences'][number];

/** A payment booked in Fordran as the review shows it beside a line of the file. */
export type BookedPayment = NonNullable<StatementLine['payment']>;

/**
 * A transaction of the file beside its booking: a payment, a BgMax deduction, a camt reversal
 * (with the payment it takes back, when found), a returned payment or an amount in another
 * currency (`amount` is in `currency`, never kronor unless SEK).
 */
export type StatementLine = BankStatementDetail['lines'][number];

/** A balance the statement states (OPBD, CLBD, …) in its own currency; only SEK ones are checked. */
export type StatementBalance = BankStatementDetail['balances'][number];

export type BankStatementList = BankStatementListResponse;

export function bankAccountsKey(orgId: string): string {
  return `/orgs/${orgId}/bank-accounts`;
}

export function bankStatementsKey(orgId: string): string {
  return `/orgs/${orgId}/bank-statements`;
}

/** The accounts, inactive ones too when `includeInactive` (the editor needs them). */
export function useBankAccounts(includeInactive: boolean) {
  const orgId = useCurrentOrgId();
  return useSWR<BankAccountListResponse, ApiError>(
    orgId ? listPath(bankAccountsKey(orgId), { include_inactive: includeInactive ? 'true' : undefined }) : null,
    (path: string) => fetchJson<BankAccountListResponse>(path),
  );
}

/** The latest 50 statements, statement date desc (spec part 2 §9). */
export function useBankStatements() {
  const orgId = useCurrentOrgId();
  return useSWR<BankStatementList, ApiError>(orgId ? bankStatementsKey(orgId) : null, (path: string) => fetchJson<BankStatementList>(path));
}

/** The review view of one statement; null loads nothing. */
export function useBankStatement(statementId: string | null) {
  const orgId = useCurrentOrgId();
  return useSWR<BankStatementDetail, ApiError>(orgId && statementId ? `${bankStatementsKey(orgId)}/${encodeURIComponent(statementId)}` : null, (path: string) =>
    fetchJson<BankStatementDetail>(path),
  );
}

/** Creating and changing bank accounts, reconciling statements; each revalidates what it changed. */
export function useBankMutations() {
  const orgId = useCurrentOrgId();
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const requireOrg = (): string => {
      if (!orgId) throw new Error('Ingen organisation vald');
      return orgId;
    };
    return {
      async createBankAccount(input: BankAccountInput): Promise<BankAccount> {
        const id = requireOrg();
        const account = await api.post<BankAccount>(bankAccountsKey(id), input);
        await mutate(isListKeyOf(bankAccountsKey(id)));
        return account;
      },
      async updateBankAccount(accountId: string, patch: BankAccountUpdateInput): Promise<BankAccount> {
        const id = requireOrg();
        const account = await api.patch<BankAccount>(`${bankAccountsKey(id)}/${encodeURIComponent(accountId)}`, patch);
        await mutate(isListKeyOf(bankAccountsKey(id)));
        return account;
      },
      async reconcileStatement(statementId: string): Promise<BankStatementDetail> {
        const id = requireOrg();
        const detailKey = `${bankStatementsKey(id)}/${encodeURIComponent(statementId)}`;
        const detail = await api.post<BankStatementDetail>(`${detailKey}/reconcile`);
        await Promise.all([mutate(detailKey, detail, { revalidate: false }), mutate(bankStatementsKey(id))]);
        return detail;
      },
    };
  }, [orgId, mutate]);
}
