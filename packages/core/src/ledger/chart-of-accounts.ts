import { DomainError } from '../errors';
import type { LedgerAccountType } from './ledger-codes';

/** A ledger account (gl_accounts): a BAS account code, a Swedish name, a type. */
export interface LedgerAccount {
  code: string;
  name: string;
  type: LedgerAccountType;
  is_active: boolean;
}

/**
 * The account codes the domain books on, by role. Codes follow the Swedish BAS chart's classes
 * (1 assets, 2 liabilities, 3 income, 8 financial items) so an accountant can read the ledger;
 * 1510/1511/1512 and 1900 are fixed by the spec's allocation posting (part 2 §7).
 */
export const LEDGER_ACCOUNT_CODES = {
  /** Capital (principal) the debtors owe; the spec's allocation credits it (part 2 §7). */
  principalReceivable: '1510',
  /** Interest charged to debtors and not yet paid; kept apart from capital because an
   *  inkassokrav must state capital, interest and costs separately (inkassolagen 5 §). */
  interestReceivable: '1511',
  /** Fees (reminder, collection, payment plan) charged and not yet paid; same reason. */
  feesReceivable: '1512',
  /** The bank account debtors pay into: client funds (klientmedel), held for creditors and
   *  kept apart from the agency's own money. The spec debits it with every payment (part 2 §7). */
  clientFunds: '1900',
  /** The agency's own operating account (bank account type `operating`, spec part 2 §3):
   *  where earned fees and interest go once settled from client funds. */
  operatingBank: '1930',
  /** What the agency owes its clients (the creditors): the principal it collects on their
   *  behalf. Booked against 1510 when a claim is registered, settled when paid out. */
  clientLiability: '2890',
  /** Payments received but not (yet) allocated to a case: unmatched payments and
   *  over-payments in bank-file imports. Owed to someone until moved to a case or refunded. */
  unallocatedPayments: '2990',
  /** Balanserad vinst eller förlust: the results of earlier years carried forward (BAS 2091). */
  retainedEarnings: '2091',
  /** Årets resultat: a closed year's result, until it is carried to 2091 the next year (BAS 2099). */
  yearResult: '2099',
  /** The agency's fee income (reminder, collection, payment-plan fees). */
  feeIncome: '3010',
  /** BAS 3740 Öres- och kronutjämning: a rounding difference between a bank statement and the
   *  bookings, written off with a reason (an adjustment of bank reconciliation). */
  roundingDifferences: '3740',
  /** BAS 6570 Bankkostnader: what the bank charges (or refunds) on the client funds account, as
   *  found when reconciling a statement whose money differs from the bookings by the charge. */
  bankCharges: '6570',
  /** Interest income on overdue claims (dröjsmålsränta charged to debtors). */
  interestIncome: '8310',
  /** Årets resultat (BAS 8999): the closing voucher moves the year's result from the result
   *  accounts through it to 2099, so a closed year's result accounts sum to zero. */
  yearResultTransfer: '8999',
} as const;

export type LedgerAccountCode = (typeof LEDGER_ACCOUNT_CODES)[keyof typeof LEDGER_ACCOUNT_CODES];

/**
 * The seed chart of accounts, sorted by code. Names are Swedish (shown as-is in the
 * Kontoplan tab). The receivable sub-accounts 1511/1512 split BAS group 151x by what is owed.
 * The equity accounts 2091/2099 and 8999 carry each year's result in the SIE export (sie-year.ts).
 */
export const SEED_LEDGER_ACCOUNTS: readonly LedgerAccount[] = [
  { code: LEDGER_ACCOUNT_CODES.principalReceivable, name: 'Kundfordringar – kapital', type: 'asset', is_active: true },
  { code: LEDGER_ACCOUNT_CODES.interestReceivable, name: 'Kundfordringar – ränta', type: 'asset', is_active: true },
  { code: LEDGER_ACCOUNT_CODES.feesReceivable, name: 'Kundfordringar – avgifter', type: 'asset', is_active: true },
  { code: LEDGER_ACCOUNT_CODES.clientFunds, name: 'Klientmedelskonto', type: 'asset', is_active: true },
  { code: LEDGER_ACCOUNT_CODES.operatingBank, name: 'Företagskonto', type: 'asset', is_active: true },
  { code: LEDGER_ACCOUNT_CODES.retainedEarnings, name: 'Balanserad vinst eller förlust', type: 'equity', is_active: true },
  { code: LEDGER_ACCOUNT_CODES.yearResult, name: 'Årets resultat', type: 'equity', is_active: true },
  { code: LEDGER_ACCOUNT_CODES.clientLiability, name: 'Skuld till uppdragsgivare', type: 'liability', is_active: true },
  { code: LEDGER_ACCOUNT_CODES.unallocatedPayments, name: 'Oredovisade betalningar', type: 'liability', is_active: true },
  { code: LEDGER_ACCOUNT_CODES.feeIncome, name: 'Inkassoarvoden och avgiftsintäkter', type: 'income', is_active: true },
  { code: LEDGER_ACCOUNT_CODES.roundingDifferences, name: 'Öres- och kronutjämning', type: 'income', is_active: true },
  { code: LEDGER_ACCOUNT_CODES.bankCharges, name: 'Bankkostnader', type: 'expense', is_active: true },
  { code: LEDGER_ACCOUNT_CODES.interestIncome, name: 'Ränteintäkter', type: 'income', is_active: true },
  { code: LEDGER_ACCOUNT_CODES.yearResultTransfer, name: 'Årets resultat', type: 'expense', is_active: true },
];

/**
 * The counter accounts an adjustment of bank reconciliation may book against 1900 client funds
 * (docs/bank-files.md "Resolving differences"): money on the account that is owed to someone until
 * it is matched or refunded (2990), or a rounding difference (3740). Bank charges have their own
 * action (6570); no other account is offered, so a difference is never hidden in an arbitrary one.
 */
export const BANK_ADJUSTMENT_ACCOUNT_CODES = [LEDGER_ACCOUNT_CODES.unallocatedPayments, LEDGER_ACCOUNT_CODES.roundingDifferences] as const;
export type BankAdjustmentAccountCode = (typeof BANK_ADJUSTMENT_ACCOUNT_CODES)[number];

/** What each adjustment account is for, as the 'Lös' dialog says it. */
export const BANK_ADJUSTMENT_ACCOUNT_PURPOSES: Readonly<Record<BankAdjustmentAccountCode, string>> = {
  '2990': 'Pengar på kontot som tillhör någon och väntar på matchning eller återbetalning',
  '3740': 'Öresavrundning eller annan liten skillnad som skrivs av',
};

/**
 * True for account types whose balance is debit minus credit (assets, expenses).
 * @example isDebitNormalAccountType('asset') // true
 */
export function isDebitNormalAccountType(type: LedgerAccountType): boolean {
  return type === 'asset' || type === 'expense';
}

/**
 * Finds an account by code; throws UNKNOWN_ACCOUNT when the chart has none.
 * @example findLedgerAccount(SEED_LEDGER_ACCOUNTS, '1510').name // 'Kundfordringar – kapital'
 */
export function findLedgerAccount(accounts: readonly LedgerAccount[], code: string): LedgerAccount {
  const account = accounts.find((candidate) => candidate.code === code);
  if (!account) throw new DomainError('UNKNOWN_ACCOUNT', `Okänt konto: ${code}`, { code });
  return account;
}
