import { DomainError, type Finding } from '../errors';

/** A checked IBAN (ISO 13616). */
export interface ParsedIban {
  /** The stored (electronic) form: no spaces, upper case, e.g. `SE4550000000058398257466`. */
  normalized: string;
  /** The printed form in groups of four, e.g. `SE45 5000 0000 0583 9825 7466`. */
  display: string;
  /** ISO 3166 country code, e.g. `SE`. */
  country_code: string;
}

/**
 * IBAN lengths of the countries Swedish agencies meet most (Nordic and EU/EEA, the UK and
 * Switzerland), from the SWIFT IBAN registry. Other countries are checked by the general rules
 * (15–34 characters and mod-97) only, so a valid foreign IBAN is never refused for its length.
 */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GL: 18,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
};

// Two letters (country), two check digits, then 11–30 letters or digits (ISO 13616 BBAN).
const FORM = /^([A-Z]{2})(\d{2})([A-Z0-9]{11,30})$/;

const MESSAGES = {
  format: 'Ogiltigt IBAN: ange landskod, två kontrollsiffror och kontonummer, t.ex. SE45 5000 0000 0583 9825 7466',
  length: (country: string, length: number) => `Ogiltigt IBAN: ett IBAN från ${country} har ${length} tecken`,
  checkDigits: 'Ogiltigt IBAN: kontrollsiffrorna stämmer inte',
} as const;

type CheckResult = { value: ParsedIban; findings: [] } | { value: null; findings: Finding[] };

function finding(message: string): Finding {
  return { code: 'INVALID_IBAN', message };
}

/**
 * The remainder mod 97 of the IBAN's number form (ISO 7064 MOD 97-10): the first four characters
 * moved to the end, every letter replaced by two digits (A = 10 … Z = 35). Computed piecewise so
 * the 30+ digit number never needs big-integer arithmetic.
 */
export function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' && char <= 'Z' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

function checkIban(input: string): CheckResult {
  // People paste IBANs in the printed form (groups of four) and in any case.
  const normalized = input.replace(/[\s\u00a0-]+/g, '').toUpperCase();
  const match = FORM.exec(normalized);
  if (!match) return { value: null, findings: [finding(MESSAGES.format)] };
  const country = match[1]!;
  const expectedLength = IBAN_LENGTHS[country];
  if (expectedLength !== undefined && normalized.length !== expectedLength) {
    return { value: null, findings: [finding(MESSAGES.length(country, expectedLength))] };
  }
  if (ibanMod97(normalized) !== 1) return { value: null, findings: [finding(MESSAGES.checkDigits)] };
  return {
    value: { normalized, display: normalized.replace(/(.{4})(?=.)/g, '$1 '), country_code: country },
    findings: [],
  };
}

/**
 * Every problem with an IBAN (empty when valid): form, the country's length, mod-97 check digits.
 * @example validateIban('SE45 5000 0000 0583 9825 7466') // []
 */
export function validateIban(input: string): Finding[] {
  return checkIban(input).findings;
}

/**
 * Parses an IBAN typed or pasted in any spacing and case; throws INVALID_IBAN.
 * @example parseIban('se4550000000058398257466').display // 'SE45 5000 0000 0583 9825 7466'
 */
export function parseIban(input: string): ParsedIban {
  const result = checkIban(input);
  if (!result.value) throw new DomainError('INVALID_IBAN', result.findings[0]?.message, { input, findings: result.findings });
  return result.value;
}

/**
 * Whether the input is a valid IBAN.
 * @example isIban('GB82 WEST 1234 5698 7654 32') // true
 */
export function isIban(input: string): boolean {
  return checkIban(input).value !== null;
}

/**
 * An IBAN with the given country and BBAN and the check digits that make it valid (tests, demo
 * data): 98 minus the remainder of the IBAN with check digits 00.
 * @example ibanWithCheckDigits('GB', 'WEST12345698765432') // 'GB82WEST12345698765432'
 */
export function ibanWithCheckDigits(countryCode: string, bban: string): string {
  const draft = `${countryCode.toUpperCase()}00${bban.toUpperCase()}`;
  const check = 98 - ibanMod97(draft);
  return `${draft.slice(0, 2)}${String(check).padStart(2, '0')}${draft.slice(4)}`;
}
