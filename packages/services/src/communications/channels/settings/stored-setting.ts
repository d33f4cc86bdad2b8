import type { CommChannel } from '@fordran/core';
import type { CommChannelSettingRow } from '@fordran/store';
import { isSealedCredentials, openCredentials, type SealedCredentials } from './credentials-cipher';

/*
 * comm_channels_settings.credentials_json as Fordran writes it: `options` in clear (what the
 * settings page shows back) and `secrets` sealed (credentials-cipher.ts). Anything else in the
 * column (a row written before this shape) reads as no options and no secrets.
 */

export interface StoredChannelSetting {
  options: Record<string, string>;
  sealed: SealedCredentials | null;
}

export function readStoredSetting(row: Pick<CommChannelSettingRow, 'credentials_json'>): StoredChannelSetting {
  const json = row.credentials_json as { options?: unknown; secrets?: unknown };
  const options =
    typeof json.options === 'object' && json.options !== null
      ? Object.fromEntries(Object.entries(json.options).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
      : {};
  return { options, sealed: isSealedCredentials(json.secrets) ? json.secrets : null };
}

export function storedSettingJson(setting: StoredChannelSetting): Record<string, unknown> {
  return { options: setting.options, secrets: setting.sealed };
}

/** The decrypted secrets ({} when none are stored), or null when the sealed box does not open. */
export function settingSecrets(serverSecret: string, orgId: string, channel: CommChannel, setting: StoredChannelSetting): Record<string, string> | null {
  return setting.sealed ? openCredentials(serverSecret, { org_id: orgId, channel }, setting.sealed) : {};
}
