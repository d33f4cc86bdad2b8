import type { BankTransactionIdentity } from './types';

/*
 * What a stored transaction id says about itself (docs/bank-files.md "One booking per bank
 * transaction"). Ids are Fordran's own: `{scheme}:…`, where the scheme is the family of files that
 * share ids (bgmax; camt for both camt.053 and camt.054; csv) and a content hash is `sha256-…`.
 */

/** The family of files whose ids can be compared: `bgmax`, `camt`, `csv`. */
export function transactionIdScheme(transactionId: string): string {
  return transactionId.slice(0, Math.max(0, transactionId.indexOf(':')));
}

/** How sure an id is; ids of old imports (before the identity was recorded) are read the same way. */
export function transactionIdIdentity(transactionId: string): BankTransactionIdentity {
  if (/(^|:)sha256-/.test(transactionId)) return 'content';
  return /:e2e:/.test(transactionId) ? 'end_to_end' : 'bank_reference';
}

/**
 * Whether two ids can tell two transactions apart: both from the same family of files and neither
 * a content hash. Then different ids are different transactions; otherwise equal amount, date and
 * OCR may still be the same transaction, and a person decides.
 * @example transactionIdsComparable('camt:SE45…:REF-1', 'camt:SE45…:REF-2') // true
 */
export function transactionIdsComparable(a: string, b: string): boolean {
  return transactionIdScheme(a) === transactionIdScheme(b) && transactionIdIdentity(a) !== 'content' && transactionIdIdentity(b) !== 'content';
}

/**
 * The id a payment held for review gets when its transaction id is already booked from another
 * file (the unique index allows one row per id): the id and the statement it came from.
 */
export function heldTransactionId(transactionId: string, statementId: string): string {
  return `${transactionId}@${statementId}`;
}

/** The file's transaction id of a payment booked from statement `statementId` (a held id without its suffix). */
export function fileTransactionId(storedId: string, statementId: string): string {
  const suffix = heldTransactionId('', statementId);
  return storedId.endsWith(suffix) ? storedId.slice(0, -suffix.length) : storedId;
}
