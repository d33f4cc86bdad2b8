import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DomainError } from '../errors';
import { appendLuhnCheckDigit, isLuhnValid, luhnCheckDigit } from '.';

const digitStringArb = (minLength: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength, maxLength: 30 }).map((digits) => digits.join(''));

describe('luhn examples', () => {
  it.each([
    ['811218987', 6],
    ['701063239', 1],
    ['556036079', 3],
    ['5402968', 1],
    ['902003', 3],
    ['1235', 1],
    ['123', 0],
    ['0', 0],
    ['1', 8],
  ])('check digit of %s is %i', (digits, expected) => {
    expect(luhnCheckDigit(digits)).toBe(expected);
  });

  it.each([
    ['8112189876', true],
    ['8112189875', false],
    ['00', true],
    ['0', false],
    ['', false],
    ['81121-89876', false],
    ['١٢', false],
  ])('isLuhnValid(%s) is %s', (digits, expected) => {
    expect(isLuhnValid(digits)).toBe(expected);
  });

  it.each(['', '12a', '12 3', '-1'])('luhnCheckDigit refuses %j', (digits) => {
    expect(() => luhnCheckDigit(digits)).toThrow(DomainError);
  });
});

describe('luhn properties', () => {
  it('a string with its check digit appended always validates', () => {
    fc.assert(fc.property(digitStringArb(1), (digits) => isLuhnValid(appendLuhnCheckDigit(digits))));
  });

  it('changing any single digit of a valid string makes it invalid', () => {
    fc.assert(
      fc.property(digitStringArb(1), fc.nat(), fc.integer({ min: 1, max: 9 }), (digits, position, delta) => {
        const valid = appendLuhnCheckDigit(digits);
        const index = position % valid.length;
        const changed = `${valid.slice(0, index)}${(Number(valid[index]) + delta) % 10}${valid.slice(index + 1)}`;
        return !isLuhnValid(changed);
      }),
    );
  });

  it('swapping two adjacent different digits makes a valid string invalid, except 0↔9', () => {
    fc.assert(
      fc.property(digitStringArb(1), fc.nat(), (digits, position) => {
        const valid = appendLuhnCheckDigit(digits);
        const index = position % (valid.length - 1);
        const a = valid[index]!;
        const b = valid[index + 1]!;
        fc.pre(a !== b && !((a === '0' && b === '9') || (a === '9' && b === '0')));
        return !isLuhnValid(`${valid.slice(0, index)}${b}${a}${valid.slice(index + 2)}`);
      }),
    );
  });

  it('leading zeros do not change the check digit', () => {
    fc.assert(
      fc.property(
        digitStringArb(1),
        fc.integer({ min: 1, max: 5 }),
        (digits, zeros) => luhnCheckDigit(`${'0'.repeat(zeros)}${digits}`) === luhnCheckDigit(digits),
      ),
    );
  });
});
