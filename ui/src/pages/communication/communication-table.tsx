// The message history as a table (the case's Kommunikation tab and /communication): when,
// the case (on /communication), recipient, channel, template, status and the actions; a row opens
// its preview. Loading rows, an empty state and the cursor pager around it are the caller's.
import { Flex, Link as ThemeLink, Table, Text } from '@radix-ui/themes';
import { Link } from 'wouter';
import type { Communication } from '../../api/communications';
import { ActionsColumnHeader, TableCaption, TableSkeletonRows } from '../../components/data-table';
import { formatDateTime } from '../../lib/format';
import { CommunicationStatusBadge } from './communication-badges';
import { CommunicationRowActions } from './communication-row-actions';

export interface CommunicationTableProps {
  items: Communication[] | undefined;
  /** Show the case column (the organisation-wide history). */
  showCase?: boolean;
  stale?: boolean;
  onPreview(message: Communication): void;
}

export function CommunicationTable({ items, showCase = false, stale = false, onPreview }: CommunicationTableProps) {
  const columns = showCase ? 7 : 6;
  return (
    <Table.Root variant="surface" className="data-table" data-stale={stale}>
      <TableCaption>Meddelanden</TableCaption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell width="150px">Skickat</Table.ColumnHeaderCell>
          {showCase ? <Table.ColumnHeaderCell>Ärende</Table.ColumnHeaderCell> : null}
          <Table.ColumnHeaderCell>Mottagare</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Kanal</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Mall</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
          <ActionsColumnHeader width="56px" />
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {!items ? (
          <TableSkeletonRows columns={columns} rows={3} />
        ) : (
          items.map((message) => <CommunicationRow key={message.id} message={message} showCase={showCase} onPreview={() => onPreview(message)} />)
        )}
      </Table.Body>
    </Table.Root>
  );
}

function CommunicationRow({ message, showCase, onPreview }: { message: Communication; showCase: boolean; onPreview(): void }) {
  return (
    <Table.Row align="center" className="communication-row" onClick={onPreview} data-status={message.status}>
      <Table.Cell className="nowrap">
        <Flex direction="column">
          <Text size="2">{message.sent_at ? formatDateTime(message.sent_at) : '–'}</Text>
          <Text size="1" color="gray">
            Skapat {formatDateTime(message.created_at)}
          </Text>
        </Flex>
      </Table.Cell>
      {showCase ? (
        <Table.Cell onClick={(event) => event.stopPropagation()}>
          <Flex direction="column">
            <ThemeLink asChild size="2">
              <Link href={`/cases/${message.case_id}`}>{message.case_reference ?? 'Ärende'}</Link>
            </ThemeLink>
            <Text size="1" color="gray">
              {message.debtor_name ?? ''}
            </Text>
          </Flex>
        </Table.Cell>
      ) : null}
      <Table.Cell>
        <Text size="2" className="break-anywhere">
          {message.recipient}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Text size="2">{message.channel_label}</Text>
      </Table.Cell>
      <Table.Cell>
        <Text size="2">{message.template_name ?? '–'}</Text>
      </Table.Cell>
      <Table.Cell>
        <CommunicationStatusBadge message={message} />
      </Table.Cell>
      <Table.Cell onClick={(event) => event.stopPropagation()}>
        <CommunicationRowActions message={message} onPreview={onPreview} />
      </Table.Cell>
    </Table.Row>
  );
}
