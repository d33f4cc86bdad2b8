import { DomainError } from '../errors';

const DIGITS = /^\d+$/;

/** Weighted digit sum of the Luhn walk; `doubleFirst` says whether the rightmost digit gets weight 2. */
function luhnSum(digits: string, doubleFirst: boolean): number {
  let sum = 0;
  let isDoubled = doubleFirst;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    const digit = digits.charCodeAt(index) - 48;
    const product = isDoubled ? digit * 2 : digit;
    sum += product > 9 ? product - 9 : product;
    isDoubled = !isDoubled;
  }
  return sum;
}

/**
 * The Luhn (modulus 10, "10-modulmetoden") check digit of a digit string that does not yet carry
 * one: weights 2, 1, 2, … from the rightmost digit, products above 9 minus 9 (reference §3.1).
 * Throws VALIDATION_FAILED when the input is empty or holds anything but digits.
 * @example luhnCheckDigit('811218987') // 6
 */
export function luhnCheckDigit(digits: string): number {
  if (!DIGITS.test(digits)) {
    throw new DomainError('VALIDATION_FAILED', 'Kontrollsiffra kan bara räknas fram för siffror', { digits });
  }
  return (10 - (luhnSum(digits, true) % 10)) % 10;
}

/**
 * Whether a digit string ends in a correct Luhn check digit (at least 2 digits, digits only).
 * @example isLuhnValid('8112189876') // true
 */
export function isLuhnValid(digits: string): boolean {
  return digits.length >= 2 && DIGITS.test(digits) && luhnSum(digits, false) % 10 === 0;
}

/**
 * Appends the Luhn check digit to a digit string.
 * @example appendLuhnCheckDigit('5402968') // '54029681'
 */
export function appendLuhnCheckDigit(digits: string): string {
  return `${digits}${luhnCheckDigit(digits)}`;
}
