import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ibanWithCheckDigits, isIban, parseIban } from '.';

/** A Swedish BBAN: 3-digit bank code and a 17-digit account number. */
const swedishBbanArb = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 20, maxLength: 20 });

describe('IBAN properties', () => {
  it('an IBAN given its computed check digits is always valid, in any spacing and case', () => {
    fc.assert(
      fc.property(swedishBbanArb, (bban) => {
        const iban = ibanWithCheckDigits('SE', bban);
        expect(isIban(iban)).toBe(true);
        expect(parseIban(parseIban(iban).display.toLowerCase()).normalized).toBe(iban);
      }),
    );
  });

  it('changing any single digit of a valid IBAN makes it invalid (mod-97 catches every substitution)', () => {
    fc.assert(
      fc.property(swedishBbanArb, fc.integer({ min: 2, max: 23 }), fc.integer({ min: 1, max: 9 }), (bban, position, shift) => {
        const iban = ibanWithCheckDigits('SE', bban);
        const digit = (Number(iban[position]) + shift) % 10;
        const changed = `${iban.slice(0, position)}${digit}${iban.slice(position + 1)}`;
        expect(isIban(changed)).toBe(false);
      }),
    );
  });
});
