import { DomainError, type Finding } from '../errors';
import { compactIdentifierInput } from './compact-input';
import { isLuhnValid } from './luhn';

/** A checked plusgironummer. */
export interface ParsedPlusgiro {
  /** The stored form: 2–8 digits, the last a check digit. */
  normalized: string;
  /** The display form: pairs from the right before the check digit, then `-C` (e.g. `90 20 03-3`). */
  display: string;
}

// 2–8 digits, optionally with a hyphen before the check digit; spaces are dropped before (reference
// §3.6). A leading 0 is refused as for bankgiro: issued numbers do not start with 0, and the
// zero-filled field of a bank file would make 0NNN and NNN the same number.
const FORM = /^([1-9]\d{0,6})-?(\d)$/;

const MESSAGES = {
  format: 'Ogiltigt plusgironummer: ange 2–8 siffror (t.ex. 90 20 03-3) som inte börjar med 0',
  checkDigit: 'Ogiltigt plusgironummer: kontrollsiffran stämmer inte',
} as const;

type CheckResult = { value: ParsedPlusgiro; findings: [] } | { value: null; findings: Finding[] };

function finding(message: string): Finding {
  return { code: 'INVALID_PLUSGIRO', message };
}

/** `4541234` → `4 54 12 34`: pairs of digits counted from the right. */
function pairsFromRight(digits: string): string {
  const pairs: string[] = [];
  for (let end = digits.length; end > 0; end -= 2) pairs.unshift(digits.slice(Math.max(0, end - 2), end));
  return pairs.join(' ');
}

function checkPlusgiro(input: string): CheckResult {
  const match = FORM.exec(compactIdentifierInput(input));
  if (!match) return { value: null, findings: [finding(MESSAGES.format)] };
  const [, body, checkDigit] = match as unknown as [string, string, string];
  const normalized = `${body}${checkDigit}`;
  // The last digit is a Luhn check digit over all preceding digits (reference §3.6).
  if (!isLuhnValid(normalized)) return { value: null, findings: [finding(MESSAGES.checkDigit)] };
  return { value: { normalized, display: `${pairsFromRight(body)}-${checkDigit}` }, findings: [] };
}

/**
 * Every problem with a plusgironummer (empty when valid): 2–8 digits, spaces and the hyphen
 * before the check digit optional, Luhn over the whole number.
 * @example validatePlusgiro('90 20 03-3') // []
 */
export function validatePlusgiro(input: string): Finding[] {
  return checkPlusgiro(input).findings;
}

/**
 * Parses a plusgironummer; throws INVALID_PLUSGIRO.
 * @example parsePlusgiro('45412343').display // '4 54 12 34-3'
 */
export function parsePlusgiro(input: string): ParsedPlusgiro {
  const result = checkPlusgiro(input);
  if (!result.value) {
    throw new DomainError('INVALID_PLUSGIRO', result.findings[0]?.message, { input, findings: result.findings });
  }
  return result.value;
}

/**
 * Whether the input is a valid plusgironummer.
 * @example isPlusgiro('9020033') // true
 */
export function isPlusgiro(input: string): boolean {
  return checkPlusgiro(input).value !== null;
}
