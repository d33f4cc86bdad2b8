import { and, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../database';
import { unsubscribeTokens } from '../schema';
import type { NewUnsubscribeTokenRow, UnsubscribeTokenRow } from '../types';
import { keysetWindowCondition, type KeysetWindow } from './keyset';

/*
 * Opt-outs (schema/communications.ts): one token row per organisation, channel and recipient,
 * made with the first message that carries the link. Opted out = opted_out_at set and revoked_at
 * null.
 */

type Channel = UnsubscribeTokenRow['channel'];

const optedOut: SQL = and(isNotNull(unsubscribeTokens.opted_out_at), isNull(unsubscribeTokens.revoked_at))!;

export async function insertUnsubscribeTokenRow(tx: Db, row: NewUnsubscribeTokenRow): Promise<UnsubscribeTokenRow> {
  return (await tx.insert(unsubscribeTokens).values(row).returning())[0]!;
}

/** The token row of a recipient on a channel (the oldest, should there be two). */
export async function findUnsubscribeTokenFor(db: Db, orgId: string, channel: Channel, recipient: string): Promise<UnsubscribeTokenRow | undefined> {
  return (
    await db
      .select()
      .from(unsubscribeTokens)
      .where(and(eq(unsubscribeTokens.org_id, orgId), eq(unsubscribeTokens.channel, channel), eq(unsubscribeTokens.recipient, recipient)))
      .orderBy(unsubscribeTokens.id)
      .limit(1)
  )[0];
}

/** A token row by its token alone (the public unsubscribe page, before any organisation is known). */
export async function findUnsubscribeTokenByToken(db: Db, token: string): Promise<UnsubscribeTokenRow | undefined> {
  return (await db.select().from(unsubscribeTokens).where(eq(unsubscribeTokens.token, token)).limit(1))[0];
}

/** Whether the recipient has opted out of the channel (and staff have not revoked it). */
export async function isRecipientOptedOut(db: Db, orgId: string, channel: Channel, recipient: string): Promise<boolean> {
  const rows = await db
    .select({ id: unsubscribeTokens.id })
    .from(unsubscribeTokens)
    .where(and(eq(unsubscribeTokens.org_id, orgId), eq(unsubscribeTokens.channel, channel), eq(unsubscribeTokens.recipient, recipient), optedOut))
    .limit(1);
  return rows.length > 0;
}

/** The channels among a recipient's contacts that are opted out: `[{ channel, recipient }]` in, the opted-out ones out. */
export async function listOptedOutChannels(db: Db, orgId: string, contacts: readonly { channel: Channel; recipient: string }[]): Promise<Channel[]> {
  const out: Channel[] = [];
  // A handful of contacts (one per channel): one indexed look-up each.
  for (const contact of contacts) {
    if (await isRecipientOptedOut(db, orgId, contact.channel, contact.recipient)) out.push(contact.channel);
  }
  return out;
}

/** Records the opt-out of a token: opted out now, any earlier revocation cleared. */
export async function markUnsubscribeTokenOptedOut(tx: Db, id: string, now: string): Promise<UnsubscribeTokenRow | undefined> {
  return (await tx.update(unsubscribeTokens).set({ opted_out_at: now, revoked_at: null }).where(eq(unsubscribeTokens.id, id)).returning())[0];
}

/** Revokes an opt-out in force; undefined when there is none with this id (another organisation's, already revoked, never opted out). */
export async function revokeOptOutRow(tx: Db, orgId: string, id: string, now: string): Promise<UnsubscribeTokenRow | undefined> {
  return (
    await tx
      .update(unsubscribeTokens)
      .set({ revoked_at: now })
      .where(and(eq(unsubscribeTokens.org_id, orgId), eq(unsubscribeTokens.id, id), optedOut))
      .returning()
  )[0];
}

/** The organisation's opt-outs in force, newest first by (opted_out_at, id), optionally one channel. */
export async function listOptOutRows(
  db: Db,
  orgId: string,
  filter: { channel?: Channel; window?: KeysetWindow },
  limit: number,
): Promise<UnsubscribeTokenRow[]> {
  return db
    .select()
    .from(unsubscribeTokens)
    .where(
      and(
        eq(unsubscribeTokens.org_id, orgId),
        optedOut,
        filter.channel ? eq(unsubscribeTokens.channel, filter.channel) : undefined,
        filter.window ? keysetWindowCondition(unsubscribeTokens.opted_out_at, unsubscribeTokens.id, filter.window) : undefined,
      ),
    )
    .orderBy(desc(unsubscribeTokens.opted_out_at), desc(unsubscribeTokens.id))
    .limit(limit);
}
