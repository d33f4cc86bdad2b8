// The preview dialog of a message (spec part 1 §2): what was sent — subject and text as rendered
// when it was sent — to whom and how, its status, and every delivery round with the provider's
// answer, attempts and the next try.
import { Box, Button, Card, DataList, Dialog, Flex, Heading, ScrollArea, Skeleton, Text } from '@radix-ui/themes';
import { useCommunication, type Communication, type CommunicationDetail } from '../../api/communications';
import { ErrorState } from '../../components/error-state';
import { formatDateTime } from '../../lib/format';
import { CommunicationStatusBadge } from './communication-badges';

export interface CommunicationPreviewDialogProps {
  message: Communication | null;
  onOpenChange(open: boolean): void;
}

export function CommunicationPreviewDialog({ message, onOpenChange }: CommunicationPreviewDialogProps) {
  return (
    <Dialog.Root open={message !== null} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="640px" aria-describedby={undefined}>
        <Dialog.Title>{message?.subject ?? message?.template_name ?? 'Meddelande'}</Dialog.Title>
        {message ? <PreviewBody message={message} /> : null}
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Stäng
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function PreviewBody({ message }: { message: Communication }) {
  const { data, error, mutate } = useCommunication(message.id);
  const shown: Communication = data ?? message;
  return (
    <>
      <DataList.Root size="2" mb="4">
        <DataList.Item>
          <DataList.Label minWidth="110px">Status</DataList.Label>
          <DataList.Value>
            <CommunicationStatusBadge message={shown} />
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Kanal</DataList.Label>
          <DataList.Value>{shown.channel_label}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Mottagare</DataList.Label>
          <DataList.Value>{shown.recipient}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Mall</DataList.Label>
          <DataList.Value>{shown.template_name ?? '–'}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Skapat</DataList.Label>
          <DataList.Value>{formatDateTime(shown.created_at)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Skickat</DataList.Label>
          <DataList.Value>{shown.sent_at ? formatDateTime(shown.sent_at) : '–'}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
      <Card variant="surface">
        <ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: 320 }}>
          <Text as="p" size="2" className="message-body" aria-label="Meddelandets text">
            {shown.body}
          </Text>
        </ScrollArea>
      </Card>
      {error && !data ? <ErrorState message={error.message} onRetry={() => void mutate()} /> : <DeliveryRounds detail={data} />}
    </>
  );
}

function DeliveryRounds({ detail }: { detail: CommunicationDetail | undefined }) {
  if (!detail) return <Skeleton height="48px" mt="4" />;
  if (detail.deliveries.length === 0) return null;
  return (
    <Box mt="4">
      <Heading as="h3" size="2" mb="2">
        Leverans
      </Heading>
      <Flex direction="column" gap="2">
        {detail.deliveries.map((delivery) => (
          <Flex key={delivery.id} justify="between" gap="3" wrap="wrap">
            <Text size="2">
              {delivery.status_label} · {delivery.attempts} försök
              {delivery.provider ? ` · ${delivery.provider}` : ''}
            </Text>
            <Text size="1" color="gray">
              {delivery.status_detail ?? ''}
              {delivery.next_retry_at && delivery.status === 'throttled' ? ` (nästa försök ${formatDateTime(delivery.next_retry_at)})` : ''}
            </Text>
          </Flex>
        ))}
      </Flex>
    </Box>
  );
}
