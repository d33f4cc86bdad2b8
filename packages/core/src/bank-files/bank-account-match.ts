import type { CamtAccount } from './types';

/*
 * Which of the agency's bank accounts a bank file is for. A camt report names its account by IBAN,
 * by BBAN (clearing and account number) or by bankgiro number (`Othr/Id`, scheme BGNR); a BgMax
 * section by its recipient bankgiro. The same account must be found whichever way it is named, so
 * that a camt.054 naming it by bankgiro and the camt.053 naming it by IBAN book one transaction once.
 */

/** An account of the organisation, as bank_accounts stores it. */
export interface KnownBankAccount {
  id: string;
  iban: string | null;
  bg_number: string | null;
}

/** How a file names an account: a camt `Acct`, or a BgMax recipient bankgiro. */
export type FileAccountName = CamtAccount | { bankgiro: string };

const compact = (value: string | null | undefined) => (value ?? '').replace(/[\s-]/g, '').toUpperCase();
const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');
/** A BBAN shorter than this is too short to recognise inside an IBAN without guessing. */
const MIN_BBAN_DIGITS = 7;

function bbanMatchesIban(bban: string, iban: string): boolean {
  const account = bban.replace(/^0+/, '');
  // A Swedish IBAN is SE + 2 check digits + 3-digit bank code + 17-digit account: the BBAN is its tail.
  const ibanAccount = iban.slice(4).replace(/^0+/, '');
  return account.length >= MIN_BBAN_DIGITS && /^\d+$/.test(ibanAccount) && ibanAccount.endsWith(account);
}

function matches(known: KnownBankAccount, name: FileAccountName): boolean {
  const bankgiro = digits(known.bg_number);
  if ('bankgiro' in name) return bankgiro !== '' && bankgiro === digits(name.bankgiro);
  const iban = compact(known.iban);
  if (name.iban) return iban !== '' && iban === compact(name.iban);
  if (!name.other_id) return false;
  const other = compact(name.other_id);
  if (name.scheme === 'BGNR') return bankgiro !== '' && bankgiro === digits(other);
  if (iban !== '' && other === iban) return true;
  if (name.scheme === 'BBAN' || /^\d+$/.test(other)) return (iban !== '' && bbanMatchesIban(other, iban)) || (bankgiro !== '' && bankgiro === other);
  return false;
}

/**
 * The organisation's account a file names, or null. IBANs compare without spaces; a bankgiro number
 * by its digits; a BBAN as the tail of an account's IBAN (at least 7 digits).
 * @example matchBankAccount([{ id: 'a', iban: 'SE45 5000 0000 0583 9825 7466', bg_number: '5050-1055' }], { iban: null, other_id: '50501055', scheme: 'BGNR' })?.id // 'a'
 */
export function matchBankAccount<T extends KnownBankAccount>(accounts: readonly T[], name: FileAccountName): T | null {
  return accounts.find((known) => matches(known, name)) ?? null;
}

/**
 * The key transaction ids of an account are scoped by: its IBAN (else bankgiro) as the organisation
 * records it, so every file that names the account gives the same ids; null when the account is unknown.
 */
export function bankAccountKey(account: KnownBankAccount): string {
  const iban = compact(account.iban);
  if (iban !== '') return iban;
  const bankgiro = digits(account.bg_number);
  return bankgiro !== '' ? `BG${bankgiro}` : account.id;
}
