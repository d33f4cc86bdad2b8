import { DomainError, ERROR_MESSAGES } from '../errors';
import type { CommChannel } from './comm-constants';
import { canResendCommunication, type CommunicationStatus } from './communication-status';

/** How a debtor can be reached (parties: email, phone, address_json, national_id / org_no). */
export interface CommContact {
  email?: string | null;
  phone?: string | null;
  address?: { street?: string | null; zip?: string | null; city?: string | null } | null;
  national_id?: string | null;
  org_no?: string | null;
}

function nonBlank(value: string | null | undefined): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Messages when the channel's contact detail is missing (email/sms: the spec's text, part 1 §5). */
const NO_CONTACT_MESSAGES: Readonly<Record<CommChannel, string>> = {
  email: ERROR_MESSAGES.NO_CONTACT_FOR_CHANNEL,
  sms: ERROR_MESSAGES.NO_CONTACT_FOR_CHANNEL,
  letter: 'Ingen postadress finns för gäldenären',
  kivra: 'Inget personnummer eller organisationsnummer finns för gäldenären',
};

/**
 * The recipient a message on `channel` goes to: e-mail → the debtor's e-mail, sms → phone,
 * letter → postal address ("street, zip city"), kivra → personnummer or organisationsnummer
 * (Kivra's mailbox key). Throws NO_CONTACT_FOR_CHANNEL when the debtor has none ('Ingen
 * e-postadress/telefonnummer finns för gäldenären' for e-mail and sms, spec part 1 §5).
 * @example communicationRecipient('sms', { phone: '070-123 45 67' }) // "070-123 45 67"
 */
export function communicationRecipient(channel: CommChannel, contact: CommContact): string {
  let recipient: string | null = null;
  if (channel === 'email') recipient = nonBlank(contact.email);
  else if (channel === 'sms') recipient = nonBlank(contact.phone);
  else if (channel === 'kivra') recipient = nonBlank(contact.national_id) ?? nonBlank(contact.org_no);
  else {
    const street = nonBlank(contact.address?.street);
    const zip = nonBlank(contact.address?.zip);
    const city = nonBlank(contact.address?.city);
    recipient = street && zip && city ? `${street}, ${zip} ${city}` : null;
  }
  if (recipient === null) throw new DomainError('NO_CONTACT_FOR_CHANNEL', NO_CONTACT_MESSAGES[channel], { channel });
  return recipient;
}

/**
 * Whether the debtor can be reached on `channel`.
 * @example hasContactForChannel('email', { phone: '070-1234567' }) // false
 */
export function hasContactForChannel(channel: CommChannel, contact: CommContact): boolean {
  try {
    communicationRecipient(channel, contact);
    return true;
  } catch {
    return false;
  }
}

/**
 * Channels a failed message may be moved to. Kivra → letter is the spec's fallback (part 1 §4,
 * part 2 §9 "kivra to letter"); e-mail ↔ sms and a move to letter work when the debtor has that
 * contact; a move *to* Kivra is not offered, because whether the debtor has a Kivra mailbox needs
 * a look-up at Kivra (domain reference §8).
 */
export const COMM_CHANNEL_ALTERNATIVES: Readonly<Record<CommChannel, readonly CommChannel[]>> = {
  kivra: ['letter'],
  email: ['sms', 'letter'],
  sms: ['email', 'letter'],
  letter: ['email', 'sms'],
};

/** The channel 'Byt kanal' picks when none is named: kivra → letter, e-mail ↔ sms. */
export const COMM_CHANNEL_FALLBACK: Readonly<Record<CommChannel, CommChannel | null>> = {
  kivra: 'letter',
  email: 'sms',
  sms: 'email',
  letter: null,
};

/** Input of `changeCommunicationChannel`. */
export interface ChangeCommunicationChannelInput {
  status: CommunicationStatus;
  channel: CommChannel;
  /** The new channel; default COMM_CHANNEL_FALLBACK[channel]. */
  to?: CommChannel;
  contact: CommContact;
}

/** The communication after 'Byt kanal': new channel and recipient, back in the queue. */
export interface CommunicationChannelChange {
  channel: CommChannel;
  recipient: string;
  status: CommunicationStatus;
  delivery_status: CommunicationStatus;
}

/**
 * 'Byt kanal' (spec part 1 §4): only for a failed or bounced message (else
 * INVALID_COMMUNICATION_TRANSITION); to one of COMM_CHANNEL_ALTERNATIVES (else
 * VALIDATION_FAILED); the debtor must have the new channel's contact (else
 * NO_CONTACT_FOR_CHANNEL). The message goes back to pending with the new recipient.
 * @example changeCommunicationChannel({ status: 'failed', channel: 'kivra', contact: { address } }).channel // "letter"
 */
export function changeCommunicationChannel(input: ChangeCommunicationChannelInput): CommunicationChannelChange {
  if (!canResendCommunication(input.status)) {
    throw new DomainError('INVALID_COMMUNICATION_TRANSITION', undefined, { action: 'change_channel', status: input.status });
  }
  const to = input.to ?? COMM_CHANNEL_FALLBACK[input.channel];
  if (to === null || to === undefined || !COMM_CHANNEL_ALTERNATIVES[input.channel]?.includes(to)) {
    throw new DomainError('VALIDATION_FAILED', 'Kanalen kan inte bytas till den valda kanalen', { from: input.channel, to });
  }
  return { channel: to, recipient: communicationRecipient(to, input.contact), status: 'pending', delivery_status: 'pending' };
}
