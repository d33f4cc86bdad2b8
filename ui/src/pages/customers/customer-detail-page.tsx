// /customers/{id}: one creditor (borgenär) — the details, 'Redigera' (the customer dialog) and the
// creditor's cases with links, status, stage and what each still owes; 'Visa alla ärenden' opens
// the case list filtered by the creditor.
import { IdCardIcon, Pencil1Icon } from '@radix-ui/react-icons';
import { Box, Button, Card, DataList, Heading, Skeleton } from '@radix-ui/themes';
import { useState } from 'react';
import { useCreditor, type Creditor } from '../../api/creditors';
import { RecordStatusBadge } from '../../components/data-table';
import { DetailItem } from '../../components/detail-item';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { useErrorToast } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { RelatedCasesCard } from '../cases/related-cases-card';
import { CustomerDialog } from './customer-dialog';

const BACK = { href: '/customers', label: 'Tillbaka till kunder' };

export function CustomerDetailPage({ creditorId }: { creditorId: string }) {
  const { data, error, mutate } = useCreditor(creditorId);
  const isNotFound = error?.status === 404;
  useErrorToast(isNotFound ? undefined : error, 'Fel vid laddning');

  if (data) return <CustomerDetailView creditor={data} />;
  return (
    <>
      <PageHeader title="Kund" back={BACK} />
      {isNotFound ? (
        <Box className="list-empty">
          <EmptyState
            icon={<IdCardIcon width="22" height="22" />}
            title="Kunden hittades inte"
            description="Kunden finns inte, eller så hör den till en annan organisation."
          />
        </Box>
      ) : error ? (
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      ) : (
        <Skeleton height="240px" aria-busy aria-label="Laddar kunden" />
      )}
    </>
  );
}

function CustomerDetailView({ creditor }: { creditor: Creditor }) {
  const canWrite = useCan('creditors.write');
  const [editing, setEditing] = useState(false);
  const contact = creditor.contact_json ?? {};
  return (
    <>
      <PageHeader
        title={creditor.name}
        back={BACK}
        description={<RecordStatusBadge status={creditor.status} />}
        actions={
          canWrite ? (
            <Button variant="soft" onClick={() => setEditing(true)}>
              <Pencil1Icon /> Redigera
            </Button>
          ) : null
        }
      />
      <Box className="case-layout">
        <RelatedCasesCard of={{ creditorId: creditor.id, creditorName: creditor.name }} />
        <Card size="3">
          <Heading as="h2" size="4" mb="4">
            Uppgifter
          </Heading>
          <DataList.Root orientation={{ initial: 'vertical', xs: 'horizontal' }} size="2">
            <DetailItem label="Org.nr">{creditor.org_no}</DetailItem>
            <DetailItem label="Kundnummer">{creditor.customer_no}</DetailItem>
            <DetailItem label="Kontaktperson">{contact.name}</DetailItem>
            <DetailItem label="E-post">{contact.email}</DetailItem>
            <DetailItem label="Telefon">{contact.phone}</DetailItem>
            <DetailItem label="Skapad">{formatDateTime(creditor.created_at)}</DetailItem>
          </DataList.Root>
        </Card>
      </Box>
      <CustomerDialog open={editing} creditor={creditor} onOpenChange={setEditing} />
    </>
  );
}
