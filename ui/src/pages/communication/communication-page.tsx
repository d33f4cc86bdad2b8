// /communication (issue 11, spec part 1 §2 'Communication history'): every message of the
// organisation, newest first — status, channel, recipient, template, case and sent date — with a
// preview per message and its actions, filtered by status and channel, 50 a page by cursor. Load
// failures are 'Error loading communications' (the spec's English title).
import { EnvelopeClosedIcon, MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Select } from '@radix-ui/themes';
import { useState } from 'react';
import { useCommunications, type Channel, type Communication } from '../../api/communications';
import { LIST_PAGE_SIZE } from '../../api/list';
import { CursorPager, useCursorPages } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { NoAccess } from '../../components/no-access';
import { PageHeader } from '../../components/page-header';
import { useErrorToast } from '../../components/toast';
import { useCan } from '../../lib/permissions';
import { CHANNEL_FILTERS, STATUS_FILTERS } from './communication-badges';
import { CommunicationPreviewDialog } from './communication-preview-dialog';
import { CommunicationTable } from './communication-table';

const ALL = 'all';

export function CommunicationPage() {
  const canRead = useCan('communications.read');
  return (
    <>
      <PageHeader title="Kommunikation" description="Alla meddelanden till gäldenärer: status, kanal, mottagare och mall, senaste först." />
      {canRead ? <CommunicationHistory /> : <NoAccess description="Din roll kan inte läsa meddelandehistoriken. Be en administratör om hjälp." />}
    </>
  );
}

function CommunicationHistory() {
  const [filters, setFilters] = useState({ status: ALL, channel: ALL });
  const [previewed, setPreviewed] = useState<Communication | null>(null);
  const pages = useCursorPages(JSON.stringify(filters));
  const { data, error, isLoading, isValidating, mutate } = useCommunications({
    limit: LIST_PAGE_SIZE,
    ...(filters.status === ALL ? {} : { status: filters.status }),
    ...(filters.channel === ALL ? {} : { channel: filters.channel as Channel }),
    ...(pages.cursor ? { cursor: pages.cursor } : {}),
  });
  useErrorToast(error, 'Error loading communications');
  const isFiltered = filters.status !== ALL || filters.channel !== ALL;

  return (
    <>
      <Flex gap="3" mb="4" wrap="wrap">
        <Select.Root value={filters.status} onValueChange={(status) => setFilters({ ...filters, status })}>
          <Select.Trigger aria-label="Filtrera på status" />
          <Select.Content position="popper">
            <Select.Item value={ALL}>Alla statusar</Select.Item>
            {STATUS_FILTERS.map((option) => (
              <Select.Item key={option.value} value={option.value}>
                {option.label}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        <Select.Root value={filters.channel} onValueChange={(channel) => setFilters({ ...filters, channel })}>
          <Select.Trigger aria-label="Filtrera på kanal" />
          <Select.Content position="popper">
            <Select.Item value={ALL}>Alla kanaler</Select.Item>
            {CHANNEL_FILTERS.map((option) => (
              <Select.Item key={option.value} value={option.value}>
                {option.label}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      {error && !data ? (
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      ) : data && data.items.length === 0 && !isLoading ? (
        <Card size="2">
          {isFiltered ? (
            <EmptyState
              icon={<MagnifyingGlassIcon width="22" height="22" />}
              title="Inga meddelanden matchar filtren"
              action={
                <Button variant="soft" onClick={() => setFilters({ status: ALL, channel: ALL })}>
                  Rensa filter
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<EnvelopeClosedIcon width="22" height="22" />}
              title="Inga meddelanden ännu"
              description="Skicka ett meddelande från ett ärende med Skicka meddelande; det visas här med sin status."
            />
          )}
        </Card>
      ) : (
        <>
          <CommunicationTable items={data?.items} showCase stale={isValidating && !isLoading} onPreview={setPreviewed} />
          {data ? <CursorPager pages={pages} pageSize={LIST_PAGE_SIZE} rowCount={data.items.length} nextCursor={data.next_cursor} /> : null}
        </>
      )}
      <CommunicationPreviewDialog message={previewed} onOpenChange={(open) => (open ? undefined : setPreviewed(null))} />
    </>
  );
}
