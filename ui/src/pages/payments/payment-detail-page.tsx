// /payments/{id} (issue 10): one payment — its fields, how it was allocated to cases (with links
// and what each case still owes), the journals that booked it, the bank file and line it came
// from, and what happened to it (audit trail). 'Matcha' while something is left to allocate,
// 'Granska' while it is held as a possible duplicate (issue 18).
// Journals and bank file are ledger data: shown to roles that may read the ledger.
import { ArrowLeftIcon, CardStackIcon, Link2Icon, MagnifyingGlassIcon, ResetIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Card, DataList, Flex, Heading, Link as ThemeLink, Skeleton, Table, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { usePaymentDetail, usePaymentMutations, type Payment, type PaymentDetail } from '../../api/payments';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TableCaption } from '../../components/data-table';
import { DetailItem } from '../../components/detail-item';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { useErrorToast, useToast } from '../../components/toast';
import { formatAmount, formatDate, formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { BANK_FILE_FORMAT_LABELS } from '@fordran/core/labels';
import { ReconciliationBadge } from '../bank-reconciliation/statement-labels';
import { CaseStageBadge, CaseStatusBadge } from '../cases/case-badges';
import { JournalEntries } from '../ledger/journal-entries';
import { journalSourceColor, journalSourceLabel } from '../ledger/ledger-labels';
import { canMatchPayment } from './allocation-amount';
import { HeldPaymentDialog } from './held-payment-dialog';
import { MatchPaymentDialog } from './match-payment-dialog';
import { paymentMethodLabel, UNBOOKED_PAYMENT_NOTES } from './payment-labels';
import { PaymentStatusBadge } from './payment-status-badge';

export function PaymentDetailPage({ paymentId }: { paymentId: string }) {
  const { data, error, mutate } = usePaymentDetail(paymentId);
  const isNotFound = error?.status === 404;
  useErrorToast(isNotFound ? undefined : error, 'Fel vid laddning');

  useEffect(() => {
    document.title = `${data ? `Inbetalning ${formatAmount(data.payment.amount)}` : 'Inbetalning'} · Fordran`;
  }, [data]);

  return (
    <>
      <Button asChild variant="ghost" color="gray" size="1" mb="3">
        <Link href="/payments">
          <ArrowLeftIcon /> Tillbaka till inbetalningar
        </Link>
      </Button>
      {isNotFound ? (
        <Box className="list-empty" mt="6">
          <EmptyState
            icon={<CardStackIcon width="22" height="22" />}
            title="Inbetalningen hittades inte"
            description="Inbetalningen finns inte, eller så hör den till en annan organisation."
          />
        </Box>
      ) : error && !data ? (
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      ) : data ? (
        <PaymentDetailView detail={data} />
      ) : (
        <Box aria-busy aria-label="Laddar inbetalningen">
          <Skeleton height="36px" width="260px" mb="5" />
          <Skeleton height="240px" />
        </Box>
      )}
    </>
  );
}

function PaymentDetailView({ detail }: { detail: PaymentDetail }) {
  const canWrite = useCan('payments.write');
  const [dialog, setDialog] = useState<'match' | 'held' | 'reverse' | null>(null);
  const { reversePayment } = usePaymentMutations();
  const { toast } = useToast();
  const { payment } = detail;
  const reverse = async (reason: string) => {
    try {
      await reversePayment(payment.id, reason);
      toast({ title: 'Inbetalningen återförd', description: `${formatAmount(payment.amount)} · ${formatDate(payment.paid_at)}`, variant: 'success' });
    } catch (error) {
      toast({ title: 'Kunde inte återföra inbetalningen', description: (error as Error).message, variant: 'destructive' });
      throw error;
    }
  };
  return (
    <>
      <Flex justify="between" align={{ initial: 'start', sm: 'end' }} gap="4" mb="5" direction={{ initial: 'column', sm: 'row' }}>
        <Box minWidth="0">
          <Flex align="center" gap="3" wrap="wrap">
            <Heading as="h1" size="7" weight="bold">
              Inbetalning {formatAmount(payment.amount)}
            </Heading>
            <PaymentStatusBadge status={payment.status} />
          </Flex>
          <Text as="p" size="3" color="gray" mt="2">
            {paymentMethodLabel(payment.method)} · betald {formatDate(payment.paid_at)}
            {payment.payer_name ? ` · ${payment.payer_name}` : ''}
          </Text>
        </Box>
        {canWrite && canMatchPayment(payment) ? (
          <Button onClick={() => setDialog('match')}>
            <Link2Icon /> Matcha
          </Button>
        ) : null}
        {canWrite && payment.status === 'held' ? (
          <Button color="orange" onClick={() => setDialog('held')}>
            <MagnifyingGlassIcon /> Granska
          </Button>
        ) : null}
        {canWrite && isReversible(payment) ? (
          <Button variant="soft" color="red" onClick={() => setDialog('reverse')}>
            <ResetIcon /> Återför
          </Button>
        ) : null}
      </Flex>

      <Box className="case-layout">
        <Flex direction="column" gap="4" minWidth="0">
          <AllocationsCard detail={detail} />
          {detail.journals ? <JournalsCard journals={detail.journals} status={payment.status} /> : null}
          <AuditCard detail={detail} />
        </Flex>
        <Flex direction="column" gap="4" minWidth="0">
          <FieldsCard detail={detail} />
          {detail.bank_statement ? <BankFileCard statement={detail.bank_statement} /> : null}
        </Flex>
      </Box>

      <MatchPaymentDialog payment={dialog === 'match' ? payment : null} onClose={() => setDialog(null)} />
      <HeldPaymentDialog payment={dialog === 'held' ? payment : null} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={dialog === 'reverse'}
        title="Återför inbetalningen"
        description="Gör det när banken har tagit tillbaka pengarna, till exempel en återföring i en bankfil. Bokningarna återförs med nya verifikationer och ärendena är skyldiga det som inbetalningen avräknade igen, med ränta som om den aldrig kommit."
        confirmLabel="Återför"
        reason={{ missing: 'Ange varför inbetalningen återförs' }}
        onConfirm={reverse}
        onOpenChange={(open) => setDialog(open ? 'reverse' : null)}
      />
    </>
  );
}

/** Money that was booked (or registered) and can be taken back; held, duplicate and reversed cannot. */
function isReversible(payment: Payment): boolean {
  return payment.status === 'received' || payment.status === 'allocated' || payment.status === 'partially_allocated' || payment.status === 'unmatched';
}

function AllocationsCard({ detail }: { detail: PaymentDetail }) {
  const cases = new Map(detail.cases.map((item) => [item.id, item]));
  const allocations = detail.payment.allocations;
  const unbooked = UNBOOKED_PAYMENT_NOTES[detail.payment.status];
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="3">
        Avräkningar
      </Heading>
      {allocations.length === 0 ? (
        unbooked ? null : (
          <Text size="2" color="gray">
            Inte avräknad mot något ärende ännu.
          </Text>
        )
      ) : (
        <Table.Root size="1" variant="ghost">
          <TableCaption>Avräkningar</TableCaption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Ärende</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Gäldenär</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Avräknat</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Utestående nu</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {allocations.map((allocation) => {
              const item = cases.get(allocation.case_id);
              return (
                <Table.Row key={allocation.id} align="center">
                  <Table.RowHeaderCell>
                    <ThemeLink asChild>
                      <Link href={`/cases/${encodeURIComponent(allocation.case_id)}`}>{allocation.reference_no}</Link>
                    </ThemeLink>
                  </Table.RowHeaderCell>
                  <Table.Cell>{item?.party_name ?? '–'}</Table.Cell>
                  <Table.Cell justify="end" className="nowrap">
                    <Text as="div" weight="medium">
                      {formatAmount(allocation.amount)}
                    </Text>
                    <Text as="div" size="1" color="gray">
                      Kapital {formatAmount(allocation.principal)} · ränta {formatAmount(allocation.interest)} · avgifter {formatAmount(allocation.fees)}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    {item ? (
                      <Flex gap="1" wrap="wrap">
                        <CaseStatusBadge status={item.status} />
                        <CaseStageBadge stage={item.stage} />
                      </Flex>
                    ) : (
                      '–'
                    )}
                  </Table.Cell>
                  <Table.Cell justify="end" className="nowrap">
                    {item ? formatAmount(item.total_outstanding) : '–'}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      )}
      {unbooked ? (
        <Text as="p" size="2" color="gray" mt={allocations.length === 0 ? '0' : '3'}>
          {unbooked}
        </Text>
      ) : detail.payment.unallocated_amount !== '0.00' ? (
        <Text as="p" size="2" color="amber" mt="3">
          Kvar att avräkna: {formatAmount(detail.payment.unallocated_amount)}
        </Text>
      ) : null}
    </Card>
  );
}

function JournalsCard({ journals, status }: { journals: NonNullable<PaymentDetail['journals']>; status: Payment['status'] }) {
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="3">
        Verifikationer
      </Heading>
      {journals.length === 0 ? (
        <Text size="2" color="gray">
          {UNBOOKED_PAYMENT_NOTES[status] ?? 'Inget bokfört ännu: en registrerad inbetalning bokförs när den avräknas.'}
        </Text>
      ) : (
        <Flex direction="column" gap="4">
          {journals.map((journal) => (
            <Box key={journal.id}>
              <Flex gap="2" align="center" mb="2">
                <Badge color={journalSourceColor(journal.source)} variant="soft" radius="full">
                  {journalSourceLabel(journal.source)}
                </Badge>
                <Text size="2" color="gray">
                  {formatDateTime(journal.booked_at)}
                </Text>
              </Flex>
              <JournalEntries journal={journal} />
            </Box>
          ))}
        </Flex>
      )}
    </Card>
  );
}

function AuditCard({ detail }: { detail: PaymentDetail }) {
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="3">
        Händelser
      </Heading>
      {detail.audit.length === 0 ? (
        <Text size="2" color="gray">
          Inga händelser loggade.
        </Text>
      ) : (
        <Flex direction="column" gap="2">
          {detail.audit.map((entry) => (
            <Box key={entry.id}>
              <Text as="div" size="2" weight="medium">
                {entry.title}
              </Text>
              {entry.detail ? (
                <Text as="div" size="2">
                  {entry.detail}
                </Text>
              ) : null}
              <Text as="div" size="1" color="gray">
                {formatDateTime(entry.created_at)} · {entry.actor_name ?? 'System'}
              </Text>
            </Box>
          ))}
        </Flex>
      )}
    </Card>
  );
}

/** A payment once held beside another: still held, found to be it, or booked as another transaction after review. */
function duplicateOfLabel(status: Payment['status']): string {
  if (status === 'held') return 'Möjlig dubblett av';
  return status === 'duplicate' ? 'Dubblett av' : 'Granskad som möjlig dubblett av';
}

function FieldsCard({ detail }: { detail: PaymentDetail }) {
  const { payment } = detail;
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="4">
        Uppgifter
      </Heading>
      <DataList.Root orientation={{ initial: 'vertical', xs: 'horizontal' }} size="2">
        <DetailItem label="Belopp">{formatAmount(payment.amount)}</DetailItem>
        <DetailItem label="Ej avräknat">{formatAmount(payment.unallocated_amount)}</DetailItem>
        <DetailItem label="Betaldag">{formatDate(payment.paid_at)}</DetailItem>
        <DetailItem label="Betalsätt">{paymentMethodLabel(payment.method)}</DetailItem>
        <DetailItem label="OCR">{payment.ocr ? <span className="tabular">{payment.ocr}</span> : null}</DetailItem>
        <DetailItem label="Referens">{payment.reference}</DetailItem>
        <DetailItem label="Meddelande">{payment.message}</DetailItem>
        <DetailItem label="Betalare">{payment.payer_name}</DetailItem>
        <DetailItem label="Registrerad">{formatDateTime(payment.created_at)}</DetailItem>
        <DetailItem label="Transaktion">{payment.transaction_id ? <span className="mono">{payment.transaction_id}</span> : null}</DetailItem>
        {payment.duplicate_of_payment_id ? (
          <DetailItem label={duplicateOfLabel(payment.status)}>
            <ThemeLink asChild>
              <Link href={`/payments/${encodeURIComponent(payment.duplicate_of_payment_id)}`}>Den tidigare inlästa betalningen</Link>
            </ThemeLink>
          </DetailItem>
        ) : null}
      </DataList.Root>
    </Card>
  );
}

function BankFileCard({ statement }: { statement: NonNullable<PaymentDetail['bank_statement']> }) {
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="4">
        Bankfil
      </Heading>
      <DataList.Root orientation={{ initial: 'vertical', xs: 'horizontal' }} size="2">
        <DetailItem label="Fil">{statement.file_name}</DetailItem>
        <DetailItem label="Format">{BANK_FILE_FORMAT_LABELS[statement.file_format] ?? statement.file_format}</DetailItem>
        <DetailItem label="Utdragsdatum">{formatDate(statement.statement_date)}</DetailItem>
        <DetailItem label="Konto">{statement.account_name}</DetailItem>
        <DetailItem label="Avstämning">
          <ReconciliationBadge status={statement.reconciliation_status} />
        </DetailItem>
        <DetailItem label="Rad i filen">
          {statement.line ? (
            <span>
              <Text as="div">Rad {statement.line.line}</Text>
              <Text as="div" size="1" color="gray">
                {[formatAmount(statement.line.amount), formatDate(statement.line.paid_at), statement.line.payer_name, statement.line.reference]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </span>
          ) : (
            <Text color="gray">Originalfilen kan inte läsas</Text>
          )}
        </DetailItem>
      </DataList.Root>
      <Button asChild variant="soft" size="1" mt="4">
        <Link href="/bank-reconciliation">Till bankavstämning</Link>
      </Button>
    </Card>
  );
}
