import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { generateOcrReference, hasValidOcrLengthDigit, isOcrReference, ocrLengthDigit, parseOcrReference, validateOcrReference } from '.';

describe('generateOcrReference (reference §3.7)', () => {
  it.each([
    ['123', false, '1230'],
    ['123', true, '12351'],
    ['1234567890', true, '123456789023'],
    ['1', true, '133'], // length 3, then Luhn over 13
    ['12 34', false, '12344'],
  ])('base %j with length digit %s → %s', (base, withLengthDigit, expected) => {
    expect(generateOcrReference(base, { withLengthDigit })).toBe(expected);
  });

  it('adds the length digit by default', () => {
    expect(generateOcrReference('1234567890')).toBe('123456789023');
  });

  it('the length digit is the total length mod 10', () => {
    expect(ocrLengthDigit(12)).toBe(2);
    expect(ocrLengthDigit(10)).toBe(0);
    expect(generateOcrReference('12345678')).toMatch(/^123456780\d$/);
  });

  it.each([
    ['', true],
    ['12a', true],
    ['-123', true],
    ['1'.repeat(24), true], // 24 + 2 = 26 digits
    ['1'.repeat(25), false], // 25 + 1 = 26 digits
  ])('base %j (length digit %s) is refused', (base, withLengthDigit) => {
    expect(() => generateOcrReference(base, { withLengthDigit })).toThrow(DomainError);
  });

  it.each([
    ['1'.repeat(23), true, 25],
    ['1'.repeat(24), false, 25],
  ])('the longest base still gives a 25-digit reference', (base, withLengthDigit, length) => {
    expect(generateOcrReference(base, { withLengthDigit })).toHaveLength(length);
  });
});

describe('validateOcrReference', () => {
  it.each([
    ['1230', {}, true],
    ['12351', {}, true],
    ['12351', { requireLengthDigit: true }, true],
    ['1230', { requireLengthDigit: true }, false],
    ['123456789023', { requireLengthDigit: true }, true],
    ['1234 5678 9023', { requireLengthDigit: true }, true],
    ['1231', {}, false],
    ['12352', { requireLengthDigit: true }, false],
    ['00', {}, true],
    ['0', {}, false],
    ['', {}, false],
    ['12-30', {}, false],
    ['0'.repeat(25), {}, true],
    ['0'.repeat(26), {}, false],
  ])('%j with %j is valid: %s', (input, options, expected) => {
    expect(isOcrReference(input, options)).toBe(expected);
  });

  it.each([
    ['1231', {}, ['Ogiltigt OCR-nummer: kontrollsiffran stämmer inte']],
    ['1230', { requireLengthDigit: true }, ['Ogiltigt OCR-nummer: längdsiffran stämmer inte']],
    ['1231', { requireLengthDigit: true }, ['Ogiltigt OCR-nummer: längdsiffran stämmer inte', 'Ogiltigt OCR-nummer: kontrollsiffran stämmer inte']],
    ['1', {}, ['Ogiltigt OCR-nummer: ange 2–25 siffror']],
  ])('%j with %j gives %j', (input, options, messages) => {
    const findings = validateOcrReference(input, options);
    expect(findings.map((f) => f.message)).toEqual(messages);
    expect(findings.every((f) => f.code === 'INVALID_OCR')).toBe(true);
  });

  it('parse returns the digits or throws INVALID_OCR', () => {
    expect(parseOcrReference(' 1235 1 ')).toBe('12351');
    expect(() => parseOcrReference('1231')).toThrow(expect.objectContaining({ code: 'INVALID_OCR' }));
  });

  it('hasValidOcrLengthDigit reads the second-to-last digit', () => {
    expect(hasValidOcrLengthDigit('12351')).toBe(true);
    expect(hasValidOcrLengthDigit('1230')).toBe(false);
    expect(hasValidOcrLengthDigit('x')).toBe(false);
  });
});
