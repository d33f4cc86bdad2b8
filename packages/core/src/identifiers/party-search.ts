/** What a party search value is looked up as (spec part 1 §5). */
export type PartySearchKind = 'company' | 'person';

/**
 * The party dialog's search rule (spec part 1 §5): a value of exactly 10 digits, once spaces and
 * one hyphen are removed, is an organisationsnummer (company); anything else a person. A
 * 10-digit personnummer therefore searches companies: that is the spec's rule, kept as stated.
 * @example classifyPartySearch('556036-0793') // 'company'
 * @example classifyPartySearch('19811218-9876') // 'person'
 */
export function classifyPartySearch(query: string): PartySearchKind {
  const compact = query.replace(/\s+/g, '').replace('-', '');
  return /^\d{10}$/.test(compact) ? 'company' : 'person';
}
