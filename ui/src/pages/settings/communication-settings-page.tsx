// /settings/communication 'Kommunikationsinställningar' (spec part 2 §2, §3, §9): per channel —
// tabs E-post, SMS, Kivra, Brev — the provider, its settings and credentials (never shown again,
// only masked), sandbox and active; a callout when the channel runs on its local stand-in; the
// letter print queue on the Brev tab; the dunning plan and its runs on the Kravplan tab. Load and
// save errors use the spec's English titles.
import { Box, Callout, Flex, Tabs } from '@radix-ui/themes';
import { InfoCircledIcon } from '@radix-ui/react-icons';
import { useState } from 'react';
import { COMM_CHANNEL_LABELS, type CommChannel } from '@fordran/core/labels';
import { useChannelSettings } from '../../api/channel-settings';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { NoAccess } from '../../components/no-access';
import { PageHeader } from '../../components/page-header';
import { SimulationBadge } from '../../components/simulation-badge';
import { useErrorToast } from '../../components/toast';
import { useCan } from '../../lib/permissions';
import { ChannelPanel } from './channel-panel';
import { PrintQueueCard } from './print-queue-card';
import { DunningPanel } from './dunning-panel';

/** The spec's tab order, then the dunning plan. */
const TABS: readonly CommChannel[] = ['email', 'sms', 'kivra', 'letter'];
const DUNNING_TAB = 'dunning';
type Tab = CommChannel | typeof DUNNING_TAB;

export function CommunicationSettingsPage() {
  const canConfigure = useCan('channels.settings');
  const canPrint = useCan('letters.print');
  const canDunning = useCan('dunning.read');
  return (
    <>
      <PageHeader title="Kommunikationsinställningar" description="Leverantör, inloggningsuppgifter och sandlådeläge per kanal." />
      {canConfigure ? (
        <ChannelTabs />
      ) : canPrint || canDunning ? (
        <Flex direction="column" gap="4">
          <Callout.Root color="gray" variant="surface">
            <Callout.Icon>
              <InfoCircledIcon />
            </Callout.Icon>
            <Callout.Text>
              {canPrint
                ? 'Bara administratörer ändrar kanalerna och kravplanen. Här skriver du ut brev som väntar i utskriftskön.'
                : 'Bara administratörer ändrar kanalerna och kravplanen.'}
            </Callout.Text>
          </Callout.Root>
          {canPrint ? <PrintQueueCard /> : null}
          {canDunning ? <DunningPanel /> : null}
        </Flex>
      ) : (
        <NoAccess description="Kommunikationsinställningarna hanteras av administratörer." />
      )}
    </>
  );
}

function ChannelTabs() {
  const { data, error, mutate } = useChannelSettings();
  const [tab, setTab] = useState<Tab>('email');
  useErrorToast(error, 'Error loading settings');
  if (error && !data) return <ErrorState title="Error loading settings" message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <LoadingState label="Laddar kanaler..." />;
  return (
    <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
      <Tabs.List>
        {TABS.map((channel) => (
          <Tabs.Trigger key={channel} value={channel}>
            <Flex gap="2" align="center">
              {COMM_CHANNEL_LABELS[channel]}
              {data.channels.find((setting) => setting.channel === channel)?.effective.simulated ? <SimulationBadge /> : null}
            </Flex>
          </Tabs.Trigger>
        ))}
        <Tabs.Trigger value={DUNNING_TAB}>Kravplan</Tabs.Trigger>
      </Tabs.List>
      <Box pt="5">
        {TABS.map((channel) => (
          <Tabs.Content key={channel} value={channel}>
            <ChannelPanel setting={data.channels.find((setting) => setting.channel === channel)!} providers={data.providers[channel]} />
            {channel === 'letter' ? (
              <Box mt="5">
                <PrintQueueCard />
              </Box>
            ) : null}
          </Tabs.Content>
        ))}
        <Tabs.Content value={DUNNING_TAB}>
          <DunningPanel />
        </Tabs.Content>
      </Box>
    </Tabs.Root>
  );
}
