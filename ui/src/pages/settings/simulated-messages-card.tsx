// What a channel's local stand-in received (newest first): the outbox's e-mail, the simulator's
// SMS and Kivra letters, sandbox letters; the whole message (.eml or PDF) to download.
import { DownloadIcon, EnvelopeClosedIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useState } from 'react';
import type { CommChannel } from '@fordran/core/labels';
import { downloadSimulatedMessage, useSimulatedMessages, type SimulatedMessage } from '../../api/channel-settings';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { useToast } from '../../components/toast';
import { useCurrentOrgId } from '../../lib/auth';
import { formatDateTime } from '../../lib/format';
import { saveFile } from '../../lib/save-file';

function summary(message: SimulatedMessage): string {
  const text = message.subject ?? message.body;
  return text.length > 90 ? `${text.slice(0, 90)}…` : text;
}

export function SimulatedMessagesCard({ channel }: { channel: CommChannel }) {
  const orgId = useCurrentOrgId();
  const { data, error, mutate } = useSimulatedMessages(channel);
  const { toast } = useToast();
  const [busy, setBusy] = useState<string | null>(null);

  const download = async (message: SimulatedMessage) => {
    if (!orgId) return;
    setBusy(message.id);
    try {
      saveFile(await downloadSimulatedMessage(orgId, channel, message.id), message.id);
    } catch (downloadError) {
      toast({ title: 'Fel vid nedladdning', description: (downloadError as Error).message, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card size="3">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          Simulerade meddelanden
        </Heading>
        <Text size="2" color="gray">
          De senaste 50 meddelandena som den lokala ersättaren tagit emot, nyast först.
        </Text>
        {error && !data ? (
          <ErrorState message={error.message} onRetry={() => void mutate()} />
        ) : !data ? (
          <LoadingState />
        ) : data.items.length === 0 ? (
          <EmptyState
            icon={<EnvelopeClosedIcon width="22" height="22" />}
            title="Inga simulerade meddelanden ännu"
            description="Meddelanden som skickas på kanalen visas här."
          />
        ) : (
          <Table.Root variant="surface" size="1">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Mottaget</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Till</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Ämne / text</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Leverantör</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.items.map((message) => (
                <Table.Row key={message.id}>
                  <Table.Cell>{formatDateTime(message.recorded_at)}</Table.Cell>
                  <Table.Cell>{message.to}</Table.Cell>
                  <Table.Cell>{summary(message)}</Table.Cell>
                  <Table.Cell>{message.provider}</Table.Cell>
                  <Table.Cell justify="end">
                    {message.has_file ? (
                      <Button size="1" variant="soft" loading={busy === message.id} onClick={() => void download(message)}>
                        <DownloadIcon /> Ladda ner
                      </Button>
                    ) : null}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Flex>
    </Card>
  );
}
