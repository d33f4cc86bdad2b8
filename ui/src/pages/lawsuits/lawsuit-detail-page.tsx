// /lawsuits/{id} (issue 12): the lawsuit with its status and 'Inväntar delgivning' until served,
// the status machine's next steps as buttons, the court and filing, the linked case's balance
// and the costs booked, deadlines, notes and documents. Unknown id: 'Tvistemålet hittades inte'.
import { ArrowLeftIcon, ArrowRightIcon, FileTextIcon } from '@radix-ui/react-icons';
import { Box, Button, Card, DataList, Flex, Heading, Link as ThemeLink, Skeleton, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { Link } from 'wouter';
import type { LawsuitStatus } from '@fordran/core/labels';
import { useLawsuit, type LawsuitDetail } from '../../api/lawsuits';
import { DetailItem } from '../../components/detail-item';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { useErrorToast } from '../../components/toast';
import { formatAmount, formatDate, formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { LawsuitStatusBadge, ServiceStatusBadge } from './lawsuit-badges';
import { LawsuitDeadlinesCard, LawsuitDocumentsCard, LawsuitNotesCard } from './lawsuit-records';
import { LawsuitStatusDialog } from './lawsuit-status-dialog';

export function LawsuitDetailPage({ lawsuitId }: { lawsuitId: string }) {
  const { data, error, mutate } = useLawsuit(lawsuitId);
  const isNotFound = error?.status === 404;
  useErrorToast(isNotFound ? undefined : error, 'Fel vid laddning');
  return (
    <>
      <Button asChild variant="ghost" color="gray" size="1" mb="3">
        <Link href="/lawsuits">
          <ArrowLeftIcon /> Tillbaka till tvistemål
        </Link>
      </Button>
      {isNotFound ? (
        <Box className="list-empty" mt="6">
          <EmptyState
            icon={<FileTextIcon width="22" height="22" />}
            title="Tvistemålet hittades inte"
            description="Det kan ha tagits bort eller tillhöra en annan organisation."
          />
        </Box>
      ) : error && !data ? (
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      ) : data ? (
        <LawsuitView lawsuit={data} />
      ) : (
        <Flex direction="column" gap="4">
          <Skeleton height="48px" width="40%" />
          <Skeleton height="200px" />
        </Flex>
      )}
    </>
  );
}

function LawsuitView({ lawsuit }: { lawsuit: LawsuitDetail }) {
  const canWrite = useCan('lawsuits.write');
  const [target, setTarget] = useState<LawsuitStatus | null>(null);
  return (
    <>
      <PageHeader
        title={`Tvistemål ${lawsuit.case_reference}`}
        description={
          <Flex align="center" gap="2" wrap="wrap" asChild>
            <span>
              {lawsuit.creditor_name} <ArrowRightIcon aria-label="mot" /> {lawsuit.party_name} · {lawsuit.track} – {lawsuit.track_label}
            </span>
          </Flex>
        }
        actions={
          <Flex gap="2" align="center">
            <LawsuitStatusBadge status={lawsuit.status} size="2" />
            <ServiceStatusBadge status={lawsuit.service_status} label={lawsuit.service_status_label} />
          </Flex>
        }
      />

      {canWrite && lawsuit.next_statuses.length > 0 ? (
        <Card size="2" mb="4">
          <Flex align="center" gap="3" wrap="wrap">
            <Text size="2" weight="medium">
              Nästa steg:
            </Text>
            {lawsuit.next_statuses.map((next) => (
              <Button
                key={next.status}
                size="2"
                variant={next.status === 'failed' || next.status === 'closed' ? 'soft' : 'solid'}
                color={next.status === 'failed' ? 'red' : undefined}
                onClick={() => setTarget(next.status)}
              >
                {next.label}
              </Button>
            ))}
          </Flex>
        </Card>
      ) : null}

      <Box className="case-layout">
        <Flex direction="column" gap="4" minWidth="0">
          <Card size="2">
            <Heading as="h2" size="3" mb="3">
              Målet
            </Heading>
            <DataList.Root>
              <DetailItem label="Status">{lawsuit.status_label}</DetailItem>
              <DetailItem label="Delgivning">{lawsuit.service_status_label}</DetailItem>
              <DetailItem label="Spår">{`${lawsuit.track} – ${lawsuit.track_label}`}</DetailItem>
              <DetailItem label="Domstol">{lawsuit.court_name}</DetailItem>
              <DetailItem label="Målnummer">{lawsuit.court_case_no}</DetailItem>
              <DetailItem label="Inlämnad">{lawsuit.filing_date ? formatDate(lawsuit.filing_date) : null}</DetailItem>
              <DetailItem label="Domstolsavgift">{lawsuit.court_fee ? formatAmount(lawsuit.court_fee) : null}</DetailItem>
              <DetailItem label="Ärende">
                <ThemeLink asChild>
                  <Link href={`/cases/${encodeURIComponent(lawsuit.case_id)}`}>{lawsuit.case_reference}</Link>
                </ThemeLink>
              </DetailItem>
            </DataList.Root>
          </Card>
          <LawsuitDeadlinesCard lawsuit={lawsuit} canWrite={canWrite} />
          <LawsuitNotesCard key={lawsuit.notes ?? ''} lawsuit={lawsuit} canWrite={canWrite} />
        </Flex>
        <Flex direction="column" gap="4" minWidth="0">
          <Card size="2">
            <Heading as="h2" size="3" mb="3">
              Ärendets saldo
            </Heading>
            <DataList.Root>
              <DetailItem label="Kapital">{formatAmount(lawsuit.case.total_principal)}</DetailItem>
              <DetailItem label="Ränta">{formatAmount(lawsuit.case.total_interest)}</DetailItem>
              <DetailItem label="Avgifter">{formatAmount(lawsuit.case.total_fees)}</DetailItem>
              <DetailItem label="Betalt">{formatAmount(lawsuit.case.amount_paid_total)}</DetailItem>
              <DetailItem label="Att betala">
                <Text weight="bold" data-testid="case-outstanding">
                  {formatAmount(lawsuit.case.total_outstanding)}
                </Text>
              </DetailItem>
            </DataList.Root>
          </Card>
          <Card size="2">
            <Heading as="h2" size="3" mb="3">
              Bokförda kostnader
            </Heading>
            {lawsuit.costs.length === 0 ? (
              <Text as="p" size="2" color="gray">
                Inga kostnader bokförda ännu. Ansökningsavgiften bokförs när stämningen lämnas in.
              </Text>
            ) : (
              <Flex direction="column" gap="2">
                {lawsuit.costs.map((cost) => (
                  <Flex key={cost.journal_id} justify="between" align="start" gap="3">
                    <Box minWidth="0">
                      <Text as="div" size="2">
                        {cost.label}
                      </Text>
                      <Text as="div" size="1" color="gray">
                        {formatDateTime(cost.booked_at)}
                      </Text>
                    </Box>
                    <Text size="2" className="nowrap">
                      {formatAmount(cost.amount)}
                    </Text>
                  </Flex>
                ))}
                <Flex justify="between" gap="3" pt="2">
                  <Text size="2" weight="bold">
                    Summa
                  </Text>
                  <Text size="2" weight="bold" className="nowrap" data-testid="costs-total">
                    {formatAmount(lawsuit.costs_total)}
                  </Text>
                </Flex>
              </Flex>
            )}
          </Card>
          <LawsuitDocumentsCard lawsuit={lawsuit} canWrite={canWrite} />
        </Flex>
      </Box>

      {canWrite ? <LawsuitStatusDialog lawsuit={lawsuit} target={target} onClose={() => setTarget(null)} /> : null}
    </>
  );
}
