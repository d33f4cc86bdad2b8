import type { IsoDate } from '@fordran/core';
import type { FileStorage } from '@fordran/store';
import type { OutgoingMessage } from '../channel';
import { renderLetterPdf, type LetterSender } from './letter-pdf';

/** Where a letter's PDF is kept: one per communication. */
export function letterPdfKey(orgId: string, messageId: string): string {
  return `orgs/${orgId}/letters/${messageId}.pdf`;
}

/** The window lines: the letter's address, else the recipient as sending wrote it ("street, zip city"). */
function recipientLines(message: OutgoingMessage): string[] {
  if (message.letter && message.letter.address_lines.length > 0) return [...message.letter.address_lines];
  return message.recipient
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The letter's PDF in FileStorage, rendered on the first attempt and read back on every later one:
 * a retry after a crash sends the very bytes of the first (Kivra's and the print partner's
 * duplicate checks compare them), and the stored PDF is the evidence of what went out.
 */
export async function storedLetterPdf(
  files: FileStorage,
  message: OutgoingMessage,
  sender: LetterSender,
  date: IsoDate,
): Promise<{ key: string; bytes: Uint8Array }> {
  const key = letterPdfKey(message.org_id, message.id);
  const existing = await files.get(key);
  if (existing) return { key, bytes: existing.bytes };
  const bytes = await renderLetterPdf({
    sender: message.letter?.sender_name ? { ...sender, name: message.letter.sender_name } : sender,
    recipient_lines: recipientLines(message),
    date,
    reference: message.id,
    subject: message.subject,
    body: message.body,
    ...(message.letter?.payment ? { payment: message.letter.payment } : {}),
  });
  await files.put(key, bytes, 'application/pdf');
  return { key, bytes };
}
