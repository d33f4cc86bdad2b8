import { createHash } from 'node:crypto';
import type { CommChannel } from '@fordran/core';
import { findCommChannelSettingRow, type CommChannelSettingRow } from '@fordran/store';
import type { AppContext } from '../../context';
import type { ChannelClient, ChannelDirectory } from './channel';
import { organisationClient, serverDefaultClient, type ClientContext, type ProviderBaseUrls, type SimulatorAccess } from './channel-clients';
import { SENDGRID_BASE_URL } from './email/sendgrid-client';
import type { SmtpServer } from './email/smtp-client';
import { KIVRA_BASE_URL } from './kivra/kivra-client';
import { PRINTPARTNER_BASE_URL } from './letter/printpartner-client';
import { providerDefinition } from './settings/provider-catalogue';
import { startProviderSimulator, type ProviderSimulator } from './simulator/provider-simulator';
import { ELKS_BASE_URL } from './sms/elks-client';
import { TWILIO_BASE_URL } from './sms/twilio-client';

export type { ProviderBaseUrls } from './channel-clients';

/*
 * The default ChannelDirectory (openAppContext installs it): per organisation and channel, the
 * active comm_channels_settings row — its provider with the decrypted credentials, or, in sandbox
 * mode, the same client against the local stand-in — else the server's default: SMTP from
 * FORDRAN_SMTP_URL or the local outbox for e-mail, the in-process simulator for SMS and Kivra, the
 * print queue for letters.
 */

export interface ChannelDirectoryConfig {
  /** FORDRAN_SMTP_URL (`smtp://user:pass@host:587`, `smtps://…`), or nodemailer's options; null: the local outbox. */
  smtp: SmtpServer | null;
  /** FORDRAN_MAIL_FROM: the sender of e-mail from the server's SMTP and the outbox. */
  mailFrom: string;
  /** Where the real HTTP providers answer (tests point them at a local stand-in). */
  baseUrls: ProviderBaseUrls;
  /** The stand-in of the HTTP providers; default: one started in this process on first use. */
  simulator?: () => Promise<SimulatorAccess>;
}

export const DEFAULT_MAIL_FROM = 'Fordran <no-reply@fordran.local>';
const DEFAULT_BASE_URLS: ProviderBaseUrls = {
  sendgrid: SENDGRID_BASE_URL,
  elks: ELKS_BASE_URL,
  twilio: TWILIO_BASE_URL,
  kivra: KIVRA_BASE_URL,
  printpartner: PRINTPARTNER_BASE_URL,
};

/** FORDRAN_SMTP_URL and FORDRAN_MAIL_FROM (unset or empty: outbox, default sender). */
export function channelDirectoryConfigFromEnv(env: NodeJS.ProcessEnv): Pick<ChannelDirectoryConfig, 'smtp' | 'mailFrom'> {
  const smtp = env.FORDRAN_SMTP_URL?.trim();
  if (smtp && !/^smtps?:\/\//.test(smtp)) throw new Error('FORDRAN_SMTP_URL måste börja med smtp:// eller smtps:// (smtp://användare:lösenord@värd:587)');
  return { smtp: smtp || null, mailFrom: env.FORDRAN_MAIL_FROM?.trim() || DEFAULT_MAIL_FROM };
}

export interface DefaultChannelDirectory extends ChannelDirectory {
  /** The in-process provider simulator, started on first use (what it received: `received`). */
  simulator(): Promise<SimulatorAccess>;
  /** Stops the in-process simulator, if it was started. */
  close(): Promise<void>;
}

/** What a client is built from: a save that changes any of it (a new sealed box has a new IV) gives a new client. */
function settingVersion(row: CommChannelSettingRow): string {
  return createHash('sha256')
    .update(JSON.stringify([row.id, row.provider, row.is_active, row.sandbox, row.credentials_json]))
    .digest('base64url');
}

/** The directory; `overrides` replace the defaults (outbox, default sender, the real providers' URLs, an in-process simulator). */
export function createChannelDirectory(
  overrides: Partial<Omit<ChannelDirectoryConfig, 'baseUrls'>> & { baseUrls?: Partial<ProviderBaseUrls> } = {},
): DefaultChannelDirectory {
  const config: ChannelDirectoryConfig = { smtp: null, mailFrom: DEFAULT_MAIL_FROM, ...overrides, baseUrls: { ...DEFAULT_BASE_URLS, ...overrides.baseUrls } };
  let started: Promise<ProviderSimulator> | null = null;
  const simulator = config.simulator ?? (() => (started ??= startProviderSimulator()));
  // A client lives as long as its setting is unchanged: an SMTP transport or a Kivra token is reused.
  const clients = new Map<string, Promise<ChannelClient>>();

  async function build(app: AppContext, orgId: string, channel: CommChannel, row: CommChannelSettingRow | undefined): Promise<ChannelClient> {
    const context: ClientContext = { app, orgId, smtp: config.smtp, mailFrom: config.mailFrom, baseUrls: config.baseUrls, simulator };
    const definition = row?.is_active ? providerDefinition(channel, row.provider) : undefined;
    return row && definition ? organisationClient(context, channel, row, definition) : serverDefaultClient(context, channel);
  }

  return {
    async clientFor(app, orgId, channel) {
      const row = await findCommChannelSettingRow(app.database.db, orgId, channel);
      const slot = `${orgId}:${channel}:`;
      const key = `${slot}${row ? settingVersion(row) : 'server'}`;
      let client = clients.get(key);
      if (!client) {
        // The setting changed: the client of its earlier version is not asked for again.
        for (const old of clients.keys()) if (old.startsWith(slot)) clients.delete(old);
        client = build(app, orgId, channel, row);
        clients.set(key, client);
        client.catch(() => clients.delete(key));
      }
      return client;
    },
    simulator,
    async close() {
      const running = started;
      started = null;
      if (running) await (await running).close();
    },
  };
}
