import type { SendMailOptions } from 'nodemailer';
import type { OutgoingMessage } from '../channel';

/*
 * The one shape of an e-mail from Fordran, for SMTP and the local outbox alike: UTF-8 plain text
 * (quoted-printable keeps å, ä, ö readable in the source), a Message-ID made from the
 * communication's id so a resend after a crash is recognisably the same message, and the opt-out
 * headers of RFC 2369 / RFC 8058 (one-click unsubscribe) when the message has a link.
 */

/** The domain of an address (`Fordran <krav@byra.se>` → `byra.se`), for the Message-ID. */
function addressDomain(address: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(address.trim());
  return match?.[1]?.toLowerCase() ?? 'fordran.local';
}

/** `<{communication id}@{sender domain}>`: the same for every attempt of one message. */
function messageIdOf(message: Pick<OutgoingMessage, 'id'>, from: string): string {
  return `<${message.id}@${addressDomain(from)}>`;
}

export function composeMail(message: OutgoingMessage, from: string): SendMailOptions {
  return {
    from,
    to: message.recipient,
    subject: message.subject ?? '',
    text: message.body,
    textEncoding: 'quoted-printable',
    messageId: messageIdOf(message, from),
    ...(message.unsubscribe_url
      ? {
          list: { unsubscribe: { url: message.unsubscribe_url, comment: 'Avregistrera' } },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }
      : {}),
  };
}
