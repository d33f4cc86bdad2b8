import { DomainError } from '../errors';
import { ore, subOre, sumOre, type Ore } from '../money';
import type { AllocationBalances } from '../allocation';
import { isDebitNormalAccountType, LEDGER_ACCOUNT_CODES, type LedgerAccount } from './chart-of-accounts';
import type { LedgerAccountType } from './ledger-codes';
import type { LedgerJournalLine } from './journal';

/** The amounts of a posted entry that balances are computed from. */
export type LedgerEntryAmounts = Pick<LedgerJournalLine, 'account_code' | 'debitOre' | 'creditOre' | 'case_id'>;

export interface TrialBalanceRow {
  account_code: string;
  name: string;
  type: LedgerAccountType;
  debitOre: Ore;
  creditOre: Ore;
  /** Signed by the account type: debit − credit for assets/expenses, credit − debit otherwise. */
  balanceOre: Ore;
}

export interface TrialBalance {
  rows: TrialBalanceRow[];
  total_debitOre: Ore;
  total_creditOre: Ore;
  /** Σ debit = Σ credit: false means an unbalanced journal reached the ledger. */
  is_balanced: boolean;
}

/**
 * An account balance from its debit and credit totals (öre), signed so that the normal side is
 * positive: assets and expenses are debit-normal, liabilities, equity and income credit-normal.
 * @example signedAccountBalanceOre('liability', ore(100), ore(500)) // 400
 */
export function signedAccountBalanceOre(type: LedgerAccountType, debitOre: Ore, creditOre: Ore): Ore {
  return isDebitNormalAccountType(type) ? subOre(debitOre, creditOre) : subOre(creditOre, debitOre);
}

/**
 * The balance of one account over a set of entries, in öre, signed by its type.
 * @example ledgerAccountBalance(entries, findLedgerAccount(SEED_LEDGER_ACCOUNTS, '1900')) // 200000
 */
export function ledgerAccountBalance(entries: readonly LedgerEntryAmounts[], account: LedgerAccount): Ore {
  const own = entries.filter((entry) => entry.account_code === account.code);
  return signedAccountBalanceOre(account.type, sumOre(own.map((entry) => entry.debitOre)), sumOre(own.map((entry) => entry.creditOre)));
}

/**
 * Per account: Σ debit, Σ credit and the balance signed by type, sorted by account code, plus
 * the check Σ debit = Σ credit over all entries. Lists every active account and every account
 * with entries; an entry on an account missing from the chart throws UNKNOWN_ACCOUNT.
 * @example trialBalance(journals.flatMap((j) => j.lines), SEED_LEDGER_ACCOUNTS).is_balanced // true
 */
export function trialBalance(entries: readonly LedgerEntryAmounts[], accounts: readonly LedgerAccount[]): TrialBalance {
  const byCode = new Map(accounts.map((account) => [account.code, account]));
  const totals = new Map<string, { debitOre: Ore; creditOre: Ore }>();
  for (const account of accounts) {
    if (account.is_active) totals.set(account.code, { debitOre: ore(0), creditOre: ore(0) });
  }
  for (const entry of entries) {
    if (!byCode.has(entry.account_code)) {
      throw new DomainError('UNKNOWN_ACCOUNT', `Okänt konto: ${entry.account_code}`, { code: entry.account_code });
    }
    const sum = totals.get(entry.account_code) ?? { debitOre: ore(0), creditOre: ore(0) };
    totals.set(entry.account_code, {
      debitOre: sumOre([sum.debitOre, ore(entry.debitOre)]),
      creditOre: sumOre([sum.creditOre, ore(entry.creditOre)]),
    });
  }
  const rows = [...totals.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([code, sum]): TrialBalanceRow => {
      const account = byCode.get(code)!;
      return {
        account_code: code,
        name: account.name,
        type: account.type,
        debitOre: sum.debitOre,
        creditOre: sum.creditOre,
        balanceOre: signedAccountBalanceOre(account.type, sum.debitOre, sum.creditOre),
      };
    });
  const total_debitOre = sumOre(rows.map((row) => row.debitOre));
  const total_creditOre = sumOre(rows.map((row) => row.creditOre));
  return { rows, total_debitOre, total_creditOre, is_balanced: total_debitOre === total_creditOre };
}

/**
 * A case's open balances as the ledger holds them: the debit balances of 1510 (principal),
 * 1511 (interest) and 1512 (fees) over the entries carrying that case_id, ready for
 * `allocatePayment`. The ledger, not the case totals, knows how earlier payments were split.
 * @example ledgerCaseOpenBalances(entries, 'c1') // { principalOre: 595000, interestOre: 0, feesOre: 0 }
 */
export function ledgerCaseOpenBalances(entries: readonly LedgerEntryAmounts[], case_id: string): AllocationBalances {
  const own = entries.filter((entry) => entry.case_id === case_id);
  const balance = (code: string): Ore => {
    const lines = own.filter((entry) => entry.account_code === code);
    return subOre(sumOre(lines.map((entry) => entry.debitOre)), sumOre(lines.map((entry) => entry.creditOre)));
  };
  return {
    principalOre: balance(LEDGER_ACCOUNT_CODES.principalReceivable),
    interestOre: balance(LEDGER_ACCOUNT_CODES.interestReceivable),
    feesOre: balance(LEDGER_ACCOUNT_CODES.feesReceivable),
  };
}
