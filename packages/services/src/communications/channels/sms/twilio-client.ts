import type { ChannelClient, OutgoingMessage, SendOutcome } from '../channel';
import { answerJson, basicAuth, callProvider } from '../provider-http';
import { smsRecipient } from './sms-recipient';

export const TWILIO_BASE_URL = 'https://api.twilio.com';

export interface TwilioOptions {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  senderName: string;
  simulated?: boolean;
}

/**
 * SMS through Twilio's Messages API (POST /2010-04-01/Accounts/{AccountSid}/Messages.json,
 * form-encoded To/From/Body, HTTP Basic with Account SID and Auth Token); 201 with the message SID.
 */
export function createTwilioClient(options: TwilioOptions): ChannelClient {
  return {
    channel: 'sms',
    provider: 'twilio',
    simulated: options.simulated ?? false,
    async send(message: OutgoingMessage, signal?: AbortSignal): Promise<SendOutcome> {
      const recipient = smsRecipient('twilio', message.recipient);
      if ('refused' in recipient) return recipient.refused;
      const answer = await callProvider({
        provider: 'twilio',
        url: `${options.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`,
        headers: { authorization: basicAuth(options.accountSid, options.authToken), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: recipient.to, From: options.senderName, Body: message.body }).toString(),
        ...(signal ? { signal } : {}),
      });
      if (!answer.ok) return answer.outcome;
      const sms = answerJson<{ sid?: string }>(answer.text);
      return { kind: 'accepted', provider: 'twilio', provider_message_id: sms?.sid ?? null, status: 'sent' };
    },
  };
}
