import type { CommChannel, IsoDate, Ore } from '@fordran/core';
import type { AppContext } from '../../context';

/*
 * The seam between sending (what goes out, when, and what is recorded) and the channels (how it
 * reaches the debtor). Every provider — SMTP, SendGrid, 46elks, Twilio, Kivra, the letter print
 * queue — and every local stand-in implements `ChannelClient`; the delivery worker only ever sees
 * this interface (docs/communications.md).
 */

/** A letter's window-envelope address and payment block (letters only). */
export interface LetterDetails {
  /** Name, then street lines, then "postnummer ort"; printed in the envelope window. */
  address_lines: readonly string[];
  sender_name: string;
  payment?: { bankgiro: string | null; ocr: string | null; amountOre: Ore; due_date: IsoDate | null };
}

/** One message as it leaves Fordran: rendered, addressed, with its idempotency key. */
export interface OutgoingMessage {
  /** communications.id. Providers that accept an idempotency key get it (and SMTP its Message-ID), so a retry after a crash mid-send is not a second message. */
  id: string;
  org_id: string;
  channel: CommChannel;
  /** E-mail address, phone number (E.164), Kivra personnummer, or the letter's addressee name. */
  recipient: string;
  subject: string | null;
  /** The rendered body, plain text with line breaks. */
  body: string;
  /** Absolute opt-out link (e-mail and SMS), null for letters. */
  unsubscribe_url: string | null;
  letter?: LetterDetails;
}

/** What a provider answered. */
export type SendOutcome =
  | {
      kind: 'accepted';
      provider: string;
      provider_message_id: string | null;
      /** sent: handed over, no receipt yet; delivered: the provider confirmed delivery; queued: waits with the provider (print queue). */
      status: 'sent' | 'delivered' | 'queued';
      /** FileStorage key of a PDF the provider rendered (letters): becomes communications.rendered_pdf_id. */
      rendered_pdf_key?: string;
    }
  | {
      kind: 'rejected';
      provider: string;
      detail: string;
      /** true: never succeeds (bad address, bounce) → failed now; false: retried with back-off. */
      permanent: boolean;
      bounced?: boolean;
      /**
       * The channel to send on instead (permanent rejections only). Kivra sets 'letter' when the
       * recipient has no Kivra mailbox and the organisation's Kivra fallback is "kivra to letter"
       * (spec part 2 §9); `kivraFallback(outcome)` reads it.
       */
      fallback_channel?: CommChannel;
    }
  | { kind: 'throttled'; provider: string; detail: string; retry_after_seconds: number };

/** A configured provider for one channel of one organisation. */
export interface ChannelClient {
  readonly channel: CommChannel;
  /** 'smtp', 'sendgrid', '46elks', 'twilio', 'kivra', 'manual', 'outbox', … */
  readonly provider: string;
  /** True when this is a local stand-in: nothing leaves the machine (the UI says so). */
  readonly simulated: boolean;
  send(message: OutgoingMessage, signal?: AbortSignal): Promise<SendOutcome>;
}

/** Finds the client of an organisation's channel (its settings, else the server's defaults). */
export interface ChannelDirectory {
  clientFor(app: AppContext, orgId: string, channel: CommChannel): Promise<ChannelClient>;
  /** Stops what the directory runs in the process (the default one: the provider simulator); the app's close calls it. */
  close?(): Promise<void>;
}

/** The channel client the app is configured with (openAppContext installs the default directory; tests may inject one). */
export function channelClientFor(app: AppContext, orgId: string, channel: CommChannel): Promise<ChannelClient> {
  const directory = app.providers?.channels;
  if (!directory) throw new Error('No channel directory configured (openAppContext installs one)');
  return directory.clientFor(app, orgId, channel);
}
