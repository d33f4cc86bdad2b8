// /settings/audit-log 'Systemlogg' (spec part 2 §2, §7, §9): the organisation's latest 50 log rows,
// newest first: when (sv-SE), who, what (in Swedish where the event is known) and on what. Admin only.
import { ActivityLogIcon } from '@radix-ui/react-icons';
import { Badge, Card, Code, Flex, Table, Text, Tooltip } from '@radix-ui/themes';
import { useEffect } from 'react';
import { AUDIT_LOG_LIMIT, useAuditLog, type AuditEntry } from '../../api/audit-log';
import { TableSkeletonRows } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { NoAccess } from '../../components/no-access';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { describeAuditEvent, entityLabel } from './audit-events';

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
  const { title, isKnown, detail } = describeAuditEvent(entry);
  const entity = entityLabel(entry.entity);
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
          {isKnown ? (
            <Tooltip content={entry.event}>
              <Text size="2" weight="medium">
                {title}
              </Text>
            </Tooltip>
          ) : (
            <Code size="2" variant="ghost">
              {title}
            </Code>
          )}
          {detail ? (
            <Text size="1" color="gray">
              {detail}
            </Text>
          ) : null}
        </Flex>
      </Table.Cell>
      <Table.Cell>
        {entity ? (
          <Flex direction="column">
            <Text size="2">{entity}</Text>
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
