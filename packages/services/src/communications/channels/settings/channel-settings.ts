import { COMM_CHANNEL_LABELS, COMM_CHANNELS, DomainError, type CommChannel } from '@fordran/core';
import { findCommChannelSettingRow, listCommChannelSettingRows, upsertCommChannelSettingRow, type CommChannelSettingRow } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../../../access/operator';
import { appendAudit } from '../../../audit/audit-log';
import type { AppContext } from '../../../context';
import {
  channelSettingUpdateSchema,
  type ChannelSettingResponse,
  type ChannelSettingsResponse,
  type ChannelSettingUpdateInput,
  type ProviderDefinitionResponse,
} from '../../../schemas/channels';
import { parseInput } from '../../../schemas/zod-setup';
import { channelClientFor } from '../channel';
import { sealCredentials } from './credentials-cipher';
import {
  DEFAULT_CHANNEL_PROVIDER,
  optionProblem,
  optionsWithDefaults,
  PROVIDER_CATALOGUE,
  providerDefinition,
  type ProviderDefinition,
} from './provider-catalogue';
import { readStoredSetting, settingSecrets, storedSettingJson } from './stored-setting';

/*
 * The organisation's channel settings (admin): per channel the provider, its options, its
 * credentials (sealed at rest, never returned), sandbox and active. The settings page and the API
 * read and write through these two use cases.
 */

const MASK = '••••••••';

function fieldsOf(definition: ProviderDefinition): ProviderDefinitionResponse {
  return {
    provider: definition.provider,
    label: definition.label,
    description: definition.description,
    options: definition.options,
    secrets: definition.secrets,
  };
}

async function settingView(app: AppContext, orgId: string, channel: CommChannel, row: CommChannelSettingRow | undefined): Promise<ChannelSettingResponse> {
  const client = await channelClientFor(app, orgId, channel);
  const effective = { provider: client.provider, simulated: client.simulated, source: row?.is_active ? ('organisation' as const) : ('server' as const) };
  const definition = (row && providerDefinition(channel, row.provider)) ?? providerDefinition(channel, DEFAULT_CHANNEL_PROVIDER[channel])!;
  const stored = row ? readStoredSetting(row) : { options: {}, sealed: null };
  const secrets = row ? settingSecrets(app.config.secret, orgId, channel, stored) : {};
  return {
    channel,
    label: COMM_CHANNEL_LABELS[channel],
    id: row?.id ?? null,
    provider: definition.provider,
    is_active: row?.is_active ?? false,
    // Unsaved: the switch shows what the server default does (letters go to the real print queue).
    sandbox: row?.sandbox ?? client.simulated,
    options: optionsWithDefaults(definition, stored.options),
    credentials: definition.secrets.map((field) => {
      const set = Boolean(secrets?.[field.name]);
      return { field: field.name, label: field.label, set, masked: set ? MASK : null };
    }),
    credentials_readable: secrets !== null,
    effective,
    updated_at: row?.updated_at ?? null,
  };
}

/** Every channel's setting (saved or the defaults) and the providers each channel offers. */
export async function listChannelSettings(ctx: OrgScope): Promise<ChannelSettingsResponse> {
  requireScopePermission(ctx, 'channels.settings');
  const orgId = ctx.membership.org_id;
  const rows = await listCommChannelSettingRows(ctx.app.database.db, orgId);
  const channels = await Promise.all(
    COMM_CHANNELS.map((channel) =>
      settingView(
        ctx.app,
        orgId,
        channel,
        rows.find((row) => row.channel === channel),
      ),
    ),
  );
  return {
    channels,
    providers: {
      email: PROVIDER_CATALOGUE.email.map(fieldsOf),
      sms: PROVIDER_CATALOGUE.sms.map(fieldsOf),
      kivra: PROVIDER_CATALOGUE.kivra.map(fieldsOf),
      letter: PROVIDER_CATALOGUE.letter.map(fieldsOf),
    },
  };
}

function refuse(field: string, message: string): never {
  throw new DomainError('VALIDATION_FAILED', message, { field });
}

/** The options as they will be stored: known fields only, trimmed, empty ones left out, each checked. */
function checkedOptions(definition: ProviderDefinition, input: Record<string, string>): Record<string, string> {
  const options: Record<string, string> = {};
  for (const [name, raw] of Object.entries(input)) {
    const field = definition.options.find((option) => option.name === name);
    if (!field) refuse(`options.${name}`, `${definition.label} har ingen inställning ${name}`);
    const value = raw.trim();
    if (value === '') continue;
    const problem = optionProblem(field, value);
    if (problem) refuse(`options.${name}`, problem);
    options[name] = value;
  }
  return options;
}

/**
 * The secrets after the change: those stored for the same provider (a provider change starts
 * empty), each given field replaced, each null or '' removed.
 */
function changedSecrets(
  definition: ProviderDefinition,
  stored: Record<string, string>,
  input: Record<string, string | null>,
): { secrets: Record<string, string>; changed: string[] } {
  const secrets: Record<string, string> = {};
  for (const field of definition.secrets) if (stored[field.name]) secrets[field.name] = stored[field.name]!;
  const changed: string[] = [];
  for (const [name, value] of Object.entries(input)) {
    if (!definition.secrets.some((field) => field.name === name)) refuse(`credentials.${name}`, `${definition.label} har ingen inloggningsuppgift ${name}`);
    const trimmed = value?.trim() ?? '';
    if (trimmed === '') delete secrets[name];
    else secrets[name] = trimmed;
    changed.push(name);
  }
  return { secrets, changed };
}

/**
 * Saves one channel (upsert on organisation + channel). A setting that is active and not in
 * sandbox mode must have every required option and credential ('… krävs för att skicka på riktigt');
 * SMS sender names are checked (at most 11 letters A–Z). Audited without any secret.
 */
export async function updateChannelSetting(ctx: OrgScope, channel: CommChannel, input: ChannelSettingUpdateInput): Promise<ChannelSettingResponse> {
  requireScopePermission(ctx, 'channels.settings');
  const parsed = parseInput(channelSettingUpdateSchema, input);
  const definition = providerDefinition(channel, parsed.provider);
  if (!definition) {
    refuse(
      'provider',
      `Leverantören finns inte för ${COMM_CHANNEL_LABELS[channel]}: välj ${PROVIDER_CATALOGUE[channel].map((entry) => entry.provider).join(' eller ')}`,
    );
  }
  const options = checkedOptions(definition, parsed.options);
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  const serverSecret = ctx.app.config.secret;

  const row = await ctx.app.database.transaction(async (tx) => {
    const existing = await findCommChannelSettingRow(tx, orgId, channel);
    const storedSecrets =
      existing && existing.provider === definition.provider ? (settingSecrets(serverSecret, orgId, channel, readStoredSetting(existing)) ?? {}) : {};
    const { secrets, changed } = changedSecrets(definition, storedSecrets, parsed.credentials);
    if (parsed.is_active && !parsed.sandbox) {
      const filled = optionsWithDefaults(definition, options);
      for (const field of definition.options)
        if (field.required && !filled[field.name]) refuse(`options.${field.name}`, `${field.label} krävs för att skicka på riktigt`);
      for (const field of definition.secrets)
        if (field.required && !secrets[field.name]) refuse(`credentials.${field.name}`, `${field.label} krävs för att skicka på riktigt`);
    }
    const sealed = Object.keys(secrets).length > 0 ? sealCredentials(serverSecret, { org_id: orgId, channel }, secrets) : null;
    const written = await upsertCommChannelSettingRow(tx, {
      org_id: orgId,
      channel,
      provider: definition.provider,
      credentials_json: storedSettingJson({ options, sealed }),
      is_active: parsed.is_active,
      sandbox: parsed.sandbox,
      created_at: now,
      updated_at: now,
    });
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'channel_settings.updated',
      entity: 'comm_channels_settings',
      entity_id: written.id,
      payload: { channel, provider: definition.provider, is_active: parsed.is_active, sandbox: parsed.sandbox, options, credentials_changed: changed },
      created_at: now,
    });
    return written;
  });
  return settingView(ctx.app, orgId, channel, row);
}
