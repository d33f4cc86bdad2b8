import { dictionary } from '@zxcvbn-ts/language-common';

/*
 * The most common passwords are refused at sign-up (beside the spec's 6-character minimum): they
 * are the first guesses of any attack. The list is zxcvbn-ts's `passwords-common`
 * (@zxcvbn-ts/language-common, MIT, maintained on npm), ranked by how often each password occurs
 * in leaked password sets; the first 10 000 are refused. It is lower-case, so comparisons are too.
 */
const REFUSED_COUNT = 10_000;

let refused: ReadonlySet<string> | null = null;

/** True for one of the 10 000 most common passwords (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  refused ??= new Set(dictionary['passwords-common'].slice(0, REFUSED_COUNT));
  return refused.has(password.normalize('NFKC').toLowerCase());
}
