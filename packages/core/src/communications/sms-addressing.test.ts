import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SMS_SENDER_NAME_MAX_LENGTH, smsSenderNameProblem, toE164PhoneNumber } from '.';

describe('toE164PhoneNumber', () => {
  it.each([
    ['a Swedish mobile number as typed', '070-123 45 67', '+46701234567'],
    ['already E.164', '+46701234567', '+46701234567'],
    ['E.164 with spaces', '+46 70 123 45 67', '+46701234567'],
    ['the 00 prefix', '0046701234567', '+46701234567'],
    ['a Stockholm landline', '08-123 456 78', '+46812345678'],
    ['a Norwegian number', '+47 912 34 567', '+4791234567'],
    ['parentheses and dots', '(070) 123.45.67', '+46701234567'],
  ])('reads %s', (_label, input, expected) => {
    expect(toE164PhoneNumber(input)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['letters', 'ring mig'],
    ['no national prefix', '701234567'],
    ['too short', '070-12'],
    ['too long', '+46 70 123 45 67 89 01 23'],
    ['country code 0', '+0701234567'],
  ])('refuses %s', (_label, input) => {
    expect(toE164PhoneNumber(input)).toBeNull();
  });

  it('the result is E.164 and reading it again changes nothing', () => {
    const phoneLike = fc.stringMatching(/^(\+|00|0)?[0-9 ()\-.]{0,20}$/);
    fc.assert(
      fc.property(phoneLike, (input) => {
        const e164 = toE164PhoneNumber(input);
        return e164 === null || (/^\+[1-9]\d{7,14}$/.test(e164) && toE164PhoneNumber(e164) === e164);
      }),
    );
  });
});

describe('smsSenderNameProblem', () => {
  it.each(['Fordran', 'A', 'InkassoNord'])('accepts %s', (name) => {
    expect(smsSenderNameProblem(name)).toBeNull();
  });

  it.each([
    ['empty', '', 'Ange ett avsändarnamn'],
    ['12 letters', 'InkassoNorra', 'högst 11 bokstäver'],
    ['a space', 'Inkasso AB', 'bara innehålla bokstäverna A–Z'],
    ['digits', 'Inkasso24', 'bara innehålla bokstäverna A–Z'],
    ['å ä ö', 'Kravbyrån', 'bara innehålla bokstäverna A–Z'],
  ])('refuses %s', (_label, name, message) => {
    expect(smsSenderNameProblem(name)).toContain(message);
  });

  it('every name of 1–11 letters A–Z is accepted, every longer one refused', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z]{1,20}$/), (name) => (smsSenderNameProblem(name) === null) === name.length <= SMS_SENDER_NAME_MAX_LENGTH),
    );
  });
});
