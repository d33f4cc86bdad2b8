import type { ChannelClient, OutgoingMessage, SendOutcome } from '../channel';
import { callProvider } from '../provider-http';

export const SENDGRID_BASE_URL = 'https://api.sendgrid.com';

export interface SendGridOptions {
  baseUrl: string;
  apiKey: string;
  fromAddress: string;
  fromName?: string;
  simulated?: boolean;
}

/**
 * E-mail over SendGrid's v3 HTTP API (POST /v3/mail/send, Bearer API key): 202 accepted with the
 * X-Message-Id header; the communication id rides along as a custom argument (webhooks report it
 * back), the opt-out headers as custom headers.
 */
export function createSendGridClient(options: SendGridOptions): ChannelClient {
  return {
    channel: 'email',
    provider: 'sendgrid',
    simulated: options.simulated ?? false,
    async send(message: OutgoingMessage, signal?: AbortSignal): Promise<SendOutcome> {
      const body = {
        personalizations: [{ to: [{ email: message.recipient }], custom_args: { communication_id: message.id } }],
        from: { email: options.fromAddress, ...(options.fromName ? { name: options.fromName } : {}) },
        subject: message.subject ?? '',
        content: [{ type: 'text/plain', value: message.body }],
        ...(message.unsubscribe_url
          ? { headers: { 'List-Unsubscribe': `<${message.unsubscribe_url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
          : {}),
      };
      const answer = await callProvider({
        provider: 'sendgrid',
        url: `${options.baseUrl}/v3/mail/send`,
        headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        ...(signal ? { signal } : {}),
      });
      if (!answer.ok) return answer.outcome;
      return { kind: 'accepted', provider: 'sendgrid', provider_message_id: answer.headers.get('x-message-id'), status: 'sent' };
    },
  };
}
