import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { caseMessageReference } from '.';

describe('caseMessageReference (spec part 1 §9)', () => {
  it.each([
    ['3f2a1b2c-9d8e-4f70-a1b2-c3d4e5f60718', '3F2A1B2C'],
    ['3F2A1B2C-9D8E-4F70-A1B2-C3D4E5F60718', '3F2A1B2C'],
    [' 0000abcd-0000-4000-8000-000000000000', '0000ABCD'],
    ['abcdefgh', 'ABCDEFGH'],
  ])('%s → %s', (id, expected) => {
    expect(caseMessageReference(id)).toBe(expected);
  });

  it.each(['', 'abc', '1234567'])('an id shorter than 8 characters (%j) is INVALID_ID', (id) => {
    expect(() => caseMessageReference(id)).toThrow(expect.objectContaining({ code: 'INVALID_ID' }));
  });

  it('the message reference is the id’s first 8 characters in upper case', () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        const reference = caseMessageReference(id);
        return reference.length === 8 && reference === reference.toUpperCase() && id.toUpperCase().startsWith(reference);
      }),
    );
  });
});
