import type { CommChannel } from '@fordran/core';
import { findOrganisationRow, type CommChannelSettingRow } from '@fordran/store';
import { swedishDateOfInstant } from '../../clock';
import type { AppContext } from '../../context';
import type { ChannelClient, SendOutcome } from './channel';
import { createOutboxClient, outboxKey } from './email/outbox-client';
import { createSendGridClient } from './email/sendgrid-client';
import { createSmtpClient, type SmtpServer } from './email/smtp-client';
import { createKivraClient, type KivraFallback } from './kivra/kivra-client';
import type { LetterSender } from './letter/letter-pdf';
import { createManualLetterClient, createSandboxLetterClient } from './letter/manual-letter-client';
import { createPrintPartnerClient } from './letter/printpartner-client';
import { optionsWithDefaults, type ChannelProvider, type ProviderDefinition } from './settings/provider-catalogue';
import { readStoredSetting, settingSecrets } from './settings/stored-setting';
import type { ProviderSimulator } from './simulator/provider-simulator';
import { recordingClient } from './simulator/simulated-messages';
import { createElksClient } from './sms/elks-client';
import { createTwilioClient } from './sms/twilio-client';

/*
 * Building the client of one organisation's channel: the server's default, or the provider of the
 * organisation's active setting (sandbox: the same client against the local simulator).
 */

export interface ProviderBaseUrls {
  sendgrid: string;
  elks: string;
  twilio: string;
  kivra: string;
  printpartner: string;
}

export type SimulatorAccess = Pick<ProviderSimulator, 'url' | 'credentials'>;

/** What building a client needs from the app and the directory. */
export interface ClientContext {
  app: AppContext;
  orgId: string;
  smtp: SmtpServer | null;
  mailFrom: string;
  baseUrls: ProviderBaseUrls;
  simulator: () => Promise<SimulatorAccess>;
}

const DEFAULT_SENDER_NAME = 'Fordran';
/** Kivra's tenant key at the local simulator (it takes any). */
const SIMULATED_TENANT_KEY = '0123456789abcdef';

/** A client whose provider is reached through a promise (the simulator starts on the first send, not on look-up). */
function deferredClient(channel: CommChannel, provider: string, make: () => Promise<ChannelClient>): ChannelClient {
  let client: Promise<ChannelClient> | null = null;
  return {
    channel,
    provider,
    simulated: true,
    async send(message, signal): Promise<SendOutcome> {
      client ??= make();
      return (await client).send(message, signal);
    },
  };
}

/** A client that refuses every message with the reason (a setting that cannot send); tried again later. */
function refusingClient(channel: CommChannel, provider: string, detail: string): ChannelClient {
  return { channel, provider, simulated: false, send: () => Promise.resolve({ kind: 'rejected', provider, detail, permanent: false }) };
}

function recorded(context: ClientContext, client: ChannelClient, from: string | null): ChannelClient {
  return recordingClient(client, {
    files: context.app.files,
    now: () => context.app.clock.now(),
    from,
    ...(client.provider === 'outbox' ? { fileKey: (message) => outboxKey(message.org_id, message.id) } : {}),
  });
}

/** A stand-in that is the real client of `provider` against the local simulator, recorded. */
function simulatedClient(
  context: ClientContext,
  channel: CommChannel,
  provider: string,
  from: string | null,
  make: (sim: SimulatorAccess) => ChannelClient,
): ChannelClient {
  return recorded(
    context,
    deferredClient(channel, provider, async () => make(await context.simulator())),
    from,
  );
}

/** The organisation as the sender of its letters (name, address, organisation number). */
async function letterSender(context: ClientContext): Promise<LetterSender> {
  const org = await findOrganisationRow(context.app.database.db, context.orgId);
  const address = org?.address_json ?? {};
  const lines = [address.street, [address.zip, address.city].filter(Boolean).join(' ')].filter((line): line is string => Boolean(line));
  return { name: org?.name ?? DEFAULT_SENDER_NAME, address_lines: lines, org_no: org?.org_no ?? null };
}

const todayOf = (context: ClientContext) => () => swedishDateOfInstant(context.app.clock.now());

function simulatedKivra(context: ClientContext, sender: LetterSender, fallback: KivraFallback): ChannelClient {
  return simulatedClient(context, 'kivra', 'kivra', null, (sim) =>
    createKivraClient({
      baseUrl: sim.url,
      clientId: sim.credentials.username,
      clientSecret: sim.credentials.password,
      tenantKey: SIMULATED_TENANT_KEY,
      fallback,
      files: context.app.files,
      sender,
      today: todayOf(context),
      simulated: true,
    }),
  );
}

/** The server's default: SMTP (FORDRAN_SMTP_URL) or the outbox, the simulator for SMS and Kivra, the print queue for letters. */
export async function serverDefaultClient(context: ClientContext, channel: CommChannel): Promise<ChannelClient> {
  const { files } = context.app;
  switch (channel) {
    case 'email':
      return context.smtp ? createSmtpClient(context.smtp, context.mailFrom) : recorded(context, createOutboxClient(files, context.mailFrom), context.mailFrom);
    case 'sms':
      return simulatedClient(context, 'sms', '46elks', DEFAULT_SENDER_NAME, (sim) =>
        createElksClient({
          baseUrl: sim.url,
          username: sim.credentials.username,
          password: sim.credentials.password,
          senderName: DEFAULT_SENDER_NAME,
          simulated: true,
        }),
      );
    case 'kivra':
      return simulatedKivra(context, await letterSender(context), 'letter');
    case 'letter':
      return createManualLetterClient({ files, sender: await letterSender(context), today: todayOf(context) });
  }
}

/** One provider's client from the setting: options with defaults, decrypted secrets ({} in sandbox). */
interface ProviderSetup {
  context: ClientContext;
  options: Record<string, string>;
  secrets: Record<string, string>;
  sandbox: boolean;
}

function fromAddressOf({ context, options }: ProviderSetup): string {
  if (!options.from_address) return context.mailFrom;
  return options.from_name ? `"${options.from_name.replace(/"/g, '')}" <${options.from_address}>` : options.from_address;
}

const PROVIDER_CLIENTS: Record<ChannelProvider, (setup: ProviderSetup) => ChannelClient | Promise<ChannelClient>> = {
  smtp(setup) {
    const { options, secrets, context } = setup;
    const from = fromAddressOf(setup);
    if (setup.sandbox) return recorded(context, createOutboxClient(context.app.files, from), from);
    const auth = options.username ? { auth: { user: options.username, pass: secrets.password ?? '' } } : {};
    return createSmtpClient(
      { host: options.host!, port: Number(options.port), secure: options.security === 'tls', requireTLS: options.security === 'starttls', ...auth },
      from,
    );
  },
  sendgrid(setup) {
    const { options, secrets, context } = setup;
    const client = (baseUrl: string, apiKey: string, simulated: boolean) =>
      createSendGridClient({
        baseUrl,
        apiKey,
        fromAddress: options.from_address ?? 'no-reply@fordran.local',
        ...(options.from_name ? { fromName: options.from_name } : {}),
        simulated,
      });
    if (setup.sandbox) return simulatedClient(context, 'email', 'sendgrid', fromAddressOf(setup), (sim) => client(sim.url, sim.credentials.password, true));
    return client(context.baseUrls.sendgrid, secrets.api_key!, false);
  },
  '46elks'({ options, secrets, context, sandbox }) {
    const senderName = options.sender_name ?? DEFAULT_SENDER_NAME;
    if (sandbox) {
      return simulatedClient(context, 'sms', '46elks', senderName, (sim) =>
        createElksClient({ baseUrl: sim.url, username: sim.credentials.username, password: sim.credentials.password, senderName, simulated: true }),
      );
    }
    return createElksClient({ baseUrl: context.baseUrls.elks, username: options.username!, password: secrets.password!, senderName });
  },
  twilio({ options, secrets, context, sandbox }) {
    const senderName = options.sender_name ?? DEFAULT_SENDER_NAME;
    if (sandbox) {
      return simulatedClient(context, 'sms', 'twilio', senderName, (sim) =>
        createTwilioClient({ baseUrl: sim.url, accountSid: sim.credentials.username, authToken: sim.credentials.password, senderName, simulated: true }),
      );
    }
    return createTwilioClient({ baseUrl: context.baseUrls.twilio, accountSid: options.account_sid!, authToken: secrets.auth_token!, senderName });
  },
  async kivra({ options, secrets, context, sandbox }) {
    const sender = await letterSender(context);
    const fallback: KivraFallback = options.fallback === 'none' ? 'none' : 'letter';
    if (sandbox) return simulatedKivra(context, sender, fallback);
    return createKivraClient({
      baseUrl: context.baseUrls.kivra,
      clientId: options.client_id!,
      clientSecret: secrets.client_secret!,
      tenantKey: options.tenant_key!,
      fallback,
      files: context.app.files,
      sender,
      today: todayOf(context),
    });
  },
  async manual({ context, sandbox }) {
    const letter = { files: context.app.files, sender: await letterSender(context), today: todayOf(context) };
    return sandbox ? recorded(context, createSandboxLetterClient(letter), letter.sender.name) : createManualLetterClient(letter);
  },
  async printpartner({ options, secrets, context, sandbox }) {
    const sender = await letterSender(context);
    const client = (baseUrl: string, apiKey: string, simulated: boolean) =>
      createPrintPartnerClient({
        baseUrl,
        apiKey,
        customerNumber: options.customer_number ?? 'sandbox',
        serviceLevel: options.service_level === 'a-post' ? 'a-post' : 'b-post',
        files: context.app.files,
        sender,
        today: todayOf(context),
        simulated,
      });
    if (sandbox) return simulatedClient(context, 'letter', 'printpartner', sender.name, (sim) => client(sim.url, sim.credentials.password, true));
    return client(context.baseUrls.printpartner, secrets.api_key!, false);
  },
};

/**
 * The client of an organisation's active setting. Credentials that do not open (the server secret
 * changed) or a required field left empty make a client that refuses, retried, with what to do.
 */
export function organisationClient(
  context: ClientContext,
  channel: CommChannel,
  row: CommChannelSettingRow,
  definition: ProviderDefinition,
): ChannelClient | Promise<ChannelClient> {
  const stored = readStoredSetting(row);
  const options = optionsWithDefaults(definition, stored.options);
  const secrets = row.sandbox ? {} : settingSecrets(context.app.config.secret, context.orgId, channel, stored);
  if (secrets === null) {
    return refusingClient(
      channel,
      row.provider,
      'Kanalens inloggningsuppgifter kan inte läsas (serverns hemlighet har bytts?): spara dem igen under Kommunikationsinställningar',
    );
  }
  const missing = [
    ...definition.options.filter((field) => field.required && !options[field.name]),
    ...definition.secrets.filter((field) => field.required && !secrets[field.name]),
  ];
  if (!row.sandbox && missing.length > 0)
    return refusingClient(channel, row.provider, `Uppgifter saknas för ${definition.label}: ${missing.map((field) => field.label).join(', ')}`);
  return PROVIDER_CLIENTS[definition.provider]({ context, options, secrets, sandbox: row.sandbox });
}
