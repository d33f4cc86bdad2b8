import {
  bankAccountKey,
  DomainError,
  matchBankAccount,
  type BankFileParseOptions,
  type BankFileSummary,
  type CamtAccount,
  type FileAccountName,
  type KnownBankAccount,
} from '@fordran/core';

/*
 * A bank file and the organisation's bank accounts (docs/bank-files.md): which account a file is
 * for, the account key its transaction ids are scoped by, and the refusal of a camt.054 for an
 * account the organisation does not have.
 */

/**
 * Parser options that scope camt transaction ids by the organisation's own name for the account,
 * so a notification naming it by bankgiro and a statement naming it by IBAN give the same ids.
 */
export function bankFileParseOptions(accounts: readonly KnownBankAccount[]): Pick<BankFileParseOptions, 'camt'> {
  return {
    camt: {
      accountKey: (account) => {
        const known = matchBankAccount(accounts, account);
        return known ? bankAccountKey(known) : null;
      },
    },
  };
}

/** How the file names each account it reports on (camt) or is paid into (BgMax). */
function fileAccountNames(summary: BankFileSummary): FileAccountName[] {
  const camt = (reports: readonly { account_iban: string | null; account_other_id: string | null; account_scheme: string | null }[]): CamtAccount[] =>
    reports.map((report) => ({ iban: report.account_iban, other_id: report.account_other_id, scheme: report.account_scheme }));
  if (summary.format === 'bgmax') return summary.sections.flatMap((section) => (section.recipient_bankgiro ? [{ bankgiro: section.recipient_bankgiro }] : []));
  if (summary.format === 'camt053') return camt(summary.statements);
  if (summary.format === 'camt054') return camt(summary.notifications);
  return [];
}

function describeAccount(name: FileAccountName): string {
  if ('bankgiro' in name) return `bankgiro ${name.bankgiro}`;
  if (name.iban) return `IBAN ${name.iban}`;
  return name.scheme === 'BGNR' ? `bankgiro ${name.other_id ?? ''}` : `konto ${name.other_id ?? '–'}`;
}

/** The organisation's account the file is for (its first named account that is known), or null. */
export function bankAccountOfFile(accounts: readonly KnownBankAccount[], summary: BankFileSummary): string | null {
  for (const name of fileAccountNames(summary)) {
    const known = matchBankAccount(accounts, name);
    if (known) return known.id;
  }
  return null;
}

/**
 * A camt.054 notification books money on an account it names: every notification's account must
 * be one of the organisation's, or the whole file is refused before anything is stored or booked.
 */
export function assertFileAccountsKnown(accounts: readonly KnownBankAccount[], summary: BankFileSummary): void {
  if (summary.format !== 'camt054') return;
  const unknown = [
    ...new Set(
      fileAccountNames(summary)
        .filter((name) => !matchBankAccount(accounts, name))
        .map(describeAccount),
    ),
  ];
  if (unknown.length === 0) return;
  throw new DomainError(
    'BANK_FILE_UNKNOWN_ACCOUNT',
    `Filen gäller ${unknown.join(', ')}, som inte finns bland organisationens bankkonton. Lägg till kontot under Bankavstämning › Bankkonton och importera filen igen. Inget bokfördes.`,
    { accounts: unknown },
  );
}
