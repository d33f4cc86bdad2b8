// /parties/{id}: one debtor (gäldenär) — the details, 'Redigera' (the party dialog) and the
// debtor's cases with links, status, stage and what each still owes; 'Visa alla ärenden' opens
// the case list filtered by the debtor.
import { Pencil1Icon, PersonIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Card, DataList, Flex, Heading, Skeleton } from '@radix-ui/themes';
import { useState } from 'react';
import { PARTY_TYPE_LABELS, useParty, type Party } from '../../api/parties';
import { RecordStatusBadge } from '../../components/data-table';
import { DetailItem } from '../../components/detail-item';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { useErrorToast } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { RelatedCasesCard } from '../cases/related-cases-card';
import { partyIdentifier } from './parties-page';
import { PartyDialog } from './party-dialog';

const BACK = { href: '/parties', label: 'Tillbaka till parter' };

export function PartyDetailPage({ partyId }: { partyId: string }) {
  const { data, error, mutate } = useParty(partyId);
  const isNotFound = error?.status === 404;
  useErrorToast(isNotFound ? undefined : error, 'Fel vid laddning');

  if (data) return <PartyDetailView party={data} />;
  return (
    <>
      <PageHeader title="Part" back={BACK} />
      {isNotFound ? (
        <Box className="list-empty">
          <EmptyState
            icon={<PersonIcon width="22" height="22" />}
            title="Parten hittades inte"
            description="Parten finns inte, eller så hör den till en annan organisation."
          />
        </Box>
      ) : error ? (
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      ) : (
        <Skeleton height="240px" aria-busy aria-label="Laddar parten" />
      )}
    </>
  );
}

function PartyDetailView({ party }: { party: Party }) {
  const canWrite = useCan('parties.write');
  const [editing, setEditing] = useState(false);
  const address = party.address_json
    ? [party.address_json.street, [party.address_json.zip, party.address_json.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')
    : '';
  return (
    <>
      <PageHeader
        title={party.name}
        back={BACK}
        description={
          <Flex gap="2" align="center" asChild>
            <span>
              <Badge color={party.type === 'person' ? 'blue' : 'violet'} variant="soft" radius="full">
                {PARTY_TYPE_LABELS[party.type] ?? party.type}
              </Badge>
              <RecordStatusBadge status={party.status} />
            </span>
          </Flex>
        }
        actions={
          canWrite ? (
            <Button variant="soft" onClick={() => setEditing(true)}>
              <Pencil1Icon /> Redigera
            </Button>
          ) : null
        }
      />
      <Box className="case-layout">
        <RelatedCasesCard of={{ partyId: party.id, partyName: party.name }} />
        <Card size="3">
          <Heading as="h2" size="4" mb="4">
            Uppgifter
          </Heading>
          <DataList.Root orientation={{ initial: 'vertical', xs: 'horizontal' }} size="2">
            <DetailItem label={party.type === 'person' ? 'Personnummer' : 'Org.nr'}>{partyIdentifier(party)}</DetailItem>
            <DetailItem label="E-post">{party.email}</DetailItem>
            <DetailItem label="Telefon">{party.phone}</DetailItem>
            <DetailItem label="Adress">{address || null}</DetailItem>
            <DetailItem label="Skapad">{formatDateTime(party.created_at)}</DetailItem>
          </DataList.Root>
        </Card>
      </Box>
      <PartyDialog open={editing} party={party} onOpenChange={setEditing} />
    </>
  );
}
