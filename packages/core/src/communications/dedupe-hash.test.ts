import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { recentIsoDateArb } from '../../test/arbitraries';
import { communicationDedupeHash, type CommunicationDedupeInput } from '.';

const input: CommunicationDedupeInput = {
  org_id: '11111111-1111-1111-1111-111111111111',
  recipient: 'sven@example.se',
  template_id: '22222222-2222-2222-2222-222222222222',
  subject: 'Påminnelse',
  body: 'Hej Sven, betala 7 950,00 kr.',
  date: '2026-11-22',
};

const inputArb: fc.Arbitrary<CommunicationDedupeInput> = fc.record({
  org_id: fc.uuid(),
  recipient: fc.string(),
  template_id: fc.option(fc.uuid(), { nil: null }),
  subject: fc.option(fc.string(), { nil: null }),
  body: fc.string(),
  date: recentIsoDateArb,
});

describe('communicationDedupeHash', () => {
  it('is 64 hex characters and fixed for a fixed message', () => {
    expect(communicationDedupeHash(input)).toMatch(/^[0-9a-f]{64}$/);
    expect(communicationDedupeHash({ ...input })).toBe(communicationDedupeHash(input));
  });

  it('tells a missing subject from an empty one, and cannot be fooled by moving text between fields', () => {
    expect(communicationDedupeHash({ ...input, subject: null })).not.toBe(communicationDedupeHash({ ...input, subject: '' }));
    expect(communicationDedupeHash({ ...input, subject: 'a|b', body: 'c' })).not.toBe(communicationDedupeHash({ ...input, subject: 'a', body: 'b|c' }));
    expect(communicationDedupeHash({ ...input, subject: 'a","b', body: 'c' })).not.toBe(communicationDedupeHash({ ...input, subject: 'a', body: 'b","c' }));
  });

  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(() => communicationDedupeHash({ ...input, date: '2026-11-22T10:00:00Z' })).toThrow(DomainError);
  });

  it('identical messages get identical hashes', () => {
    fc.assert(fc.property(inputArb, (message) => communicationDedupeHash(message) === communicationDedupeHash(structuredClone(message))));
  });

  const fields = ['org_id', 'recipient', 'template_id', 'subject', 'body', 'date'] as const;
  it('the hash changes when any one field changes', () => {
    fc.assert(
      fc.property(inputArb, inputArb, fc.constantFrom(...fields), (message, other, field) => {
        fc.pre(message[field] !== other[field]);
        const changed = { ...message, [field]: other[field] } as CommunicationDedupeInput;
        return communicationDedupeHash(changed) !== communicationDedupeHash(message);
      }),
    );
  });
});
