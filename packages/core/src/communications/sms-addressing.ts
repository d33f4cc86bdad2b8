/*
 * Who an SMS goes to and who it says it is from. Providers (46elks, Twilio) take the recipient in
 * E.164 (`+46701234567`); debtors' numbers are typed the Swedish way (`070-123 45 67`). The sender
 * is an alphanumeric sender ID: operators show at most 11 characters, and the spec allows letters
 * only (part 2 §9).
 */

/** Longest SMS sender name (part 2 §9). */
export const SMS_SENDER_NAME_MAX_LENGTH = 11;

const SWEDISH_COUNTRY_CODE = '46';
/** E.164: a plus, a country code that does not start with 0, at most 15 digits in all. */
const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * A phone number in E.164, reading national Swedish numbers (leading 0) as +46 and an
 * international 00 prefix as +; spaces, dashes, dots and parentheses are ignored. Null when the
 * text is no phone number.
 * @example toE164PhoneNumber('070-123 45 67') // "+46701234567"
 * @example toE164PhoneNumber('0046 8 123 456') // "+468123456"
 */
export function toE164PhoneNumber(input: string): string | null {
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  let international: string;
  if (compact.startsWith('+')) international = compact;
  else if (compact.startsWith('00')) international = `+${compact.slice(2)}`;
  else if (compact.startsWith('0')) international = `+${SWEDISH_COUNTRY_CODE}${compact.slice(1)}`;
  else return null;
  return E164.test(international) ? international : null;
}

/**
 * Why a sender name is refused, or null when it is fine: 1–11 letters A–Z (operators do not carry
 * å, ä, ö in a sender ID, and the spec allows letters only).
 * @example smsSenderNameProblem('Inkasso AB') // "Avsändarnamnet får bara innehålla bokstäverna A–Z (inga mellanslag eller siffror)"
 */
export function smsSenderNameProblem(name: string): string | null {
  if (name.length === 0) return 'Ange ett avsändarnamn';
  if (name.length > SMS_SENDER_NAME_MAX_LENGTH) return `Avsändarnamnet får vara högst ${SMS_SENDER_NAME_MAX_LENGTH} bokstäver`;
  if (!/^[A-Za-z]+$/.test(name)) return 'Avsändarnamnet får bara innehålla bokstäverna A–Z (inga mellanslag eller siffror)';
  return null;
}
