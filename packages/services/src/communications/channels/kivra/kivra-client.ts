import { oreToDecimal, parseOrganisationsnummer, parsePersonnummer, type CommChannel, type IsoDate } from '@fordran/core';
import type { FileStorage } from '@fordran/store';
import type { ChannelClient, OutgoingMessage, SendOutcome } from '../channel';
import { storedLetterPdf } from '../letter/letter-document';
import type { LetterSender } from '../letter/letter-pdf';
import { answerJson, basicAuth, callProvider } from '../provider-http';

export const KIVRA_BASE_URL = 'https://sender.api.kivra.com';

/** What the organisation does when the recipient has no Kivra mailbox (spec part 2 §9). */
export type KivraFallback = 'letter' | 'none';

export const NO_KIVRA_MAILBOX = 'Mottagaren har ingen brevlåda hos Kivra';

export interface KivraOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  tenantKey: string;
  fallback: KivraFallback;
  files: FileStorage;
  sender: LetterSender;
  today: () => IsoDate;
  simulated?: boolean;
}

type KivraRecipient = { ssn: string } | { vat_number: string };

/** Kivra's key of a recipient: a personnummer as 12 digits, an organisationsnummer as its VAT number. */
function kivraRecipient(recipient: string, today: IsoDate): KivraRecipient | null {
  try {
    return { ssn: parsePersonnummer(recipient, today).normalized };
  } catch {
    try {
      return { vat_number: parseOrganisationsnummer(recipient).vatNumber };
    } catch {
      return null;
    }
  }
}

/**
 * The channel a Kivra message goes out on instead, or null: 'letter' when Kivra refused it because
 * the recipient has no mailbox and the organisation's fallback is "kivra to letter". The sending
 * side calls it on every failed Kivra outcome and, when it names a channel, changes the message's
 * channel (core's changeCommunicationChannel) and queues it again.
 * @example kivraFallback(await client.send(message)) // "letter"
 */
export function kivraFallback(outcome: SendOutcome): CommChannel | null {
  return outcome.kind === 'rejected' && outcome.provider === 'kivra' ? (outcome.fallback_channel ?? null) : null;
}

type Refusal = Exclude<SendOutcome, { kind: 'accepted' }>;

/** "No mailbox", with the organisation's fallback. */
function noMailbox(fallback: KivraFallback): Extract<SendOutcome, { kind: 'rejected' }> {
  return {
    kind: 'rejected',
    provider: 'kivra',
    detail: fallback === 'letter' ? `${NO_KIVRA_MAILBOX}: skickas som brev` : NO_KIVRA_MAILBOX,
    permanent: true,
    ...(fallback === 'letter' ? { fallback_channel: 'letter' as const } : {}),
  };
}

/** The OAuth2 client-credentials session: a token reused until a minute before it expires, and authorised posts. */
function kivraSession(options: Pick<KivraOptions, 'baseUrl' | 'clientId' | 'clientSecret' | 'tenantKey'>) {
  let token: { value: string; expiresAt: number } | null = null;
  return {
    async bearer(signal?: AbortSignal): Promise<string | Refusal> {
      if (token && token.expiresAt > Date.now()) return token.value;
      const answer = await callProvider({
        provider: 'kivra',
        url: `${options.baseUrl}/v1/auth`,
        headers: { authorization: basicAuth(options.clientId, options.clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
        ...(signal ? { signal } : {}),
      });
      if (!answer.ok) return answer.outcome;
      const granted = answerJson<{ access_token?: string; expires_in?: number }>(answer.text);
      if (!granted?.access_token) return { kind: 'rejected', provider: 'kivra', detail: 'Kivra gav ingen åtkomsttoken', permanent: false };
      token = { value: granted.access_token, expiresAt: Date.now() + Math.max(0, (granted.expires_in ?? 3600) - 60) * 1000 };
      return token.value;
    },
    post(path: string, bearer: string, body: unknown, signal?: AbortSignal) {
      return callProvider({
        provider: 'kivra',
        url: `${options.baseUrl}/v2/tenant/${encodeURIComponent(options.tenantKey)}${path}`,
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        ...(signal ? { signal } : {}),
      });
    },
  };
}

/** The content: the letter's PDF and, when it can be paid (bankgiro, OCR, due date), Kivra's payment option. */
function kivraContent(recipient: KivraRecipient, message: OutgoingMessage, pdf: Uint8Array, today: IsoDate) {
  const payment = message.letter?.payment;
  const payable =
    payment && payment.bankgiro && payment.ocr && payment.due_date
      ? { ...payment, bankgiro: payment.bankgiro, ocr: payment.ocr, due_date: payment.due_date }
      : null;
  return {
    ...recipient,
    subject: message.subject ?? 'Meddelande',
    type: payable ? 'invoice' : 'letter',
    generated_at: today,
    parts: [{ name: 'brev.pdf', data: Buffer.from(pdf).toString('base64'), content_type: 'application/pdf' }],
    ...(payable
      ? {
          payment_multiple_options: {
            payable: true,
            currency: 'SEK',
            method: '1',
            account: payable.bankgiro.replace(/\D/g, ''),
            options: [{ due_date: payable.due_date, amount: oreToDecimal(payable.amountOre), type: 'SE_OCR', reference: payable.ocr }],
          },
        }
      : {}),
  };
}

/**
 * Kivra's sender API: OAuth2 client credentials (POST /v1/auth), a user match for a personnummer
 * (POST /v2/tenant/{tenantKey}/usermatch/ssn) and the letter as a PDF with its payment details
 * (POST /v2/tenant/{tenantKey}/content). A recipient Kivra does not know is reported with
 * `fallback_channel` per the organisation's fallback setting.
 */
export function createKivraClient(options: KivraOptions): ChannelClient {
  const session = kivraSession(options);
  return {
    channel: 'kivra',
    provider: 'kivra',
    simulated: options.simulated ?? false,
    async send(message: OutgoingMessage, signal?: AbortSignal): Promise<SendOutcome> {
      const today = options.today();
      const recipient = kivraRecipient(message.recipient, today);
      if (!recipient)
        return {
          kind: 'rejected',
          provider: 'kivra',
          detail: `Kivra behöver ett giltigt person- eller organisationsnummer: ${message.recipient}`,
          permanent: true,
        };
      const bearer = await session.bearer(signal);
      if (typeof bearer !== 'string') return bearer;
      if ('ssn' in recipient) {
        const match = await session.post('/usermatch/ssn', bearer, { list: [recipient.ssn] }, signal);
        if (!match.ok) return match.outcome;
        if (!answerJson<{ list?: string[] }>(match.text)?.list?.includes(recipient.ssn)) return noMailbox(options.fallback);
      }
      const pdf = await storedLetterPdf(options.files, message, options.sender, today);
      const content = await session.post('/content', bearer, kivraContent(recipient, message, pdf.bytes, today), signal);
      // A company (or a person the match missed) Kivra does not know: no mailbox.
      if (!content.ok) return content.status === 404 ? noMailbox(options.fallback) : content.outcome;
      return { kind: 'accepted', provider: 'kivra', provider_message_id: content.headers.get('kivra-objkey'), status: 'delivered', rendered_pdf_key: pdf.key };
    },
  };
}
