// /kfm (issue 12, spec part 2 §4): the organisation's applications to Kronofogden, newest first —
// reference, type, status in Swedish, KFM's case number, the application fee, the linked case with
// its totals, created — filtered by status, type and a search; the reference opens the KFM case.
import { FileTextIcon, MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Link as ThemeLink, Select, Table, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { Link } from 'wouter';
import { useKfmCases, type KfmCaseRow } from '../../api/kfm';
import { TableCaption, TableSkeletonRows } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { NoAccess } from '../../components/no-access';
import { PageHeader } from '../../components/page-header';
import { useErrorToast } from '../../components/toast';
import { formatAmount, formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { KfmCaseCells, KFM_STATUS_OPTIONS, KFM_TYPE_OPTIONS } from './kfm-labels';

const ALL = 'all';

export function KfmPage() {
  const canRead = useCan('kfm.read');
  return (
    <>
      <PageHeader title="KFM-ärenden" description="Ansökningar till Kronofogden: status, målnummer, avgift och det kopplade ärendet." />
      {canRead ? <KfmCaseList /> : <NoAccess description="Din roll kan inte läsa KFM-ärenden. Be en administratör om hjälp." />}
    </>
  );
}

function KfmCaseList() {
  const [filters, setFilters] = useState({ status: ALL, type: ALL, q: '' });
  const q = useDebouncedValue(filters.q.trim(), 300);
  const { data, error, isLoading, mutate } = useKfmCases({
    ...(filters.status === ALL ? {} : { status: filters.status }),
    ...(filters.type === ALL ? {} : { application_type: filters.type }),
    ...(q ? { q } : {}),
  });
  useErrorToast(error, 'KFM-ärendena kunde inte laddas');
  const isFiltered = filters.status !== ALL || filters.type !== ALL || q !== '';
  return (
    <>
      <Flex gap="3" mb="4" wrap="wrap">
        <TextField.Root
          placeholder="Sök referens eller målnummer"
          aria-label="Sök referens eller målnummer"
          value={filters.q}
          onChange={(event) => setFilters({ ...filters, q: event.target.value })}
        >
          <TextField.Slot>
            <MagnifyingGlassIcon />
          </TextField.Slot>
        </TextField.Root>
        <Select.Root value={filters.status} onValueChange={(status) => setFilters({ ...filters, status })}>
          <Select.Trigger aria-label="Filtrera på status" />
          <Select.Content position="popper">
            <Select.Item value={ALL}>Alla statusar</Select.Item>
            {KFM_STATUS_OPTIONS.map((option) => (
              <Select.Item key={option.value} value={option.value}>
                {option.label}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        <Select.Root value={filters.type} onValueChange={(type) => setFilters({ ...filters, type })}>
          <Select.Trigger aria-label="Filtrera på ansökningstyp" />
          <Select.Content position="popper">
            <Select.Item value={ALL}>Alla ansökningstyper</Select.Item>
            {KFM_TYPE_OPTIONS.map((option) => (
              <Select.Item key={option.value} value={option.value}>
                {option.label}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      {error && !data ? (
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      ) : data && data.kfm_cases.length === 0 && !isLoading ? (
        <Card size="2">
          {isFiltered ? (
            <EmptyState
              icon={<MagnifyingGlassIcon width="22" height="22" />}
              title="Inga KFM-ärenden matchar filtren"
              action={
                <Button variant="soft" onClick={() => setFilters({ status: ALL, type: ALL, q: '' })}>
                  Rensa filter
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<FileTextIcon width="22" height="22" />}
              title="Inga KFM-ärenden ännu"
              description="Ett ärende eskaleras till Kronofogden från ärendets KFM-flik eller med fordran kfm generate."
            />
          )}
        </Card>
      ) : (
        <KfmTable rows={data?.kfm_cases} />
      )}
    </>
  );
}

function KfmTable({ rows }: { rows: KfmCaseRow[] | undefined }) {
  return (
    <Table.Root variant="surface" className="data-table">
      <TableCaption>KFM-ärenden</TableCaption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Referens</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Typ</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Målnummer</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Avgift</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Ärende</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Utestående</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Skapad</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {!rows ? (
          <TableSkeletonRows columns={8} rows={3} />
        ) : (
          rows.map((row) => (
            <Table.Row key={row.id} align="center">
              <KfmCaseCells row={row} />
              <Table.Cell justify="end" className="nowrap">
                {formatAmount(row.application_fee)}
              </Table.Cell>
              <Table.Cell>
                <ThemeLink asChild size="2">
                  <Link href={`/cases/${row.case.id}`}>{row.case.reference_no}</Link>
                </ThemeLink>
              </Table.Cell>
              <Table.Cell justify="end" className="nowrap">
                {formatAmount(row.case.total_outstanding)}
              </Table.Cell>
              <Table.Cell className="nowrap">{formatDateTime(row.created_at)}</Table.Cell>
            </Table.Row>
          ))
        )}
      </Table.Body>
    </Table.Root>
  );
}
