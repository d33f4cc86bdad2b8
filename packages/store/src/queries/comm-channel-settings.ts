import { and, eq } from 'drizzle-orm';
import type { CommChannel } from '@fordran/core';
import type { Db } from '../database';
import { commChannelsSettings } from '../schema';
import type { CommChannelSettingRow, NewCommChannelSettingRow } from '../types';

/** The organisation's channel settings (at most one per channel). */
export function listCommChannelSettingRows(db: Db, orgId: string): Promise<CommChannelSettingRow[]> {
  return db.select().from(commChannelsSettings).where(eq(commChannelsSettings.org_id, orgId));
}

export async function findCommChannelSettingRow(db: Db, orgId: string, channel: CommChannel): Promise<CommChannelSettingRow | undefined> {
  return (
    await db
      .select()
      .from(commChannelsSettings)
      .where(and(eq(commChannelsSettings.org_id, orgId), eq(commChannelsSettings.channel, channel)))
      .limit(1)
  )[0];
}

/** Writes the setting of one channel (insert, or update on org_id + channel, spec part 2 §3); returns the row. */
export async function upsertCommChannelSettingRow(tx: Db, row: NewCommChannelSettingRow & { updated_at: string }): Promise<CommChannelSettingRow> {
  const { provider, credentials_json, is_active, sandbox, updated_at } = row;
  return (
    await tx
      .insert(commChannelsSettings)
      .values(row)
      .onConflictDoUpdate({
        target: [commChannelsSettings.org_id, commChannelsSettings.channel],
        set: { provider, credentials_json, is_active, sandbox, updated_at },
      })
      .returning()
  )[0]!;
}
