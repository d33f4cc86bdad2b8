/*
 * The codes of bank accounts, bank files and statement reviews that the API sends, with their
 * Swedish names (also read by the browser through `@fordran/core/labels`: plain data only).
 */

/** Bank account types (spec part 2 §3). Client funds belong to the creditors and are kept apart. */
export const BANK_ACCOUNT_TYPES = ['client_funds', 'operating'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

export const BANK_ACCOUNT_TYPE_LABELS: Readonly<Record<BankAccountType, string>> = {
  client_funds: 'Klientmedelskonto',
  operating: 'Driftkonto',
};

/** Bank file formats a statement may have (spec part 2 §9); `lb` is outgoing, never imported. */
export const BANK_FILE_FORMATS = ['bgmax', 'lb', 'camt053', 'camt054', 'csv'] as const;
export type StoredBankFileFormat = (typeof BANK_FILE_FORMATS)[number];

/** The formats an import reads (BankFileFormat). */
export const BANK_IMPORT_FORMATS = ['bgmax', 'camt053', 'camt054', 'csv'] as const satisfies readonly StoredBankFileFormat[];

export const BANK_FILE_FORMAT_LABELS: Readonly<Record<StoredBankFileFormat, string>> = {
  bgmax: 'BgMax',
  lb: 'LB',
  camt053: 'camt.053',
  camt054: 'camt.054',
  csv: 'CSV',
};

/**
 * What a transaction of a statement is: an incoming payment, a BgMax deduction, a camt reversal,
 * a returned payment or an amount in another currency.
 */
export const STATEMENT_LINE_KINDS = ['payment', 'deduction', 'reversal', 'returned', 'foreign'] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];

export const STATEMENT_LINE_KIND_LABELS: Readonly<Record<StatementLineKind, string>> = {
  payment: 'Betalning',
  deduction: 'Avdrag',
  reversal: 'Återföring',
  returned: 'Returnerad',
  foreign: 'Annan valuta',
};

/**
 * How a line stands against the bookings: matched, missing (no booking), differs, held (a
 * possible repeat waiting for review), not compared (deductions, reversals, returns, foreign
 * amounts: shown by their kind), or excluded (set aside as another account's).
 */
export const STATEMENT_LINE_STATUSES = ['matched', 'missing', 'differs', 'held', 'not_compared', 'excluded'] as const;
export type StatementLineStatus = (typeof STATEMENT_LINE_STATUSES)[number];

export const STATEMENT_LINE_STATUS_LABELS: Readonly<Record<StatementLineStatus, string>> = {
  matched: 'Stämmer',
  missing: 'Saknas',
  differs: 'Avviker',
  held: 'Möjlig dubblett',
  not_compared: 'Ej jämförd',
  excluded: 'Annat konto',
};

/** camt balance types (ISO 20022 BalanceType12Code) Fordran names; any other is shown by its code. */
export const CAMT_BALANCE_TYPE_LABELS: Readonly<Record<string, string>> = {
  OPBD: 'Ingående saldo',
  CLBD: 'Utgående saldo',
};
