import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { ibanMod97, ibanWithCheckDigits, isIban, parseIban, validateIban } from '.';

describe('parseIban', () => {
  it.each([
    ['SE4550000000058398257466', 'SE4550000000058398257466', 'SE45 5000 0000 0583 9825 7466', 'SE'],
    ['SE45 5000 0000 0583 9825 7466', 'SE4550000000058398257466', 'SE45 5000 0000 0583 9825 7466', 'SE'],
    ['se45 5000 0000 0583 9825 7466', 'SE4550000000058398257466', 'SE45 5000 0000 0583 9825 7466', 'SE'],
    ['GB82 WEST 1234 5698 7654 32', 'GB82WEST12345698765432', 'GB82 WEST 1234 5698 7654 32', 'GB'],
    ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000', 'DE89 3704 0044 0532 0130 00', 'DE'],
    ['NO9386011117947', 'NO9386011117947', 'NO93 8601 1117 947', 'NO'],
  ])('%j → %s (%s)', (input, normalized, display, country_code) => {
    expect(parseIban(input)).toEqual({ normalized, display, country_code });
    expect(isIban(input)).toBe(true);
    expect(validateIban(input)).toEqual([]);
  });

  it.each([
    ['', 'ange landskod'],
    ['SE45', 'ange landskod'],
    ['4550000000058398257466SE', 'ange landskod'],
    ['SE45 5000 0000 0583 9825 746', 'ett IBAN från SE har 24 tecken'],
    ['SE45 5000 0000 0583 9825 7467', 'kontrollsiffrorna stämmer inte'],
    ['SE54 5000 0000 0583 9825 7466', 'kontrollsiffrorna stämmer inte'],
    ['GB82 WEST 1234 5698 7654 33', 'kontrollsiffrorna stämmer inte'],
  ])('%j is refused: %s', (input, message) => {
    expect(isIban(input)).toBe(false);
    expect(validateIban(input).some((f) => f.code === 'INVALID_IBAN' && f.message.includes(message))).toBe(true);
    expect(() => parseIban(input)).toThrow(DomainError);
  });

  it('checks a country missing from the length table by the general rules only', () => {
    const iban = ibanWithCheckDigits('QA', 'DOHB00001234567890ABCDEFG');
    expect(parseIban(iban).country_code).toBe('QA');
  });
});

describe('ibanWithCheckDigits / ibanMod97', () => {
  it('computes the check digits of the registry examples', () => {
    expect(ibanWithCheckDigits('GB', 'WEST12345698765432')).toBe('GB82WEST12345698765432');
    expect(ibanWithCheckDigits('SE', '50000000058398257466')).toBe('SE4550000000058398257466');
  });

  it('a valid IBAN has remainder 1', () => {
    expect(ibanMod97('DE89370400440532013000')).toBe(1);
  });
});
