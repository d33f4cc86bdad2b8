// Amounts typed by a person, in the Swedish way ("7 950,50") or the plain way ("7950.5"), become
// the API's decimal string ("7950.50") by string handling alone: a float never touches money.

const AMOUNT_INPUT_PATTERN = /^(-)?(\d+)(?:[.,](\d{1,2}))?$/;

/**
 * Reads an amount in kronor with at most two decimals; spaces between thousands are allowed.
 * Returns the decimal string with two decimals, or null when the text is not such an amount.
 * @example parseAmountInput('7 950,5') // '7950.50'
 */
export function parseAmountInput(text: string): string | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  const match = AMOUNT_INPUT_PATTERN.exec(compact);
  if (!match) return null;
  const [, sign = '', wholeDigits = '0', fraction = ''] = match;
  const whole = wholeDigits.replace(/^0+(?=\d)/, '');
  return `${sign}${whole}.${fraction.padEnd(2, '0')}`;
}

/** True for a decimal string above zero ("0.01" yes; "0.00" and "-5.00" no). */
export function isPositiveAmount(decimal: string): boolean {
  return !decimal.startsWith('-') && /[1-9]/.test(decimal);
}
