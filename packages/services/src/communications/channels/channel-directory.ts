import { createHash } from 'node:crypto';
import { swedishDateOfInstant } from '../../clock';
import type { CommChannel } from '@fordran/core';
import { findCommChannelSettingRow, findOrganisationRow, type CommChannelSettingRow } from '@fordran/store';
import type { AppContext } from '../../context';
import type { ChannelClient, ChannelDirectory, SendOutcome } from './channel';
import { createOutboxClient, outboxKey } from './email/outbox-client';
import { createSendGridClient, SENDGRID_BASE_URL } from './email/sendgrid-client';
import { createSmtpClient, type SmtpServer } from './email/smtp-client';
import { createKivraClient, KIVRA_BASE_URL, type KivraFallback } from './kivra/kivra-client';
import type { LetterSender } from './letter/letter-pdf';
import { createManualLetterClient, createSandboxLetterClient } from './letter/manual-letter-client';
import { createPrintPartnerClient, PRINTPARTNER_BASE_URL } from './letter/printpartner-client';
import { optionsWithDefaults, providerDefinition } from './settings/provider-catalogue';
import { readStoredSetting, settingSecrets } from './settings/stored-setting';
import { startProviderSimulator, type ProviderSimulator } from './simulator/provider-simulator';
import { recordingClient } from './simulator/simulated-messages';
import { createElksClient, ELKS_BASE_URL } from './sms/elks-client';
import { createTwilioClient, TWILIO_BASE_URL } from './sms/twilio-client';

/*
 * The default ChannelDirectory (openAppContext installs it): per organisation and channel, the
 * active comm_channels_settings row — its provider with the decrypted credentials, or, in sandbox
 * mode, the same client against the local stand-in — else the server's default: SMTP from
 * FORDRAN_SMTP_URL or the local outbox for e-mail, the in-process simulator for SMS and Kivra, the
 * print queue for letters.
 */

export interface ProviderBaseUrls {
  sendgrid: string;
  elks: string;
  twilio: string;
  kivra: string;
  printpartner: string;
}

export interface ChannelDirectoryConfig {
  /** FORDRAN_SMTP_URL (`smtp://user:pass@host:587`, `smtps://…`), or nodemailer's options; null: the local outbox. */
  smtp: SmtpServer | null;
  /** FORDRAN_MAIL_FROM: the sender of e-mail from the server's SMTP and the outbox. */
  mailFrom: string;
  /** Where the real HTTP providers answer (tests point them at a local stand-in). */
  baseUrls: ProviderBaseUrls;
  /** The stand-in of the HTTP providers; default: one started in this process on first use. */
  simulator?: () => Promise<Pick<ProviderSimulator, 'url' | 'credentials'>>;
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
  simulator(): Promise<Pick<ProviderSimulator, 'url' | 'credentials'>>;
  /** Stops the in-process simulator, if it was started. */
  close(): Promise<void>;
}

/** What a client is built from: a save that changes any of it (a new sealed box has a new IV) gives a new client. */
function settingVersion(row: CommChannelSettingRow): string {
  return createHash('sha256').update(JSON.stringify([row.id, row.provider, row.is_active, row.sandbox, row.credentials_json])).digest('base64url');
}

/** A client whose provider is reached through a promise (the simulator starts on the first send, not on look-up). */
function deferredClient(channel: CommChannel, provider: string, simulated: boolean, make: () => Promise<ChannelClient>): ChannelClient {
  let client: Promise<ChannelClient> | null = null;
  return {
    channel,
    provider,
    simulated,
    async send(message, signal): Promise<SendOutcome> {
      client ??= make();
      return (await client).send(message, signal);
    },
  };
}

/** A client that refuses every message with the reason (a setting that cannot send yet); tried again later. */
function refusingClient(channel: CommChannel, provider: string, detail: string): ChannelClient {
  return { channel, provider, simulated: false, send: () => Promise.resolve({ kind: 'rejected', provider, detail, permanent: false }) };
}

async function letterSender(app: AppContext, orgId: string): Promise<LetterSender> {
  const org = await findOrganisationRow(app.database.db, orgId);
  const address = org?.address_json ?? {};
  const lines = [address.street, [address.zip, address.city].filter(Boolean).join(' ')].filter((line): line is string => Boolean(line));
  return { name: org?.name ?? 'Fordran', address_lines: lines, org_no: org?.org_no ?? null };
}

export function createChannelDirectory(overrides: Partial<ChannelDirectoryConfig> = {}): DefaultChannelDirectory {
  const config: ChannelDirectoryConfig = { smtp: null, mailFrom: DEFAULT_MAIL_FROM, ...overrides, baseUrls: { ...DEFAULT_BASE_URLS, ...overrides.baseUrls } };
  let started: Promise<ProviderSimulator> | null = null;
  const simulator = config.simulator ?? (() => (started ??= startProviderSimulator()));
  // A client lives as long as its setting is unchanged: an SMTP transport or a Kivra token is reused.
  const clients = new Map<string, Promise<ChannelClient>>();

  async function build(app: AppContext, orgId: string, channel: CommChannel, row: CommChannelSettingRow | undefined): Promise<ChannelClient> {
    const files = app.files;
    const today = () => swedishDateOfInstant(app.clock.now());
    const record = (client: ChannelClient, from: string | null, fileKey?: Parameters<typeof recordingClient>[1]['fileKey']) =>
      recordingClient(client, { files, now: () => app.clock.now(), from, ...(fileKey ? { fileKey } : {}) });
    const definition = row ? providerDefinition(channel, row.provider) : undefined;

    if (!row || !row.is_active || !definition) {
      if (channel === 'email') {
        if (config.smtp) return createSmtpClient(config.smtp, config.mailFrom);
        return record(createOutboxClient(files, config.mailFrom), config.mailFrom, (message) => outboxKey(message.org_id, message.id));
      }
      if (channel === 'sms') {
        const sms = deferredClient('sms', '46elks', true, async () => {
          const sim = await simulator();
          return createElksClient({ baseUrl: sim.url, username: sim.credentials.username, password: sim.credentials.password, senderName: 'Fordran', simulated: true });
        });
        return record(sms, 'Fordran');
      }
      const sender = await letterSender(app, orgId);
      if (channel === 'kivra') return record(simulatedKivra(sender, 'letter'), null);
      return createManualLetterClient({ files, sender, today });
    }

    const stored = readStoredSetting(row);
    const options = optionsWithDefaults(definition, stored.options);
    const sandbox = row.sandbox;
    const secrets = sandbox ? {} : settingSecrets(app.config.secret, orgId, channel, stored);
    if (secrets === null) {
      return refusingClient(channel, row.provider, 'Kanalens inloggningsuppgifter kan inte läsas (serverns hemlighet har bytts?): spara dem igen under Kommunikationsinställningar');
    }
    const missing = definition.secrets.filter((field) => field.required && !secrets[field.name]).concat(definition.options.filter((field) => field.required && !options[field.name]));
    if (!sandbox && missing.length > 0) return refusingClient(channel, row.provider, `Uppgifter saknas för ${definition.label}: ${missing.map((field) => field.label).join(', ')}`);

    const viaSimulator = (make: (sim: Pick<ProviderSimulator, 'url' | 'credentials'>) => ChannelClient, from: string | null) =>
      record(deferredClient(channel, row.provider, true, async () => make(await simulator())), from);
    const fromAddress = options.from_address ? (options.from_name ? `"${options.from_name.replace(/"/g, '')}" <${options.from_address}>` : options.from_address) : config.mailFrom;

    switch (row.provider) {
      case 'smtp':
        if (sandbox) return record(createOutboxClient(files, fromAddress), fromAddress, (message) => outboxKey(message.org_id, message.id));
        return createSmtpClient(
          {
            host: options.host!,
            port: Number(options.port),
            secure: options.security === 'tls',
            requireTLS: options.security === 'starttls',
            ...(options.username ? { auth: { user: options.username, pass: secrets.password ?? '' } } : {}),
          },
          fromAddress,
        );
      case 'sendgrid': {
        const sendgrid = (baseUrl: string, apiKey: string, simulated: boolean) =>
          createSendGridClient({ baseUrl, apiKey, fromAddress: options.from_address ?? 'no-reply@fordran.local', ...(options.from_name ? { fromName: options.from_name } : {}), simulated });
        return sandbox ? viaSimulator((sim) => sendgrid(sim.url, sim.credentials.password, true), fromAddress) : sendgrid(config.baseUrls.sendgrid, secrets.api_key!, false);
      }
      case '46elks': {
        const senderName = options.sender_name ?? 'Fordran';
        return sandbox
          ? viaSimulator((sim) => createElksClient({ baseUrl: sim.url, username: sim.credentials.username, password: sim.credentials.password, senderName, simulated: true }), senderName)
          : createElksClient({ baseUrl: config.baseUrls.elks, username: options.username!, password: secrets.password!, senderName });
      }
      case 'twilio': {
        const senderName = options.sender_name ?? 'Fordran';
        return sandbox
          ? viaSimulator((sim) => createTwilioClient({ baseUrl: sim.url, accountSid: sim.credentials.username, authToken: sim.credentials.password, senderName, simulated: true }), senderName)
          : createTwilioClient({ baseUrl: config.baseUrls.twilio, accountSid: options.account_sid!, authToken: secrets.auth_token!, senderName });
      }
      case 'kivra': {
        const sender = await letterSender(app, orgId);
        const fallback = (options.fallback ?? 'letter') as KivraFallback;
        if (sandbox) return record(simulatedKivra(sender, fallback), null);
        return createKivraClient({
          baseUrl: config.baseUrls.kivra,
          clientId: options.client_id!,
          clientSecret: secrets.client_secret!,
          tenantKey: options.tenant_key!,
          fallback,
          files,
          sender,
          today,
        });
      }
      case 'printpartner': {
        const sender = await letterSender(app, orgId);
        const partner = (baseUrl: string, apiKey: string, simulated: boolean) =>
          createPrintPartnerClient({
            baseUrl,
            apiKey,
            customerNumber: options.customer_number ?? 'sandbox',
            serviceLevel: options.service_level === 'a-post' ? 'a-post' : 'b-post',
            files,
            sender,
            today,
            simulated,
          });
        return sandbox ? viaSimulator((sim) => partner(sim.url, sim.credentials.password, true), sender.name) : partner(config.baseUrls.printpartner, secrets.api_key!, false);
      }
      default: {
        const sender = await letterSender(app, orgId);
        return sandbox ? record(createSandboxLetterClient({ files, sender, today }), sender.name) : createManualLetterClient({ files, sender, today });
      }
    }

    function simulatedKivra(sender: LetterSender, fallback: KivraFallback): ChannelClient {
      return deferredClient('kivra', 'kivra', true, async () => {
        const sim = await simulator();
        return createKivraClient({
          baseUrl: sim.url,
          clientId: sim.credentials.username,
          clientSecret: sim.credentials.password,
          tenantKey: '0123456789abcdef',
          fallback,
          files,
          sender,
          today,
          simulated: true,
        });
      });
    }
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
