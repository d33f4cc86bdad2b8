// One channel's tab: what sends its messages now, the settings form, and — while it runs on a
// local stand-in — what the stand-in received.
import { CheckCircledIcon, ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { Callout, Flex } from '@radix-ui/themes';
import type { ChannelSetting, ProviderDefinition } from '../../api/channel-settings';
import { ChannelSettingForm } from './channel-setting-form';
import { SimulatedMessagesCard } from './simulated-messages-card';

/** What the stand-in of each channel is, in a sentence. */
const STAND_IN: Record<ChannelSetting['channel'], string> = {
  email: 'E-post sparas i den lokala utkorgen (som .eml-filer) i stället för att skickas.',
  sms: 'SMS går till den inbyggda SMS-simulatorn i stället för till operatören.',
  kivra: 'Kivra-brev går till den inbyggda Kivra-simulatorn; mottagare utan Kivra får brev i stället.',
  letter: 'Brev skapas som PDF men läggs inte i utskriftskön.',
};

function providerLabel(providers: readonly ProviderDefinition[], provider: string): string {
  return providers.find((definition) => definition.provider === provider)?.label ?? provider;
}

function StatusCallout({ setting, providers }: { setting: ChannelSetting; providers: readonly ProviderDefinition[] }) {
  const { effective } = setting;
  if (effective.simulated) {
    return (
      <Callout.Root color="amber" variant="surface" role="status">
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Callout.Text>
          <strong>Simuleringsläge:</strong> {STAND_IN[setting.channel]} Inget lämnar servern.{' '}
          {effective.source === 'organisation'
            ? 'Stäng av sandlådeläget för att skicka på riktigt.'
            : `Välj en leverantör, fyll i uppgifterna och aktivera kanalen för att skicka på riktigt${setting.channel === 'email' ? ' (eller ange FORDRAN_SMTP_URL för servern)' : ''}.`}
        </Callout.Text>
      </Callout.Root>
    );
  }
  const server = effective.source === 'server';
  return (
    <Callout.Root color={server ? 'gray' : 'green'} variant="surface" role="status">
      <Callout.Icon>{server ? <InfoCircledIcon /> : <CheckCircledIcon />}</Callout.Icon>
      <Callout.Text>
        {server
          ? `Serverns standard används: ${effective.provider === 'manual' ? 'brev läggs i utskriftskön nedan' : `skickas via ${effective.provider}`}.`
          : `Aktiv: meddelandena skickas via ${providerLabel(providers, effective.provider)}.`}
      </Callout.Text>
    </Callout.Root>
  );
}

export function ChannelPanel({ setting, providers }: { setting: ChannelSetting; providers: readonly ProviderDefinition[] }) {
  return (
    <Flex direction="column" gap="4">
      <StatusCallout setting={setting} providers={providers} />
      {!setting.credentials_readable ? (
        <Callout.Root color="red" variant="surface">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>De sparade inloggningsuppgifterna kan inte läsas (serverns hemlighet har bytts). Ange dem igen och spara.</Callout.Text>
        </Callout.Root>
      ) : null}
      <ChannelSettingForm key={`${setting.channel}-${setting.updated_at ?? 'ny'}`} setting={setting} providers={providers} />
      {setting.effective.simulated ? <SimulatedMessagesCard channel={setting.channel} /> : null}
    </Flex>
  );
}
