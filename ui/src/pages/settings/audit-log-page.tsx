// /settings/audit-log 'Systemlogg' (spec part 2 §2, §7, §9): the organisation's log, newest first,
// 50 a page and paged by cursor beyond them, filtered by days, event and user: when (sv-SE), who,
// what and on what, in the server's Swedish words (never codes). Admin only.
import { ActivityLogIcon, MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Badge, Button, Card, Flex, Select, Table, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { SYSTEM_ACTOR, useAuditLog, useAuditLogFilterOptions, type AuditEntry } from '../../api/audit-log';
import { LIST_PAGE_SIZE } from '../../api/list';
import { CursorPager, TableSkeletonRows, useCursorPages } from '../../components/data-table';
import { dayRangeParams, DayRangeFields, NO_DAY_RANGE, type DayRange } from '../../components/day-range-fields';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { NoAccess } from '../../components/no-access';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';

const ALL = 'all';

interface AuditFilters {
  days: DayRange;
  event: string;
  actor: string;
}

const NO_FILTERS: AuditFilters = { days: NO_DAY_RANGE, event: ALL, actor: ALL };

export function AuditLogPage() {
  const canRead = useCan('audit.read');
  return (
    <>
      <PageHeader title="Systemlogg" description="Vem gjorde vad och när i organisationen, senaste först." />
      {canRead ? <AuditLog /> : <NoAccess description="Bara administratörer kan läsa systemloggen. Be en administratör om hjälp." />}
    </>
  );
}

function AuditLog() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const days = dayRangeParams(filters.days);
  const pages = useCursorPages(JSON.stringify([days, filters.event, filters.actor]));
  const { data, error, isLoading, isValidating, mutate } = useAuditLog(
    days
      ? {
          ...days,
          ...(filters.event === ALL ? {} : { event: filters.event }),
          ...(filters.actor === ALL ? {} : { actor: filters.actor }),
          ...(pages.cursor ? { cursor: pages.cursor } : {}),
          limit: LIST_PAGE_SIZE,
        }
      : null,
  );
  // Spec part 2 §8: audit log load errors are only logged (the page still says what went wrong).
  useEffect(() => {
    if (error) console.error('Kunde inte ladda systemloggen', error);
  }, [error]);
  const isFiltered = Boolean(days?.from || days?.to) || filters.event !== ALL || filters.actor !== ALL;

  return (
    <>
      <AuditFilterRow filters={filters} onChange={setFilters} />
      {error && !data ? (
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      ) : data && data.entries.length === 0 && !isLoading ? (
        <Card size="2">
          {isFiltered ? (
            <EmptyState
              icon={<MagnifyingGlassIcon width="22" height="22" />}
              title="Inga händelser matchar filtren"
              description="Prova andra datum, en annan händelse eller en annan användare."
              action={
                <Button variant="soft" onClick={() => setFilters(NO_FILTERS)}>
                  Rensa filter
                </Button>
              }
            />
          ) : (
            <EmptyState icon={<ActivityLogIcon width="22" height="22" />} title="Inga händelser ännu" />
          )}
        </Card>
      ) : (
        <>
          <Table.Root variant="surface" className="data-table" data-stale={isValidating && !isLoading}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell width="150px">Tidpunkt</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Användare</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Händelse</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Objekt</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>{!data ? <TableSkeletonRows columns={4} /> : data.entries.map((entry) => <AuditRow key={entry.id} entry={entry} />)}</Table.Body>
          </Table.Root>
          {data ? <CursorPager pages={pages} pageSize={LIST_PAGE_SIZE} rowCount={data.entries.length} nextCursor={data.next_cursor} /> : null}
        </>
      )}
    </>
  );
}

/** Days, and the events and users that occur in the log (the system's rows as 'System'). */
function AuditFilterRow({ filters, onChange }: { filters: AuditFilters; onChange(filters: AuditFilters): void }) {
  const { data: options } = useAuditLogFilterOptions();
  return (
    <Flex gap="3" mb="4" wrap="wrap" align="end">
      <DayRangeFields label="Datum" value={filters.days} onChange={(days) => onChange({ ...filters, days })} />
      <Select.Root value={filters.event} onValueChange={(event) => onChange({ ...filters, event })}>
        <Select.Trigger aria-label="Filtrera på händelse" />
        <Select.Content position="popper">
          <Select.Item value={ALL}>Alla händelser</Select.Item>
          {(options?.events ?? []).map((option) => (
            <Select.Item key={option.event} value={option.event}>
              {option.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      <Select.Root value={filters.actor} onValueChange={(actor) => onChange({ ...filters, actor })}>
        <Select.Trigger aria-label="Filtrera på användare" />
        <Select.Content position="popper">
          <Select.Item value={ALL}>Alla användare</Select.Item>
          <Select.Item value={SYSTEM_ACTOR}>System</Select.Item>
          {(options?.actors ?? []).map((actor) => (
            <Select.Item key={actor.id} value={actor.id}>
              {actor.name}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
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
