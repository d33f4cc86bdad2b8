// The payment table: date (a link to the payment), method, amount, OCR/reference, payer, status and
// the cases the payment was allocated to, in the API's order; the date and amount headers sort.
import { Link2Icon, MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Button, Flex, Link as ThemeLink, Table, Text } from '@radix-ui/themes';
import { Link } from 'wouter';
import type { Payment, PaymentSort } from '../../api/payments';
import { orDash, SortableHeader, TableSkeletonRows, type SortState, ActionsColumnHeader } from '../../components/data-table';
import { formatAmount, formatDate } from '../../lib/format';
import { canMatchPayment } from './allocation-amount';
import { paymentMethodLabel } from './payment-labels';
import { PaymentStatusBadge } from './payment-status-badge';

const READ_COLUMN_COUNT = 7;

export interface PaymentsTableProps {
  /** Undefined while the first page loads. */
  payments: Payment[] | undefined;
  sort: SortState<PaymentSort>;
  onSort(sort: SortState<PaymentSort>): void;
  isStale: boolean;
  /** Null hides the 'Matcha' buttons (no payments.write). */
  onMatch: ((payment: Payment) => void) | null;
  /** 'Granska' of a payment held as a possible duplicate; null with onMatch. */
  onReviewHeld: ((payment: Payment) => void) | null;
}

export function PaymentsTable({ payments, sort, onSort, isStale, onMatch, onReviewHeld }: PaymentsTableProps) {
  return (
    <Table.Root variant="surface" className="data-table" data-stale={isStale}>
      <Table.Header>
        <Table.Row>
          <SortableHeader column="paid_at" sort={sort} onSort={onSort}>
            Datum
          </SortableHeader>
          <Table.ColumnHeaderCell>Betalsätt</Table.ColumnHeaderCell>
          <SortableHeader column="amount" sort={sort} onSort={onSort} justify="end">
            Belopp
          </SortableHeader>
          <Table.ColumnHeaderCell>OCR / referens</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Betalare</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Avräknad mot</Table.ColumnHeaderCell>
          {onMatch ? <ActionsColumnHeader /> : null}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {payments ? (
          payments.map((payment) => (
            <PaymentRow
              key={payment.id}
              payment={payment}
              hasActions={onMatch !== null}
              onMatch={onMatch && canMatchPayment(payment) ? () => onMatch(payment) : null}
              onReviewHeld={onReviewHeld && payment.status === 'held' ? () => onReviewHeld(payment) : null}
            />
          ))
        ) : (
          <TableSkeletonRows columns={READ_COLUMN_COUNT + (onMatch ? 1 : 0)} />
        )}
      </Table.Body>
    </Table.Root>
  );
}

interface PaymentRowProps {
  payment: Payment;
  /** The member may write: the row has an action cell (empty when the payment has nothing left). */
  hasActions: boolean;
  onMatch: (() => void) | null;
  onReviewHeld: (() => void) | null;
}

function PaymentRow({ payment, hasActions, onMatch, onReviewHeld }: PaymentRowProps) {
  const hasRemainder = payment.status === 'partially_allocated';
  return (
    <Table.Row align="center">
      <Table.RowHeaderCell className="nowrap">
        <ThemeLink asChild>
          <Link
            href={`/payments/${encodeURIComponent(payment.id)}`}
            aria-label={`Visa inbetalning ${formatAmount(payment.amount)} ${formatDate(payment.paid_at)}`}
          >
            {formatDate(payment.paid_at)}
          </Link>
        </ThemeLink>
      </Table.RowHeaderCell>
      <Table.Cell>{paymentMethodLabel(payment.method)}</Table.Cell>
      <Table.Cell justify="end" className="nowrap">
        <Flex direction="column" align="end">
          <Text weight="medium">{formatAmount(payment.amount)}</Text>
          {hasRemainder ? (
            <Text size="1" color="amber">
              {formatAmount(payment.unallocated_amount)} kvar
            </Text>
          ) : null}
        </Flex>
      </Table.Cell>
      <Table.Cell>
        <ReferenceCell payment={payment} />
      </Table.Cell>
      <Table.Cell>{orDash(payment.payer_name)}</Table.Cell>
      <Table.Cell>
        <PaymentStatusBadge status={payment.status} />
      </Table.Cell>
      <Table.Cell>
        <AllocatedCases payment={payment} />
      </Table.Cell>
      {hasActions ? (
        <Table.Cell justify="end">
          {onMatch ? (
            <Button size="1" variant="soft" onClick={onMatch} aria-label={`Matcha inbetalning ${formatAmount(payment.amount)} ${formatDate(payment.paid_at)}`}>
              <Link2Icon /> Matcha
            </Button>
          ) : null}
          {onReviewHeld ? (
            <Button
              size="1"
              variant="soft"
              color="orange"
              onClick={onReviewHeld}
              aria-label={`Granska möjlig dubblett ${formatAmount(payment.amount)} ${formatDate(payment.paid_at)}`}
            >
              <MagnifyingGlassIcon /> Granska
            </Button>
          ) : null}
        </Table.Cell>
      ) : null}
    </Table.Row>
  );
}

/** The OCR number, else the reference; the free-text message below in gray. */
function ReferenceCell({ payment }: { payment: Payment }) {
  const reference = payment.ocr ?? payment.reference;
  if (!reference && !payment.message) return <>–</>;
  return (
    <Flex direction="column" className="payment-reference">
      {reference ? <Text className="tabular">{reference}</Text> : null}
      {payment.message ? (
        <Text size="1" color="gray" truncate title={payment.message}>
          {payment.message}
        </Text>
      ) : null}
    </Flex>
  );
}

function AllocatedCases({ payment }: { payment: Payment }) {
  if (payment.allocations.length === 0) return <>–</>;
  return (
    <Flex direction="column" gap="1">
      {payment.allocations.map((allocation) => (
        <Flex key={allocation.id} direction="column">
          <ThemeLink asChild size="2">
            <Link href={`/cases/${encodeURIComponent(allocation.case_id)}`}>{allocation.reference_no}</Link>
          </ThemeLink>
          <Text size="1" color="gray" className="nowrap">
            {formatAmount(allocation.amount)}
          </Text>
        </Flex>
      ))}
    </Flex>
  );
}
