import type { IsoDate } from '@fordran/core';
import type { FileStorage } from '@fordran/store';
import type { ChannelClient, OutgoingMessage, SendOutcome } from '../channel';
import { answerJson, callProvider } from '../provider-http';
import { storedLetterPdf } from './letter-document';
import type { LetterSender } from './letter-pdf';

export const PRINTPARTNER_BASE_URL = 'https://api.printpartner.example';

export interface PrintPartnerOptions {
  baseUrl: string;
  apiKey: string;
  customerNumber: string;
  serviceLevel: 'a-post' | 'b-post';
  files: FileStorage;
  sender: LetterSender;
  today: () => IsoDate;
  simulated?: boolean;
}

/**
 * The `printpartner` letter provider: a print-and-post service that takes the finished PDF over
 * HTTP (POST /v1/letters, Bearer API key) with A-post or B-post (spec part 2 §9). Fordran's own
 * contract — no partner is named by the spec — with the communication id as the idempotency
 * reference: a retry the partner already has answers 409 with the letter, which counts as sent.
 * docs/communications.md describes it for whoever connects a real partner.
 */
export function createPrintPartnerClient(options: PrintPartnerOptions): ChannelClient {
  return {
    channel: 'letter',
    provider: 'printpartner',
    simulated: options.simulated ?? false,
    async send(message: OutgoingMessage, signal?: AbortSignal): Promise<SendOutcome> {
      const pdf = await storedLetterPdf(options.files, message, options.sender, options.today());
      const answer = await callProvider({
        provider: 'printpartner',
        url: `${options.baseUrl}/v1/letters`,
        headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          reference: message.id,
          customer_number: options.customerNumber,
          service_level: options.serviceLevel,
          document: { content_type: 'application/pdf', data: Buffer.from(pdf.bytes).toString('base64') },
        }),
        alsoAccepted: [409],
        ...(signal ? { signal } : {}),
      });
      if (answer.ok) {
        const letter = answerJson<{ id?: string }>(answer.text);
        return { kind: 'accepted', provider: 'printpartner', provider_message_id: letter?.id ?? null, status: 'sent', rendered_pdf_key: pdf.key };
      }
      return answer.outcome;
    },
  };
}
