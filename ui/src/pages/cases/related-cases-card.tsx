// The cases of one debtor or one creditor, on their pages: the latest ten with status, stage and
// what each still owes, each a link to the case, and 'Visa alla ärenden' to the case list
// filtered by them.
import { ArrowRightIcon, FileTextIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Heading, Link as ThemeLink, Table, Text } from '@radix-ui/themes';
import { Link } from 'wouter';
import { useCases } from '../../api/cases';
import { TableCaption, TableSkeletonRows } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { useErrorToast } from '../../components/toast';
import { formatAmount, formatCount } from '../../lib/format';
import { CaseStageBadge, CaseStatusBadge } from './case-badges';
import { casesOfHref } from './case-list-filters';

const SHOWN = 10;

export type CasesOf = { partyId: string; partyName: string } | { creditorId: string; creditorName: string };

export function RelatedCasesCard({ of }: { of: CasesOf }) {
  const isParty = 'partyId' in of;
  const { data, error, isLoading, mutate } = useCases({
    ...(isParty ? { party_id: of.partyId } : { creditor_id: of.creditorId }),
    sort: 'created_at',
    order: 'desc',
    limit: SHOWN,
    offset: 0,
  });
  useErrorToast(error, 'Fel vid laddning');

  return (
    <Card size="3">
      <Flex justify="between" align="center" gap="3" mb="3" wrap="wrap">
        <Heading as="h2" size="4">
          Ärenden{data ? ` (${formatCount(data.total)})` : ''}
        </Heading>
        {data && data.total > 0 ? (
          <Button asChild variant="soft" size="1">
            <Link href={casesOfHref(of)}>
              Visa alla ärenden <ArrowRightIcon />
            </Link>
          </Button>
        ) : null}
      </Flex>
      {error && !data ? (
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      ) : data && data.total === 0 && !isLoading ? (
        <EmptyState
          icon={<FileTextIcon width="22" height="22" />}
          title="Inga ärenden ännu"
          description={isParty ? 'Gäldenären finns inte i något ärende.' : 'Borgenären har inga ärenden.'}
        />
      ) : (
        <Table.Root size="1" variant="ghost">
          <TableCaption>Ärenden</TableCaption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Referens</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{isParty ? 'Borgenär' : 'Gäldenär'}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Fas</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Utestående</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {!data ? (
              <TableSkeletonRows columns={5} rows={3} />
            ) : (
              data.items.map((item) => (
                <Table.Row key={item.id} align="center">
                  <Table.RowHeaderCell>
                    <ThemeLink asChild>
                      <Link href={`/cases/${encodeURIComponent(item.id)}`}>{item.reference_no}</Link>
                    </ThemeLink>
                  </Table.RowHeaderCell>
                  <Table.Cell>{isParty ? item.creditor.name : item.party.name}</Table.Cell>
                  <Table.Cell>
                    <CaseStatusBadge status={item.status} />
                  </Table.Cell>
                  <Table.Cell>
                    <CaseStageBadge stage={item.stage} />
                  </Table.Cell>
                  <Table.Cell justify="end" className="nowrap">
                    {formatAmount(item.total_outstanding)}
                  </Table.Cell>
                </Table.Row>
              ))
            )}
          </Table.Body>
        </Table.Root>
      )}
      {data && data.total > SHOWN ? (
        <Text as="p" size="1" color="gray" mt="2">
          De {SHOWN} senast skapade av {formatCount(data.total)}.
        </Text>
      ) : null}
    </Card>
  );
}
