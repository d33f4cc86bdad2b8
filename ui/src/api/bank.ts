// Bank accounts and bank statements of the current organisation ('Bankavstämning', API contract issue 5).
import useSWR from 'swr';
import type {
  BankAccountCreateInput,
  BankAccountListResponse,
  BankAccountResponse,
  BankAccountUpdateInput,
  BankStatementDetail,
  BankStatementListResponse,
  BankStatementSummary,
  StatementResolutionCreateInput,
  StatementResolutionOptions,
  StatementResolutionResponse,
} from '@fordran/services';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { useOrgWrites, type OrgWrites } from './org-writes';
import { ledgerKey } from './ledger';
import { isKeyUnder, isListKeyOf, listPath } from './list';
import { paymentsKey } from './payments';

export type { BankAccountType } from '@fordran/core/labels';
export type BankAccount = BankAccountResponse;
export type BankAccountInput = BankAccountCreateInput;

export type { BankStatementDetail, BankStatementSummary, StatementResolutionCreateInput, StatementResolutionOptions };

/** A person's decision on a difference, with who, when and why (undone ones too). */
export type StatementResolution = StatementResolutionResponse;

export type StatementResolutionKind = StatementResolution['kind'];

/** A payment a line may be, as the 'Lös' dialog offers it. */
export type StatementPaymentCandidate = StatementResolutionOptions['candidates'][number];

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

function statementKey(orgId: string, statementId: string): string {
  return `${bankStatementsKey(orgId)}/${encodeURIComponent(statementId)}`;
}

/** What the 'Lös' dialog offers for one open difference (by its key); null loads nothing. */
export function useResolutionOptions(statementId: string, differenceKey: string | null) {
  const orgId = useCurrentOrgId();
  return useSWR<StatementResolutionOptions, ApiError>(
    orgId && differenceKey ? listPath(`${statementKey(orgId, statementId)}/resolution-options`, { difference: differenceKey }) : null,
    (path: string) => fetchJson<StatementResolutionOptions>(path),
    { revalidateOnFocus: false },
  );
}

/** Creating and changing bank accounts, reconciling statements and resolving their differences; each revalidates what it changed. */
function bankWrites({ orgId, mutate }: OrgWrites) {
  // A write that answers with the statement's review: shown at once, the list (its status) and the options read again.
  const showDetail = async (statementId: string, write: (detailKey: string) => Promise<BankStatementDetail>): Promise<BankStatementDetail> => {
    const id = orgId();
    const detailKey = statementKey(id, statementId);
    const detail = await write(detailKey);
    await Promise.all([
      mutate(detailKey, detail, { revalidate: false }),
      mutate(isListKeyOf(bankStatementsKey(id))),
      mutate((key) => typeof key === 'string' && key.startsWith(`${detailKey}/resolution-options`), undefined, { revalidate: false }),
      // A decision books journals and links payments.
      mutate(isKeyUnder(ledgerKey(id))),
      mutate(isKeyUnder(paymentsKey(id))),
    ]);
    return detail;
  };
  return {
    async createBankAccount(input: BankAccountInput): Promise<BankAccount> {
      const id = orgId();
      const account = await api.post<BankAccount>(bankAccountsKey(id), input);
      await mutate(isListKeyOf(bankAccountsKey(id)));
      return account;
    },
    async updateBankAccount(accountId: string, patch: BankAccountUpdateInput): Promise<BankAccount> {
      const id = orgId();
      const account = await api.patch<BankAccount>(`${bankAccountsKey(id)}/${encodeURIComponent(accountId)}`, patch);
      await mutate(isListKeyOf(bankAccountsKey(id)));
      return account;
    },
    async reconcileStatement(statementId: string): Promise<BankStatementDetail> {
      return showDetail(statementId, (detailKey) => api.post<BankStatementDetail>(`${detailKey}/reconcile`));
    },
    /** Resolves one open difference with a reason; the statement is reconciled again at once. */
    async resolveDifference(statementId: string, input: StatementResolutionCreateInput): Promise<BankStatementDetail> {
      return showDetail(statementId, (detailKey) => api.post<BankStatementDetail>(`${detailKey}/resolutions`, input));
    },
    /** Undoes a decision with a reason; the statement is reconciled again at once. */
    async undoResolution(statementId: string, resolutionId: string, reason: string): Promise<BankStatementDetail> {
      return showDetail(statementId, (detailKey) =>
        api.post<BankStatementDetail>(`${detailKey}/resolutions/${encodeURIComponent(resolutionId)}/undo`, { reason }),
      );
    },
  };
}

export function useBankMutations() {
  return useOrgWrites(bankWrites);
}
