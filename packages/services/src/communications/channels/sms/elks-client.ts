import type { ChannelClient, OutgoingMessage, SendOutcome } from '../channel';
import { answerJson, basicAuth, callProvider } from '../provider-http';
import { smsRecipient } from './sms-recipient';

export const ELKS_BASE_URL = 'https://api.46elks.com';

export interface ElksOptions {
  baseUrl: string;
  username: string;
  password: string;
  senderName: string;
  simulated?: boolean;
}

/**
 * SMS through 46elks (POST /a1/sms, form-encoded from/to/message, HTTP Basic with the API
 * username and password). 46elks splits long messages itself; its answer names the SMS id.
 */
export function createElksClient(options: ElksOptions): ChannelClient {
  return {
    channel: 'sms',
    provider: '46elks',
    simulated: options.simulated ?? false,
    async send(message: OutgoingMessage, signal?: AbortSignal): Promise<SendOutcome> {
      const recipient = smsRecipient('46elks', message.recipient);
      if ('refused' in recipient) return recipient.refused;
      const answer = await callProvider({
        provider: '46elks',
        url: `${options.baseUrl}/a1/sms`,
        headers: { authorization: basicAuth(options.username, options.password), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ from: options.senderName, to: recipient.to, message: message.body }).toString(),
        ...(signal ? { signal } : {}),
      });
      if (!answer.ok) return answer.outcome;
      const sms = answerJson<{ id?: string }>(answer.text);
      return { kind: 'accepted', provider: '46elks', provider_message_id: sms?.id ?? null, status: 'sent' };
    },
  };
}
