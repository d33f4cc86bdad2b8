import { createTransport } from 'nodemailer';
import type { FileStorage } from '@fordran/store';
import type { ChannelClient, OutgoingMessage, SendOutcome } from '../channel';
import { composeMail } from './mail-composition';

/** Where the outbox keeps a message: one .eml per communication (a retry replaces it). */
export function outboxKey(orgId: string, messageId: string): string {
  return `orgs/${orgId}/outbox/${messageId}.eml`;
}

/**
 * The local outbox, e-mail's stand-in when no SMTP server is configured: the very message SMTP
 * would carry (same composition, headers and Message-ID) stored as an .eml file in FileStorage.
 * Wrapped by `recordingClient`, it is listed and downloadable on the settings page.
 */
export function createOutboxClient(files: FileStorage, from: string): ChannelClient {
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    channel: 'email',
    provider: 'outbox',
    simulated: true,
    async send(message: OutgoingMessage): Promise<SendOutcome> {
      const info = await composer.sendMail(composeMail(message, from));
      await files.put(outboxKey(message.org_id, message.id), new Uint8Array(info.message as Buffer), 'message/rfc822');
      return { kind: 'accepted', provider: 'outbox', provider_message_id: info.messageId, status: 'sent' };
    },
  };
}
