import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { classifyPartySearch } from '.';

describe('classifyPartySearch (spec part 1 §5)', () => {
  it.each([
    ['5560360793', 'company'],
    ['556036-0793', 'company'],
    ['556036 0793', 'company'],
    [' 5560360793 ', 'company'],
    ['8112189876', 'company'], // exactly 10 digits: the spec's rule, even for a personnummer
    ['811218-9876', 'company'],
    ['198112189876', 'person'],
    ['19811218-9876', 'person'],
    ['811218+9876', 'person'],
    ['556-036-0793', 'person'], // only one hyphen is removed
    ['556036079', 'person'],
    ['Anna Andersson', 'person'],
    ['', 'person'],
  ])('%j searches %s', (query, expected) => {
    expect(classifyPartySearch(query)).toBe(expected);
  });

  it('a value with a non-digit other than spaces and one hyphen is a person', () => {
    fc.assert(fc.property(fc.string(), fc.constantFrom('a', '+', '.', '/', 'Ö'), (text, letter) => classifyPartySearch(`${text}${letter}`) === 'person'));
  });

  it('any 10 digits, however spaced, are a company', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 10, maxLength: 10 }),
        fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
        (digits, spaces) => classifyPartySearch(digits.map((d, i) => (spaces[i] ? ` ${d}` : `${d}`)).join('')) === 'company',
      ),
    );
  });
});
