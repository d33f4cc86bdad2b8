import { createTransport, type NodemailerError, type SMTPTransportOptions } from 'nodemailer';
import type { ChannelClient, OutgoingMessage, SendOutcome } from '../channel';
import { composeMail } from './mail-composition';

/** An SMTP server: a URL (`smtp://user:pass@host:587`, `smtps://…:465`, FORDRAN_SMTP_URL) or nodemailer's options. */
export type SmtpServer = string | SMTPTransportOptions;

/**
 * What an SMTP failure means: a permanent (5xx) refusal of the recipient or the message is a
 * bounce, failed now; a 4xx, a refused login, a time-out or a lost connection is tried again later.
 */
function smtpFailureOutcome(error: NodemailerError): Exclude<SendOutcome, { kind: 'accepted' }> {
  const reply = error.response ?? error.message;
  const refusedMessage = error.code === 'EENVELOPE' || error.code === 'EMESSAGE';
  if (error.permanent === true && refusedMessage) {
    return { kind: 'rejected', provider: 'smtp', detail: `SMTP-servern avvisade meddelandet: ${reply}`, permanent: true, bounced: true };
  }
  const detail = error.code === 'EAUTH' ? `SMTP-inloggningen nekades: ${reply}` : `SMTP: ${reply}`;
  return { kind: 'rejected', provider: 'smtp', detail, permanent: false };
}

/**
 * E-mail through an SMTP server with nodemailer: STARTTLS when the server offers it (required with
 * `requireTLS`), TLS from the start with `smtps://`, login when credentials are given.
 * @example createSmtpClient('smtp://krav:hemligt@smtp.byra.se:587', 'Inkassobyrån <krav@byra.se>')
 */
export function createSmtpClient(server: SmtpServer, from: string): ChannelClient {
  const transporter = createTransport(server);
  return {
    channel: 'email',
    provider: 'smtp',
    simulated: false,
    async send(message: OutgoingMessage, signal?: AbortSignal): Promise<SendOutcome> {
      try {
        const info = await transporter.sendMail({ ...composeMail(message, from), ...(signal ? { signal } : {}) });
        return { kind: 'accepted', provider: 'smtp', provider_message_id: info.messageId, status: 'sent' };
      } catch (error) {
        if (signal?.aborted) throw error;
        return smtpFailureOutcome(error as NodemailerError);
      }
    },
  };
}
