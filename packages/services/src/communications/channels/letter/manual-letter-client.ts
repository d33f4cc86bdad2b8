import type { IsoDate } from '@fordran/core';
import type { FileStorage } from '@fordran/store';
import type { ChannelClient, OutgoingMessage, SendOutcome } from '../channel';
import { storedLetterPdf } from './letter-document';
import type { LetterSender } from './letter-pdf';

export interface ManualLetterOptions {
  files: FileStorage;
  sender: LetterSender;
  today: () => IsoDate;
}

/**
 * The `manual` letter provider: renders the PDF, stores it and leaves the letter `queued` in the
 * organisation's print queue; staff print a batch (print-batches.ts), which marks it sent.
 */
export function createManualLetterClient(options: ManualLetterOptions): ChannelClient {
  return {
    channel: 'letter',
    provider: 'manual',
    simulated: false,
    async send(message: OutgoingMessage): Promise<SendOutcome> {
      const pdf = await storedLetterPdf(options.files, message, options.sender, options.today());
      return { kind: 'accepted', provider: 'manual', provider_message_id: null, status: 'queued', rendered_pdf_key: pdf.key };
    },
  };
}

/**
 * A sandbox letter: rendered and stored like any other, but never queued for printing (a sandbox
 * letter must not reach a post box by mistake); wrapped by `recordingClient` it is listed with
 * its PDF on the settings page.
 */
export function createSandboxLetterClient(options: ManualLetterOptions): ChannelClient {
  return {
    channel: 'letter',
    provider: 'manual',
    simulated: true,
    async send(message: OutgoingMessage): Promise<SendOutcome> {
      const pdf = await storedLetterPdf(options.files, message, options.sender, options.today());
      return { kind: 'accepted', provider: 'manual', provider_message_id: null, status: 'sent', rendered_pdf_key: pdf.key };
    },
  };
}
