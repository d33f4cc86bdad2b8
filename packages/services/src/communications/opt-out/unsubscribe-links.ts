import { randomBytes } from 'node:crypto';
import { UNSUBSCRIBE_LINK_CHANNELS, type CommChannel } from '@fordran/core';
import { findUnsubscribeTokenFor, insertUnsubscribeTokenRow, type Db } from '@fordran/store';
import type { AppContext } from '../../context';

/** The public page a link opens (ui route /avregistrera/:token). */
export const UNSUBSCRIBE_PATH = '/avregistrera';

/** A recipient's unsubscribe link on a channel: their token (kept, or new and not yet written) and its URL. */
export interface UnsubscribeLink {
  token: string;
  url: string;
  /** False for a token made now: `saveUnsubscribeLink` writes it with the message. */
  stored: boolean;
}

export function unsubscribeUrl(app: AppContext, token: string): string {
  return `${app.config.communications.publicUrl}${UNSUBSCRIBE_PATH}/${token}`;
}

/**
 * The link a message to `recipient` on `channel` carries: the recipient's token if they have one
 * (one token per recipient and channel, reused by every message), else a new random one; null for
 * channels without links (letter, Kivra). Nothing is written here, so a refused send writes nothing.
 */
export async function unsubscribeLinkFor(db: Db, app: AppContext, orgId: string, channel: CommChannel, recipient: string): Promise<UnsubscribeLink | null> {
  if (!UNSUBSCRIBE_LINK_CHANNELS.includes(channel)) return null;
  const existing = await findUnsubscribeTokenFor(db, orgId, channel, recipient);
  // 32 random bytes: the link only opts its recipient out, but it must not be guessable.
  const token = existing?.token ?? randomBytes(32).toString('base64url');
  return { token, url: unsubscribeUrl(app, token), stored: existing !== undefined };
}

/** Writes a new token with the message that first carries it (inside the send's transaction). */
export async function saveUnsubscribeLink(
  tx: Db,
  link: UnsubscribeLink | null,
  row: { org_id: string; channel: CommChannel; recipient: string; now: string },
): Promise<void> {
  if (!link || link.stored) return;
  await insertUnsubscribeTokenRow(tx, { org_id: row.org_id, channel: row.channel, recipient: row.recipient, token: link.token, created_at: row.now });
}
