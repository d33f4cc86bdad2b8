import { smsSenderNameProblem, type CommChannel } from '@fordran/core';

/*
 * The providers an organisation may choose per channel (spec part 2 §9) and what each needs:
 * `options` are settings shown back in clear (host, sender name, service level), `secrets` are
 * credentials stored encrypted and never returned (settings/credentials-cipher.ts). The settings
 * page renders its fields from this catalogue, the settings service validates against it and the
 * channel directory reads it.
 */

export const CHANNEL_PROVIDERS = {
  email: ['smtp', 'sendgrid'],
  sms: ['46elks', 'twilio'],
  kivra: ['kivra'],
  letter: ['manual', 'printpartner'],
} as const satisfies Record<CommChannel, readonly string[]>;

export type ChannelProvider = (typeof CHANNEL_PROVIDERS)[CommChannel][number];

export interface ProviderFieldChoice {
  value: string;
  label: string;
}

export interface ProviderField {
  name: string;
  label: string;
  kind: 'text' | 'email' | 'number' | 'select' | 'secret';
  /** Needed before the setting may send for real (active, not sandbox). */
  required: boolean;
  hint?: string;
  placeholder?: string;
  choices?: ProviderFieldChoice[];
  /** The value used when none is saved (selects, ports, sender names). */
  default?: string;
}

export interface ProviderDefinition {
  provider: ChannelProvider;
  label: string;
  description: string;
  options: ProviderField[];
  secrets: ProviderField[];
}

/** Server-side checks of an option's value beyond its kind; null = fine. */
type FieldCheck = (value: string) => string | null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const KIND_CHECKS: Partial<Record<ProviderField['kind'], FieldCheck>> = {
  email: (value) => (EMAIL.test(value) ? null : 'Ange en giltig e-postadress'),
  number: (value) => (/^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535 ? null : 'Ange ett portnummer mellan 1 och 65535'),
};

const FIELD_CHECKS: Record<string, FieldCheck> = {
  sender_name: smsSenderNameProblem,
  account_sid: (value) => (/^AC[0-9a-fA-F]{32}$/.test(value) ? null : 'Account SID börjar med AC följt av 32 hexadecimala tecken'),
  tenant_key: (value) => (/^[0-9a-fA-F]{8,64}$/.test(value) ? null : 'Tenant key är en hexadecimal nyckel från Kivra'),
};

const senderName: ProviderField = {
  name: 'sender_name',
  label: 'Avsändarnamn',
  kind: 'text',
  required: true,
  hint: 'Högst 11 bokstäver A–Z, visas som avsändare i mottagarens telefon',
  placeholder: 'Fordran',
  default: 'Fordran',
};

const fromAddress: ProviderField = { name: 'from_address', label: 'Avsändaradress', kind: 'email', required: true, placeholder: 'krav@inkassobyra.se' };
const fromName: ProviderField = { name: 'from_name', label: 'Avsändarnamn', kind: 'text', required: false, placeholder: 'Inkassobyrån AB' };

export const PROVIDER_CATALOGUE: Record<CommChannel, ProviderDefinition[]> = {
  email: [
    {
      provider: 'smtp',
      label: 'SMTP',
      description: 'Egen e-postserver: STARTTLS på port 587 eller TLS på port 465, med inloggning.',
      options: [
        { name: 'host', label: 'Server', kind: 'text', required: true, placeholder: 'smtp.inkassobyra.se' },
        { name: 'port', label: 'Port', kind: 'number', required: true, default: '587' },
        {
          name: 'security',
          label: 'Kryptering',
          kind: 'select',
          required: true,
          default: 'starttls',
          choices: [
            { value: 'starttls', label: 'STARTTLS (port 587)' },
            { value: 'tls', label: 'TLS direkt (port 465)' },
          ],
        },
        { name: 'username', label: 'Användarnamn', kind: 'text', required: false },
        fromAddress,
        fromName,
      ],
      secrets: [{ name: 'password', label: 'Lösenord', kind: 'secret', required: false }],
    },
    {
      provider: 'sendgrid',
      label: 'SendGrid',
      description: 'SendGrids HTTP-API (v3 mail/send) med en API-nyckel.',
      options: [fromAddress, fromName],
      secrets: [{ name: 'api_key', label: 'API-nyckel', kind: 'secret', required: true, placeholder: 'SG.…' }],
    },
  ],
  sms: [
    {
      provider: '46elks',
      label: '46elks',
      description: 'Svensk SMS-leverantör (api.46elks.com), API-användarnamn och lösenord.',
      options: [{ name: 'username', label: 'API-användarnamn', kind: 'text', required: true, placeholder: 'u…' }, senderName],
      secrets: [{ name: 'password', label: 'API-lösenord', kind: 'secret', required: true }],
    },
    {
      provider: 'twilio',
      label: 'Twilio',
      description: 'Twilios Messages-API med Account SID och Auth Token.',
      options: [{ name: 'account_sid', label: 'Account SID', kind: 'text', required: true, placeholder: 'AC…' }, senderName],
      secrets: [{ name: 'auth_token', label: 'Auth Token', kind: 'secret', required: true }],
    },
  ],
  kivra: [
    {
      provider: 'kivra',
      label: 'Kivra',
      description: 'Digital brevlåda: brevet som PDF till mottagarens Kivra, med betalningsuppgifter.',
      options: [
        { name: 'client_id', label: 'Client ID', kind: 'text', required: true },
        { name: 'tenant_key', label: 'Tenant key', kind: 'text', required: true },
        {
          name: 'fallback',
          label: 'Om mottagaren saknar Kivra',
          kind: 'select',
          required: true,
          default: 'letter',
          choices: [
            { value: 'letter', label: 'Skicka som brev i stället' },
            { value: 'none', label: 'Ingen reserv (meddelandet misslyckas)' },
          ],
        },
      ],
      secrets: [{ name: 'client_secret', label: 'Client secret', kind: 'secret', required: true }],
    },
  ],
  letter: [
    {
      provider: 'manual',
      label: 'Manuell utskrift',
      description: 'Breven läggs i en utskriftskö; personalen laddar ner en PDF per bunt, skriver ut och postar.',
      options: [],
      secrets: [],
    },
    {
      provider: 'printpartner',
      label: 'Printpartner',
      description: 'Breven skickas som PDF till ett tryckeri som skriver ut och postar dem (A-post eller B-post).',
      options: [
        { name: 'customer_number', label: 'Kundnummer', kind: 'text', required: true },
        {
          name: 'service_level',
          label: 'Postklass',
          kind: 'select',
          required: true,
          default: 'b-post',
          choices: [
            { value: 'a-post', label: 'A-post (nästa vardag)' },
            { value: 'b-post', label: 'B-post (inom tre vardagar)' },
          ],
        },
      ],
      secrets: [{ name: 'api_key', label: 'API-nyckel', kind: 'secret', required: true }],
    },
  ],
};

/** The default provider of a channel: what the server uses when the organisation chose none. */
export const DEFAULT_CHANNEL_PROVIDER: Record<CommChannel, ChannelProvider> = { email: 'smtp', sms: '46elks', kivra: 'kivra', letter: 'manual' };

export function providerDefinition(channel: CommChannel, provider: string): ProviderDefinition | undefined {
  return PROVIDER_CATALOGUE[channel].find((definition) => definition.provider === provider);
}

/** Why an option's value is refused (its kind, its choices, its own rule), or null. */
export function optionProblem(field: ProviderField, value: string): string | null {
  if (field.choices && !field.choices.some((choice) => choice.value === value)) {
    return `${field.label}: välj ett av ${field.choices.map((choice) => choice.value).join(', ')}`;
  }
  return KIND_CHECKS[field.kind]?.(value) ?? FIELD_CHECKS[field.name]?.(value) ?? null;
}

/** The saved options with each field's default where nothing is saved. */
export function optionsWithDefaults(definition: ProviderDefinition, saved: Record<string, string>): Record<string, string> {
  const filled: Record<string, string> = {};
  for (const field of definition.options) {
    const value = saved[field.name] ?? field.default;
    if (value !== undefined && value !== '') filled[field.name] = value;
  }
  return filled;
}
