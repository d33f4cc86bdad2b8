/**
 * Identifier input as people type it: spaces anywhere (paper forms group digits), and typographic
 * dashes pasted from documents. Removes whitespace and turns dash look-alikes into `-`.
 * Internal to the identifiers module.
 */
export function compactIdentifierInput(input: string): string {
  return input.replace(/\s+/g, '').replace(/[\u2010-\u2015\u2212]/g, '-');
}
