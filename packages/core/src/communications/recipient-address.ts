import { DomainError } from '../errors';
import type { CommChannel } from './comm-constants';

/**
 * A phone number as SMS providers take it, E.164 (`+46701234567`): spaces, dashes, dots and
 * brackets go; `00` becomes `+`; a Swedish number written with its leading 0 gets +46. Throws
 * NO_CONTACT_FOR_CHANNEL for anything that is not 8–15 digits after that.
 * @example smsNumber('070-123 45 67') // "+46701234567"
 */
export function smsNumber(phone: string): string {
  const compact = phone.trim().replace(/[\s\-.()]/g, '');
  const international = compact.startsWith('00') ? `+${compact.slice(2)}` : compact.startsWith('0') ? `+46${compact.slice(1)}` : compact;
  const e164 = international.startsWith('+') ? international : `+${international}`;
  if (!/^\+[1-9]\d{7,14}$/.test(e164)) {
    throw new DomainError('NO_CONTACT_FOR_CHANNEL', `Telefonnumret ${phone.trim()} går inte att skicka SMS till`, { channel: 'sms', phone });
  }
  return e164;
}

/**
 * The recipient a message is stored, sent, de-duplicated and opted out under: an e-mail address
 * in lower case, a phone number in E.164 (so `070-123 45 67` and `+46701234567` are one
 * recipient), anything else as given.
 * @example messageRecipient('email', 'Sven@Example.SE') // "sven@example.se"
 */
export function messageRecipient(channel: CommChannel, recipient: string): string {
  if (channel === 'email') return recipient.trim().toLowerCase();
  if (channel === 'sms') return smsNumber(recipient);
  return recipient.trim();
}
