// /settings/opt-out (spec part 2 §2, §4, §8): the recipients opted out of a channel through the
// unsubscribe link of an e-mail or SMS — channel, recipient, date — newest first. Revoking one
// ('Revoked') lets messages reach the recipient again and drops it from the list; failures are
// 'Error loading opt-outs' and 'Revoke failed' (the spec's English titles).
import { MinusCircledIcon } from '@radix-ui/react-icons';
import { Button, Card, Table, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useOptOutMutations, useOptOuts, type OptOut } from '../../api/communications';
import { LIST_PAGE_SIZE } from '../../api/list';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ActionsColumnHeader, CursorPager, TableCaption, TableSkeletonRows, useCursorPages } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { NoAccess } from '../../components/no-access';
import { PageHeader } from '../../components/page-header';
import { useErrorToast, useToast } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';

export function OptOutPage() {
  const canManage = useCan('optouts.manage');
  return (
    <>
      <PageHeader
        title="Opt-out"
        description="Mottagare som har avregistrerat sig från utskick via länken i ett e-postmeddelande eller sms. Kanalen hoppas över när meddelanden skickas; brev för inkassokrav och rättsliga åtgärder skickas ändå."
      />
      {canManage ? <OptOutList /> : <NoAccess description="Bara administratörer och handläggare hanterar avregistreringar." />}
    </>
  );
}

function OptOutList() {
  const pages = useCursorPages('opt-outs');
  const { data, error, isLoading, mutate } = useOptOuts({ limit: LIST_PAGE_SIZE, ...(pages.cursor ? { cursor: pages.cursor } : {}) });
  const [revoking, setRevoking] = useState<OptOut | null>(null);
  const { revoke } = useOptOutMutations();
  const { toast } = useToast();
  useErrorToast(error, 'Error loading opt-outs');

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke(revoking);
      toast({
        title: 'Revoked',
        description: `${revoking.recipient} kan få meddelanden via ${revoking.channel_label.toLowerCase()} igen.`,
        variant: 'success',
      });
    } catch (revokeError) {
      toast({ title: 'Revoke failed', description: (revokeError as Error).message, variant: 'destructive' });
      throw revokeError;
    }
  };

  if (error && !data) return <ErrorState message={error.message} onRetry={() => void mutate()} />;
  if (data && data.items.length === 0 && !isLoading) {
    return (
      <Card size="2">
        <EmptyState
          icon={<MinusCircledIcon width="22" height="22" />}
          title="Inga avregistreringar"
          description="Ingen mottagare har avregistrerat sig från utskick."
        />
      </Card>
    );
  }
  return (
    <>
      <Table.Root variant="surface" className="data-table">
        <TableCaption>Avregistreringar</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Mottagare</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Kanal</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Avregistrerad</Table.ColumnHeaderCell>
            <ActionsColumnHeader width="120px" />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {!data ? (
            <TableSkeletonRows columns={4} rows={3} />
          ) : (
            data.items.map((optOut) => (
              <Table.Row key={optOut.id} align="center">
                <Table.RowHeaderCell>
                  <Text size="2" className="break-anywhere">
                    {optOut.recipient}
                  </Text>
                </Table.RowHeaderCell>
                <Table.Cell>{optOut.channel_label}</Table.Cell>
                <Table.Cell className="nowrap">{formatDateTime(optOut.opted_out_at)}</Table.Cell>
                <Table.Cell justify="end">
                  <Button
                    size="1"
                    variant="soft"
                    color="red"
                    onClick={() => setRevoking(optOut)}
                    aria-label={`Återkalla avregistreringen för ${optOut.recipient}`}
                  >
                    Återkalla
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table.Root>
      {data ? <CursorPager pages={pages} pageSize={LIST_PAGE_SIZE} rowCount={data.items.length} nextCursor={data.next_cursor} /> : null}
      <ConfirmDialog
        open={revoking !== null}
        title="Återkalla avregistreringen?"
        description={revoking ? `${revoking.recipient} kan då få meddelanden via ${revoking.channel_label.toLowerCase()} igen.` : ''}
        confirmLabel="Återkalla"
        onConfirm={confirmRevoke}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
      />
    </>
  );
}
