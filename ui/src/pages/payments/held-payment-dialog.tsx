// 'Granska' (issue 18): a payment held on import as a possible duplicate, side by side with the
// payment it may repeat and the bank file each came from; a person gives a reason and decides:
// the same payment (nothing is booked) or a new one (booked as the import would have).
import { Box, Button, Callout, Dialog, Flex, Link as ThemeLink, Skeleton, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { useRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useHeldPaymentReview, usePaymentMutations, type HeldPaymentReview, type Payment } from '../../api/payments';
import { orDash, TableCaption } from '../../components/data-table';
import { ErrorState } from '../../components/error-state';
import { ReasonField } from '../../components/reason-field';
import { keepDialogOpenForToasts, useToast } from '../../components/toast';
import { reasonError } from '../../lib/decision-reason';
import { formatAmount, formatDate } from '../../lib/format';
import { BANK_FILE_FORMAT_LABELS, PAYMENT_STATUS_LABELS } from '@fordran/core/labels';
import { useForm } from '../../lib/use-form';
import { HELD_DECISIONS, type HeldDecision } from './held-payment';
import { PaymentStatusBadge } from './payment-status-badge';

export interface HeldPaymentDialogProps {
  /** The held payment to review; null closes the dialog. */
  payment: Payment | null;
  onClose(): void;
}

export function HeldPaymentDialog({ payment, onClose }: HeldPaymentDialogProps) {
  return (
    <Dialog.Root
      open={payment !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Content maxWidth="780px" onInteractOutside={keepDialogOpenForToasts}>
        <Dialog.Title>Granska möjlig dubblett</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Betalningen hölls vid importen eftersom en betalning med samma belopp, betaldatum och OCR/referens redan finns från en annan bankfil, och ingen
          bankreferens skiljer dem åt.
        </Dialog.Description>
        {payment ? <HeldReview key={payment.id} paymentId={payment.id} onClose={onClose} /> : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function HeldReview({ paymentId, onClose }: { paymentId: string; onClose(): void }) {
  const { data, error, mutate } = useHeldPaymentReview(paymentId);
  if (error && !data) return <ErrorState message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <ReviewSkeleton />;
  return (
    <Flex direction="column" gap="4">
      <Comparison review={data} />
      {data.payment.status === 'held' ? (
        <DecisionForm review={data} onDone={onClose} onRefused={() => void mutate()} />
      ) : (
        <>
          <Callout.Root color="gray" variant="surface" role="status">
            <Callout.Text>Betalningen är redan granskad: {PAYMENT_STATUS_LABELS[data.payment.status] ?? data.payment.status}.</Callout.Text>
          </Callout.Root>
          <Flex justify="end">
            <Button variant="soft" color="gray" onClick={onClose}>
              Stäng
            </Button>
          </Flex>
        </>
      )}
    </Flex>
  );
}

type StatementRef = HeldPaymentReview['payment_file'];

/** The bank file a payment came from: name, then format and date; a payment registered by hand has none. */
function BankFile({ file }: { file: StatementRef }) {
  if (!file) return <>Registrerad manuellt</>;
  const format = BANK_FILE_FORMAT_LABELS[file.file_format as keyof typeof BANK_FILE_FORMAT_LABELS] ?? file.file_format;
  return (
    <Flex direction="column">
      <Text className="break-all">{file.file_name}</Text>
      <Text size="1" color="gray">
        {format} · {formatDate(file.statement_date)}
      </Text>
    </Flex>
  );
}

function AllocatedTo({ payment }: { payment: Payment }) {
  if (payment.allocations.length === 0) return <>–</>;
  return (
    <Flex direction="column">
      {payment.allocations.map((allocation) => (
        <ThemeLink key={allocation.id} asChild size="2">
          <Link href={`/cases/${encodeURIComponent(allocation.case_id)}`}>
            {allocation.reference_no} · {formatAmount(allocation.amount)}
          </Link>
        </ThemeLink>
      ))}
    </Flex>
  );
}

/** The two payments field by field, so a person sees at once what they share. */
function Comparison({ review }: { review: HeldPaymentReview }) {
  const { payment, original } = review;
  const rows: Array<[string, ReactNode, ReactNode]> = [
    ['Belopp', <Text weight="bold">{formatAmount(payment.amount)}</Text>, <Text weight="bold">{formatAmount(original.amount)}</Text>],
    ['Betaldatum', formatDate(payment.paid_at), formatDate(original.paid_at)],
    ['OCR / referens', orDash(payment.ocr ?? payment.reference), orDash(original.ocr ?? original.reference)],
    ['Meddelande', orDash(payment.message), orDash(original.message)],
    ['Betalare', orDash(payment.payer_name), orDash(original.payer_name)],
    ['Status', <PaymentStatusBadge status={payment.status} />, <PaymentStatusBadge status={original.status} />],
    ['Avräknad mot', <AllocatedTo payment={payment} />, <AllocatedTo payment={original} />],
    ['Bankfil', <BankFile file={review.payment_file} />, <BankFile file={review.original_file} />],
  ];
  return (
    <Table.Root size="1" variant="surface">
      <TableCaption>Betalningarna sida vid sida</TableCaption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell width="140px">
            <VisuallyHidden>Uppgift</VisuallyHidden>
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Hållen betalning</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Tidigare inläst betalning</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map(([label, held, earlier]) => (
          <Table.Row key={label} align="center">
            <Table.RowHeaderCell>
              <Text size="1" color="gray">
                {label}
              </Text>
            </Table.RowHeaderCell>
            <Table.Cell>{held}</Table.Cell>
            <Table.Cell>{earlier}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

interface DecisionFormProps {
  review: HeldPaymentReview;
  onDone(): void;
  /** The server refused (e.g. someone decided meanwhile): the review is read again. */
  onRefused(): void;
}

function DecisionForm({ review, onDone, onRefused }: DecisionFormProps) {
  const field = useRef<HTMLTextAreaElement>(null);
  const { resolveHeldPayment } = usePaymentMutations();
  const { toast } = useToast();
  const form = useForm(
    { reason: '' },
    {
      validate: ({ reason }) => ({ reason: reasonError(reason) ?? undefined }),
      onInvalid: () => field.current?.focus(),
      failure: 'Fel vid sparande',
      onFailure: onRefused,
      async submit({ reason }, intent) {
        const decision = intent as HeldDecision;
        const payment = await resolveHeldPayment(review.payment.id, { decision, reason: reason.trim() });
        const status = PAYMENT_STATUS_LABELS[payment.status] ?? payment.status;
        toast({
          title: HELD_DECISIONS[decision].done,
          description: `${formatAmount(payment.amount)} · ${formatDate(payment.paid_at)} · ${status}`,
          variant: 'success',
        });
        onDone();
      },
    },
  );
  const decide = (decision: HeldDecision) => void form.submit(decision);

  return (
    <Box>
      <ReasonField
        ref={field}
        placeholder="T.ex. Samma inbetalning som i aviseringen, se kontoutdraget"
        note="Skälet sparas i händelseloggen. Inget är bokfört för den hållna betalningen förrän du har avgjort."
        {...form.input('reason')}
      />
      <Flex gap="3" justify="end" mt="4" wrap="wrap">
        <Dialog.Close>
          <Button type="button" variant="soft" color="gray" disabled={form.isSubmitting}>
            Avbryt
          </Button>
        </Dialog.Close>
        <Button type="button" variant="soft" loading={form.pending === 'book'} disabled={form.isSubmitting} onClick={() => decide('book')}>
          {HELD_DECISIONS.book.action}
        </Button>
        <Button type="button" loading={form.pending === 'duplicate'} disabled={form.isSubmitting} onClick={() => decide('duplicate')}>
          {HELD_DECISIONS.duplicate.action}
        </Button>
      </Flex>
    </Box>
  );
}

function ReviewSkeleton() {
  return (
    <Flex direction="column" gap="2" aria-busy aria-label="Läser in betalningarna">
      {[0, 1, 2, 3, 4].map((row) => (
        <Skeleton key={row} height="28px" />
      ))}
    </Flex>
  );
}
