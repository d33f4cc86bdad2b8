import {
  communicationRecipient,
  DomainError,
  messageRecipient,
  optOutApplies,
  type CommChannel,
  type CommContact,
  type CommTemplateCategory,
} from '@fordran/core';
import { isRecipientOptedOut, type Db, type PartyRow } from '@fordran/store';

/** How the debtor can be reached, as core's channel checks read it. */
export function contactOf(party: PartyRow): CommContact {
  return { email: party.email, phone: party.phone, address: party.address_json ?? null, national_id: party.national_id, org_no: party.org_no };
}

/**
 * Where a message on `channel` goes: the debtor's e-mail (lower case), phone (E.164), postal
 * address or Kivra key. NO_CONTACT_FOR_CHANNEL ('Ingen e-postadress/telefonnummer finns för
 * gäldenären') when the debtor has none.
 */
export function recipientFor(channel: CommChannel, party: PartyRow): string {
  return messageRecipient(channel, communicationRecipient(channel, contactOf(party)));
}

/** RECIPIENT_OPTED_OUT when the recipient opted out of the channel and the opt-out covers this kind of message. */
export async function assertNotOptedOut(db: Db, orgId: string, channel: CommChannel, recipient: string, category: CommTemplateCategory): Promise<void> {
  if (optOutApplies(channel, category) && (await isRecipientOptedOut(db, orgId, channel, recipient))) {
    throw new DomainError('RECIPIENT_OPTED_OUT', undefined, { channel, recipient });
  }
}
