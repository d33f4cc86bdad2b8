import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { changedFields } from './changed-fields';

interface Row {
  name: string;
  phone: string | null;
  status: 'active' | 'inactive';
  address_json: { street?: string; city?: string } | null;
  is_active: boolean;
}

const before: Row = { name: 'Solvik AB', phone: null, status: 'active', address_json: { street: 'Ringvägen 5', city: 'Örebro' }, is_active: true };

describe('changedFields', () => {
  it('keeps only the fields whose value differs', () => {
    expect(changedFields(before, { name: 'Solvik AB', phone: '070-1740606', status: 'inactive' })).toEqual({ phone: '070-1740606', status: 'inactive' });
  });

  it('compares objects by value, not by identity', () => {
    expect(changedFields(before, { address_json: { street: 'Ringvägen 5', city: 'Örebro' } })).toEqual({});
    expect(changedFields(before, { address_json: { street: 'Ringvägen 7', city: 'Örebro' } })).toEqual({
      address_json: { street: 'Ringvägen 7', city: 'Örebro' },
    });
  });

  it('treats null, undefined and a missing column alike', () => {
    expect(changedFields(before, { phone: null })).toEqual({});
    expect(changedFields(before, { phone: undefined })).toEqual({});
    expect(changedFields({ name: 'A' } as Row, { phone: null })).toEqual({});
  });

  it('sees false, 0 and an empty string as values, not as absent', () => {
    expect(changedFields(before, { is_active: false })).toEqual({ is_active: false });
    expect(changedFields(before, { phone: '' })).toEqual({ phone: '' });
    expect(changedFields({ n: null } as { n: number | null }, { n: 0 })).toEqual({ n: 0 });
  });

  it('clearing a field is a change', () => {
    expect(changedFields(before, { address_json: null })).toEqual({ address_json: null });
  });

  it('applying the changed fields gives the same row as applying all changes', () => {
    const value = fc.oneof(fc.constant(null), fc.string({ maxLength: 3 }), fc.integer({ min: -2, max: 2 }), fc.boolean());
    const row = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), value);
    fc.assert(
      fc.property(row, row, (start, changes) => {
        const changed = changedFields(start, changes);
        const normalise = (r: Record<string, unknown>) => JSON.stringify(['a', 'b', 'c', 'd'].map((key) => r[key] ?? null));
        return (
          normalise({ ...start, ...changed }) === normalise({ ...start, ...changes }) &&
          Object.keys(changed).every((key) => JSON.stringify(start[key] ?? null) !== JSON.stringify(changed[key]))
        );
      }),
    );
  });
});
