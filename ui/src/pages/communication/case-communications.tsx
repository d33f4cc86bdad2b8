// The case's Kommunikation tab (spec part 1 §2): its messages, newest first, with a preview per
// message and the actions; 'Skicka meddelande' opens the send dialog; the channels that run on a
// local stand-in are named with 'Simulering'. Load failures are 'Error loading communications'
// (the spec's English title).
import { ChatBubbleIcon, PaperPlaneIcon } from '@radix-ui/react-icons';
import { Button, Flex, Text } from '@radix-ui/themes';
import { useState, type ComponentProps } from 'react';
import { useCommunications, useSendOptions, type Communication } from '../../api/communications';
import { LIST_PAGE_SIZE } from '../../api/list';
import { CursorPager, useCursorPages } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { SimulationBadge } from '../../components/simulation-badge';
import { useErrorToast } from '../../components/toast';
import { useCan } from '../../lib/permissions';
import { CommunicationPreviewDialog } from './communication-preview-dialog';
import { CommunicationTable } from './communication-table';
import { SendCommunicationDialog } from './send-communication-dialog';

export function CaseCommunications({ caseId }: { caseId: string }) {
  const canSend = useCan('communications.send');
  const [isSending, setSending] = useState(false);
  const [previewed, setPreviewed] = useState<Communication | null>(null);
  const pages = useCursorPages(caseId);
  const { data, error, isLoading, isValidating, mutate } = useCommunications(
    { limit: LIST_PAGE_SIZE, ...(pages.cursor ? { cursor: pages.cursor } : {}) },
    caseId,
  );
  useErrorToast(error, 'Error loading communications');

  const sendButton = canSend ? (
    <Button onClick={() => setSending(true)}>
      <PaperPlaneIcon /> Skicka meddelande
    </Button>
  ) : null;
  return (
    <>
      {error && !data ? (
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      ) : data && data.items.length === 0 && !isLoading ? (
        <>
          <EmptyState
            icon={<ChatBubbleIcon width="22" height="22" />}
            title="Inga meddelanden ännu"
            description="Meddelanden till gäldenären i ärendet visas här med status och förhandsvisning."
            action={sendButton ?? undefined}
          />
          <SimulatedChannels caseId={caseId} justify="center" />
        </>
      ) : (
        <>
          {sendButton ? (
            <Flex justify="end" mb="3">
              {sendButton}
            </Flex>
          ) : null}
          <SimulatedChannels caseId={caseId} mb="3" />
          <CommunicationTable items={data?.items} stale={isValidating && !isLoading} onPreview={setPreviewed} />
          {data ? <CursorPager pages={pages} pageSize={LIST_PAGE_SIZE} rowCount={data.items.length} nextCursor={data.next_cursor} /> : null}
        </>
      )}
      {canSend ? <SendCommunicationDialog caseId={caseId} open={isSending} onOpenChange={setSending} /> : null}
      <CommunicationPreviewDialog message={previewed} onOpenChange={(open) => (open ? undefined : setPreviewed(null))} />
    </>
  );
}

/** The channels that send through a local stand-in now (nothing reaches the debtor): 'Simulering' and which. */
function SimulatedChannels({ caseId, ...layout }: { caseId: string } & ComponentProps<typeof Flex>) {
  const { data } = useSendOptions(caseId);
  const simulated = data?.channels.filter((channel) => channel.simulated) ?? [];
  if (simulated.length === 0) return null;
  return (
    <Flex gap="2" align="center" aria-label="Kanaler i simuleringsläge" {...layout}>
      <SimulationBadge />
      <Text size="1" color="gray">
        {simulated.map((channel) => channel.channel_label).join(', ')} skickas i simuleringsläge och når inte gäldenären.
      </Text>
    </Flex>
  );
}
