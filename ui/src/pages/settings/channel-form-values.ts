// The values of a channel's settings form and what is sent: field names are the API's paths
// (`options.host`, `credentials.password`), so its refusals land on the right field.
import type { ChannelSetting, ChannelSettingInput, ProviderDefinition } from '../../api/channel-settings';

export type ChannelFormValues = Record<string, string>;
export const optionField = (name: string) => `options.${name}`;
export const secretField = (name: string) => `credentials.${name}`;

/** The form as saved, for `definition` (another provider starts from its defaults). */
export function valuesFor(
  setting: ChannelSetting,
  definition: ProviderDefinition,
  switches: Pick<ChannelFormValues, 'is_active' | 'sandbox'>,
): ChannelFormValues {
  const saved = setting.provider === definition.provider ? setting.options : {};
  const values: ChannelFormValues = { provider: definition.provider, ...switches };
  for (const field of definition.options) values[optionField(field.name)] = saved[field.name] ?? field.default ?? '';
  for (const field of definition.secrets) values[secretField(field.name)] = '';
  return values;
}

/** What is sent: every option; only the credentials typed (an empty field keeps the saved one). */
export function inputOf(values: ChannelFormValues, definition: ProviderDefinition): ChannelSettingInput {
  const typed = definition.secrets.filter((field) => (values[secretField(field.name)] ?? '') !== '');
  return {
    provider: definition.provider,
    is_active: values.is_active === 'true',
    sandbox: values.sandbox === 'true',
    options: Object.fromEntries(definition.options.map((field) => [field.name, values[optionField(field.name)] ?? ''])),
    credentials: Object.fromEntries(typed.map((field) => [field.name, values[secretField(field.name)]!])),
  };
}
