import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { bankgiroFromBgMax, bankgiroToBgMax, formatBankgiro, isBankgiro, parseBankgiro, validateBankgiro } from '.';

describe('parseBankgiro', () => {
  it.each([
    ['5402-9681', '54029681', '5402-9681', '0054029681'],
    ['54029681', '54029681', '5402-9681', '0054029681'],
    ['5402 9681', '54029681', '5402-9681', '0054029681'],
    ['900-2007', '9002007', '900-2007', '0009002007'],
    ['9002007', '9002007', '900-2007', '0009002007'],
  ])('%j → %s, %s, %s', (input, normalized, display, bgMaxForm) => {
    expect(parseBankgiro(input)).toEqual({ normalized, display, bgMaxForm });
  });

  it.each([
    ['', 'ange 7 eller 8 siffror'],
    ['540296', 'ange 7 eller 8 siffror'],
    ['540296812', 'ange 7 eller 8 siffror'],
    ['54-029681', 'ange 7 eller 8 siffror'],
    ['0540-2968', 'ange 7 eller 8 siffror'],
    ['5402-968a', 'ange 7 eller 8 siffror'],
    ['5402-9682', 'kontrollsiffran stämmer inte'],
  ])('%j is refused: %s', (input, message) => {
    expect(isBankgiro(input)).toBe(false);
    expect(validateBankgiro(input).some((f) => f.code === 'INVALID_BANKGIRO' && f.message.includes(message))).toBe(true);
    expect(() => parseBankgiro(input)).toThrow(DomainError);
  });

  it('formats with the hyphen before the last four digits', () => {
    expect(formatBankgiro('9002007')).toBe('900-2007');
  });

  it('fills to 10 digits for BgMax and reads that form back', () => {
    expect(bankgiroToBgMax('5402-9681')).toBe('0054029681');
    expect(bankgiroFromBgMax('0054029681').display).toBe('5402-9681');
    expect(bankgiroFromBgMax('0009002007').normalized).toBe('9002007');
  });

  it.each(['54029681', '00540296811', '0054029682', '00540a9681'])('a BgMax field %j that is not a valid 10-digit form is refused', (field) => {
    expect(() => bankgiroFromBgMax(field)).toThrow(expect.objectContaining({ code: 'INVALID_BANKGIRO' }));
  });
});
