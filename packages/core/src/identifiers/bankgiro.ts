import { DomainError, type Finding } from '../errors';
import { compactIdentifierInput } from './compact-input';
import { isLuhnValid } from './luhn';

/** A checked bankgironummer. */
export interface ParsedBankgiro {
  /** The stored form: 7 or 8 digits. */
  normalized: string;
  /** The display form `NNN-NNNN` or `NNNN-NNNN` (hyphen before the last four). */
  display: string;
  /** Right-aligned, zero-filled to 10 digits, as BgMax carries it (reference §3.5). */
  bgMaxForm: string;
}

// 7–8 digits, optionally with the hyphen before the last four (reference §3.5). A leading 0 is
// refused: issued numbers do not start with 0, and with one the 10-digit BgMax form would be
// ambiguous (0NNNNNNN and NNNNNNN fill to the same field and share the Luhn digit).
const FORM = /^([1-9]\d{2,3})-?(\d{4})$/;
const BGMAX_FORM = /^\d{10}$/;

const MESSAGES = {
  format: 'Ogiltigt bankgironummer: ange 7 eller 8 siffror (NNN-NNNN eller NNNN-NNNN) som inte börjar med 0',
  checkDigit: 'Ogiltigt bankgironummer: kontrollsiffran stämmer inte',
} as const;

type CheckResult = { value: ParsedBankgiro; findings: [] } | { value: null; findings: Finding[] };

function finding(message: string): Finding {
  return { code: 'INVALID_BANKGIRO', message };
}

function checkBankgiro(input: string): CheckResult {
  const match = FORM.exec(compactIdentifierInput(input));
  if (!match) return { value: null, findings: [finding(MESSAGES.format)] };
  const normalized = `${match[1]}${match[2]}`;
  // The last digit is a Luhn check digit over all preceding digits (reference §3.5).
  if (!isLuhnValid(normalized)) return { value: null, findings: [finding(MESSAGES.checkDigit)] };
  return {
    value: {
      normalized,
      display: `${normalized.slice(0, -4)}-${normalized.slice(-4)}`,
      bgMaxForm: normalized.padStart(10, '0'),
    },
    findings: [],
  };
}

/**
 * Every problem with a bankgironummer (empty when valid): 7–8 digits, hyphen optional, Luhn.
 * @example validateBankgiro('5402-9681') // []
 */
export function validateBankgiro(input: string): Finding[] {
  return checkBankgiro(input).findings;
}

/**
 * Parses a bankgironummer; throws INVALID_BANKGIRO.
 * @example parseBankgiro('54029681').display // '5402-9681'
 */
export function parseBankgiro(input: string): ParsedBankgiro {
  const result = checkBankgiro(input);
  if (!result.value) {
    throw new DomainError('INVALID_BANKGIRO', result.findings[0]?.message, { input, findings: result.findings });
  }
  return result.value;
}

/**
 * Whether the input is a valid bankgironummer.
 * @example isBankgiro('5402-9681') // true
 */
export function isBankgiro(input: string): boolean {
  return checkBankgiro(input).value !== null;
}

/**
 * The display form `NNN-NNNN` / `NNNN-NNNN`; throws INVALID_BANKGIRO.
 * @example formatBankgiro('54029681') // '5402-9681'
 */
export function formatBankgiro(input: string): string {
  return parseBankgiro(input).display;
}

/**
 * The 10-digit zero-filled form BgMax uses (reference §3.5); throws INVALID_BANKGIRO.
 * @example bankgiroToBgMax('5402-9681') // '0054029681'
 */
export function bankgiroToBgMax(input: string): string {
  return parseBankgiro(input).bgMaxForm;
}

/**
 * Reads a BgMax 10-digit bankgiro field back (leading zeros dropped, then checked as above);
 * throws INVALID_BANKGIRO.
 * @example bankgiroFromBgMax('0054029681').normalized // '54029681'
 */
export function bankgiroFromBgMax(field: string): ParsedBankgiro {
  const trimmed = field.trim();
  if (!BGMAX_FORM.test(trimmed)) {
    throw new DomainError('INVALID_BANKGIRO', 'Ogiltigt bankgironummer: BgMax-fältet ska ha 10 siffror', { field });
  }
  return parseBankgiro(trimmed.replace(/^0+/, ''));
}
