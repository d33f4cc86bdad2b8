/**
 * How payment texts (bank reference, debtor's message) and case references are compared:
 * case-insensitive, split into tokens of letters and digits so that punctuation and spacing
 * never decide a match, while a reference inside a longer word never counts ("whole token").
 * Internal to the matching module.
 */

/** Letters and digits in upper case, split at everything else. */
export function textTokens(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .toUpperCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token.length > 0);
}

/**
 * A claim reference's comparison key: its tokens joined without separators, so `2024-001`,
 * `2024 001` and `2024001` are the same reference. Empty when it has no letters or digits.
 */
export function referenceKey(reference: string | null | undefined): { key: string; tokenCount: number } {
  const tokens = textTokens(reference);
  return { key: tokens.join(''), tokenCount: tokens.length };
}

/** OCR references compare digit for digit; paper and bank files add spaces. */
export function ocrKey(value: string | null | undefined): string {
  return value ? value.replace(/\s+/g, '') : '';
}

/** Case ids compare case-insensitively (UUIDs are hex; some sources print them in upper case). */
export function caseIdKey(id: string): string {
  return id.trim().toLowerCase();
}
