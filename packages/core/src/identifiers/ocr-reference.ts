import { DomainError, type Finding } from '../errors';
import { appendLuhnCheckDigit, isLuhnValid } from './luhn';

/** Bankgirot accepts OCR references of 2–25 digits including check digit(s) (reference §3.7). */
export const OCR_REFERENCE_MIN_LENGTH = 2;
export const OCR_REFERENCE_MAX_LENGTH = 25;

/** How to generate an OCR reference. */
export interface OcrGenerateOptions {
  /**
   * Add the length digit before the check digit (default true): a reference with check and length
   * digit passes every level of Bankgirot's OCR control (reference §3.7, "design for collection").
   */
  withLengthDigit?: boolean;
}

/** How strictly to validate an OCR reference. */
export interface OcrValidateOptions {
  /** Also require a correct length digit (second to last); default false (check digit only). */
  requireLengthDigit?: boolean;
}

const DIGITS = /^\d+$/;

const MESSAGES = {
  base: 'Ogiltigt OCR-nummer: underlaget får bara innehålla siffror',
  baseTooLong: `Ogiltigt OCR-nummer: referensen blir längre än ${OCR_REFERENCE_MAX_LENGTH} siffror`,
  format: `Ogiltigt OCR-nummer: ange ${OCR_REFERENCE_MIN_LENGTH}–${OCR_REFERENCE_MAX_LENGTH} siffror`,
  lengthDigit: 'Ogiltigt OCR-nummer: längdsiffran stämmer inte',
  checkDigit: 'Ogiltigt OCR-nummer: kontrollsiffran stämmer inte',
} as const;

function finding(message: string): Finding {
  return { code: 'INVALID_OCR', message };
}

/** References are printed in groups; the digits are what counts. */
function compactOcr(input: string): string {
  return input.replace(/\s+/g, '');
}

/**
 * The length digit is the total length including length and check digit, mod 10 (reference §3.7).
 * @example ocrLengthDigit(12) // 2
 */
export function ocrLengthDigit(totalLength: number): number {
  return totalLength % 10;
}

/**
 * Whether the second-to-last digit of a reference equals its total length mod 10.
 * @example hasValidOcrLengthDigit('12351') // true
 */
export function hasValidOcrLengthDigit(reference: string): boolean {
  const digits = compactOcr(reference);
  return DIGITS.test(digits) && digits.length >= 2 && Number(digits[digits.length - 2]) === ocrLengthDigit(digits.length);
}

/**
 * An OCR reference from a base number (e.g. a case number): base + length digit (unless
 * `withLengthDigit: false`) + Luhn check digit; the length digit is computed first and the check
 * digit covers it (reference §3.7). Throws INVALID_OCR for a non-digit base or one too long.
 * @example generateOcrReference('1234567890') // '123456789023'
 * @example generateOcrReference('123', { withLengthDigit: false }) // '1230'
 */
export function generateOcrReference(base: string, options: OcrGenerateOptions = {}): string {
  const withLengthDigit = options.withLengthDigit ?? true;
  const digits = compactOcr(base);
  if (!DIGITS.test(digits)) throw new DomainError('INVALID_OCR', MESSAGES.base, { base });
  const totalLength = digits.length + (withLengthDigit ? 2 : 1);
  if (totalLength > OCR_REFERENCE_MAX_LENGTH) throw new DomainError('INVALID_OCR', MESSAGES.baseTooLong, { base });
  return appendLuhnCheckDigit(withLengthDigit ? `${digits}${ocrLengthDigit(totalLength)}` : digits);
}

/**
 * Every problem with an OCR reference (empty when valid): 2–25 digits (spaces ignored), Luhn
 * check digit, and with `requireLengthDigit` a correct length digit.
 * @example validateOcrReference('12351', { requireLengthDigit: true }) // []
 */
export function validateOcrReference(input: string, options: OcrValidateOptions = {}): Finding[] {
  const digits = compactOcr(input);
  if (!DIGITS.test(digits) || digits.length < OCR_REFERENCE_MIN_LENGTH || digits.length > OCR_REFERENCE_MAX_LENGTH) {
    return [finding(MESSAGES.format)];
  }
  const findings: Finding[] = [];
  if (options.requireLengthDigit && !hasValidOcrLengthDigit(digits)) findings.push(finding(MESSAGES.lengthDigit));
  if (!isLuhnValid(digits)) findings.push(finding(MESSAGES.checkDigit));
  return findings;
}

/**
 * Whether the input is a valid OCR reference under the options.
 * @example isOcrReference('1230') // true
 */
export function isOcrReference(input: string, options: OcrValidateOptions = {}): boolean {
  return validateOcrReference(input, options).length === 0;
}

/**
 * The reference's digits (spaces removed) when valid; throws INVALID_OCR with the first problem.
 * @example parseOcrReference('1234 5678 9023') // '123456789023'
 */
export function parseOcrReference(input: string, options: OcrValidateOptions = {}): string {
  const findings = validateOcrReference(input, options);
  if (findings.length > 0) throw new DomainError('INVALID_OCR', findings[0]?.message, { input, findings });
  return compactOcr(input);
}
