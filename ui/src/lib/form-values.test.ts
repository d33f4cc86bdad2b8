import { describe, expect, it } from 'vitest';
import { changedText, trimmedOrNull, trimmedParts } from './form-values';

describe('form values', () => {
  it('a cleared optional field is null; a value is trimmed', () => {
    expect(trimmedOrNull('   ')).toBeNull();
    expect(trimmedOrNull(' K-100 ')).toBe('K-100');
  });

  it('keeps only the parts of a JSON field that hold text', () => {
    expect(trimmedParts({ street: ' Ringvägen 5 ', zip: '', city: '  ' })).toEqual({ street: 'Ringvägen 5' });
    expect(trimmedParts({ name: '', email: '' })).toEqual({});
  });

  it('an edit changes a field only when its trimmed text differs from the saved value', () => {
    const before = { name: 'Norrbygg AB', phone: '', city: 'Örebro' };
    const changed = changedText(before, { name: ' Norrbygg AB ', phone: '', city: 'Göteborg' });
    expect(changed('name')).toBe(false);
    expect(changed('phone')).toBe(false);
    expect(changed('city')).toBe(true);
    expect(changed('name', 'phone', 'city')).toBe(true);
    expect(changedText(before, { ...before, phone: '070' })('phone')).toBe(true);
  });
});
