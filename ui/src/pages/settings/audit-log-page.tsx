// /settings/audit-log 'Systemlogg' (spec part 2 §2, §7, §9): the organisation's latest 50 log rows,
// newest first: when (sv-SE), who, what and on what, in the server's Swedish words (never codes). Admin only.
import { ActivityLogIcon } from '@radix-ui/react-icons';
import { Badge, Card, Flex, Table, Text } from '@radix-ui/themes';
import { useEffect } from 'react';
import { AUDIT_LOG_LIMIT, useAuditLog, type AuditEntry } from '../../api/audit-log';
import { TableSkeletonRows } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { NoAccess } from '../../components/no-access';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';

export function AuditLogPage() {
  const canRead = useCan('audit.read');
  return (
    <>
      <PageHeader title="Systemlogg" description={`Vem gjorde vad och när: de ${AUDIT_LOG_LIMIT} senaste händelserna i organisationen.`} />
      {canRead ? <AuditLogTable /> : <NoAccess description="Bara administratörer kan läsa systemloggen. Be en administratör om hjälp." />}
    </>
  );
}

function AuditLogTable() {
  const { data, error, isLoading, mutate } = useAuditLog();
  // Spec part 2 §8: audit log load errors are only logged (the page still says what went wrong).
  useEffect(() => {
    if (error) console.error('Kunde inte ladda systemloggen', error);
  }, [error]);

  if (error && !data) return <ErrorState message={error.message} onRetry={() => void mutate()} />;
  if (data && data.entries.length === 0) {
    return (
      <Card size="2">
        <EmptyState icon={<ActivityLogIcon width="22" height="22" />} title="Inga händelser ännu" />
      </Card>
    );
  }
  return (
    <Table.Root variant="surface" className="data-table">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell width="150px">Tidpunkt</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Användare</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Händelse</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Objekt</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>{isLoading || !data ? <TableSkeletonRows columns={4} /> : data.entries.map((entry) => <AuditRow key={entry.id} entry={entry} />)}</Table.Body>
    </Table.Root>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <Table.Row align="center">
      <Table.Cell className="nowrap">
        <Text size="2">{formatDateTime(entry.created_at)}</Text>
      </Table.Cell>
      <Table.Cell>
        {entry.actor_id === null ? (
          <Badge color="gray" variant="soft" radius="full">
            System
          </Badge>
        ) : (
          <Text size="2">{entry.actor_name ?? 'Okänd användare'}</Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <Flex direction="column">
          <Text size="2" weight="medium">
            {entry.title}
          </Text>
          {entry.detail ? (
            <Text size="1" color="gray">
              {entry.detail}
            </Text>
          ) : null}
        </Flex>
      </Table.Cell>
      <Table.Cell>
        {entry.entity_label ? (
          <Flex direction="column">
            <Text size="2">{entry.entity_label}</Text>
            {entry.entity_id ? (
              <Text size="1" color="gray" className="mono" title={entry.entity_id}>
                {entry.entity_id.length > 12 ? `${entry.entity_id.slice(0, 8)}…` : entry.entity_id}
              </Text>
            ) : null}
          </Flex>
        ) : (
          '–'
        )}
      </Table.Cell>
    </Table.Row>
  );
}
