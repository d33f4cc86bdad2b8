// /lawsuits 'Tvistemål' (spec part 2 §2, §8; issue 12): every lawsuit with its case, debtor and
// creditor, filtered by status and track; 'Ny stämning' opens /lawsuits/create; a reference
// opens the lawsuit. Nothing to show: 'Inga tvistemål hittades'.
import { FileTextIcon, PlusIcon } from '@radix-ui/react-icons';
import { Box, Button, Flex, Link as ThemeLink, Select, Table, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { Link } from 'wouter';
import { LAWSUIT_STATUSES, LAWSUIT_STATUS_LABELS, LAWSUIT_TRACKS, LAWSUIT_TRACK_LABELS } from '@fordran/core/labels';
import { useLawsuits, type LawsuitStatus, type LawsuitTrack } from '../../api/lawsuits';
import { orDash, TableSkeletonRows } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { NoAccess } from '../../components/no-access';
import { PageHeader } from '../../components/page-header';
import { useErrorToast } from '../../components/toast';
import { formatAmount, formatDate } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { LawsuitStatusBadge, ServiceStatusBadge } from './lawsuit-badges';

const COLUMN_COUNT = 8;

export function LawsuitsPage() {
  const canRead = useCan('lawsuits.read');
  const canWrite = useCan('lawsuits.write');
  const [status, setStatus] = useState<LawsuitStatus | 'all'>('all');
  const [track, setTrack] = useState<LawsuitTrack | 'all'>('all');
  const actions = canWrite ? (
    <Button asChild>
      <Link href="/lawsuits/create">
        <PlusIcon /> Ny stämning
      </Link>
    </Button>
  ) : null;

  return (
    <>
      <PageHeader title="Tvistemål" description="Mål i domstol: förenklade tvistemål (FT) och ordinära mål (ORD)." actions={actions} />
      {canRead ? (
        <>
          <Flex gap="3" mb="4" wrap="wrap">
            <Select.Root value={status} onValueChange={(value) => setStatus(value as LawsuitStatus | 'all')}>
              <Select.Trigger aria-label="Filtrera på status" />
              <Select.Content position="popper">
                <Select.Item value="all">Alla statusar</Select.Item>
                {LAWSUIT_STATUSES.map((value) => (
                  <Select.Item key={value} value={value}>
                    {LAWSUIT_STATUS_LABELS[value]}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
            <Select.Root value={track} onValueChange={(value) => setTrack(value as LawsuitTrack | 'all')}>
              <Select.Trigger aria-label="Filtrera på spår" />
              <Select.Content position="popper">
                <Select.Item value="all">Alla spår</Select.Item>
                {LAWSUIT_TRACKS.map((value) => (
                  <Select.Item key={value} value={value}>
                    {value} – {LAWSUIT_TRACK_LABELS[value]}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
          <LawsuitList status={status === 'all' ? undefined : status} track={track === 'all' ? undefined : track} />
        </>
      ) : (
        <NoAccess description="Tvistemål hanteras av juridik och administratörer." />
      )}
    </>
  );
}

function LawsuitList({ status, track }: { status: LawsuitStatus | undefined; track: LawsuitTrack | undefined }) {
  const { data, error, isLoading, isValidating, mutate } = useLawsuits({ status, track });
  useErrorToast(error, 'Fel vid laddning');
  if (error && !data) return <ErrorState message={error.message} onRetry={() => void mutate()} />;
  if (data && data.lawsuits.length === 0 && !isLoading) {
    return (
      <Box className="list-empty">
        <EmptyState
          icon={<FileTextIcon width="22" height="22" />}
          title="Inga tvistemål hittades"
          description={status || track ? 'Prova en annan status eller ett annat spår.' : 'Starta en stämning från ett ärende med Ny stämning.'}
        />
      </Box>
    );
  }
  return (
    <Table.Root variant="surface" className="data-table" data-stale={isValidating && !isLoading}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Ärende</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Gäldenär</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Kund</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Spår</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Delgivning</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Domstolsavgift</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Inlämnad</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {data ? (
          data.lawsuits.map((lawsuit) => (
            <Table.Row key={lawsuit.id} align="center">
              <Table.RowHeaderCell className="nowrap">
                <ThemeLink asChild weight="medium">
                  <Link href={`/lawsuits/${encodeURIComponent(lawsuit.id)}`}>{lawsuit.case_reference}</Link>
                </ThemeLink>
              </Table.RowHeaderCell>
              <Table.Cell>{lawsuit.party_name}</Table.Cell>
              <Table.Cell>{lawsuit.creditor_name}</Table.Cell>
              <Table.Cell>
                <Text title={lawsuit.track_label}>{lawsuit.track}</Text>
              </Table.Cell>
              <Table.Cell>
                <LawsuitStatusBadge status={lawsuit.status} />
              </Table.Cell>
              <Table.Cell>
                <ServiceStatusBadge status={lawsuit.service_status} label={lawsuit.service_status_label} />
              </Table.Cell>
              <Table.Cell justify="end" className="nowrap">
                {lawsuit.court_fee ? formatAmount(lawsuit.court_fee) : '–'}
              </Table.Cell>
              <Table.Cell className="nowrap">{orDash(lawsuit.filing_date ? formatDate(lawsuit.filing_date) : null)}</Table.Cell>
            </Table.Row>
          ))
        ) : (
          <TableSkeletonRows columns={COLUMN_COUNT} />
        )}
      </Table.Body>
    </Table.Root>
  );
}
