import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { isPlusgiro, parsePlusgiro, validatePlusgiro } from '.';

describe('parsePlusgiro', () => {
  it.each([
    ['90 20 03-3', '9020033', '90 20 03-3'],
    ['9020033', '9020033', '90 20 03-3'],
    ['902003-3', '9020033', '90 20 03-3'],
    ['4 54 12 34-3', '45412343', '4 54 12 34-3'],
    ['45412343', '45412343', '4 54 12 34-3'],
    ['18', '18', '1-8'],
    ['1-8', '18', '1-8'],
    ['1234–4', '12344', '12 34-4'],
  ])('%j → %s, shown %s', (input, normalized, display) => {
    expect(parsePlusgiro(input)).toEqual({ normalized, display });
  });

  it.each([
    ['', 'ange 2–8 siffror'],
    ['8', 'ange 2–8 siffror'],
    ['123456789', 'ange 2–8 siffror'],
    ['09020033', 'ange 2–8 siffror'],
    ['90-20-03-3', 'ange 2–8 siffror'],
    ['90 20 0a-3', 'ange 2–8 siffror'],
    ['90 20 03-4', 'kontrollsiffran stämmer inte'],
    ['45412344', 'kontrollsiffran stämmer inte'],
  ])('%j is refused: %s', (input, message) => {
    expect(isPlusgiro(input)).toBe(false);
    expect(validatePlusgiro(input).some((f) => f.code === 'INVALID_PLUSGIRO' && f.message.includes(message))).toBe(true);
    expect(() => parsePlusgiro(input)).toThrow(DomainError);
  });
});
