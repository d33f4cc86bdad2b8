// /payments 'Inbetalningar' (spec part 2 §2, §4, §5, §8; issues 5, 10): the paged payment table,
// sortable by date and amount, with search, paid days and status/method filters; 'Ny inbetalning',
// 'Matcha' and 'Importera'; a payment's date opens its detail view.
import { CardStackIcon, MagnifyingGlassIcon, PlusIcon, UploadIcon } from '@radix-ui/react-icons';
import { Box, Button, Flex } from '@radix-ui/themes';
import { useState } from 'react';
import { LIST_PAGE_SIZE } from '../../api/list';
import { usePayments, type Payment, type PaymentSort } from '../../api/payments';
import { TablePager, usePageOffset, type SortState } from '../../components/data-table';
import { dayRangeParams } from '../../components/day-range-fields';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { useErrorToast } from '../../components/toast';
import { useCan } from '../../lib/permissions';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { ImportPaymentsDialog } from './import-payments-dialog';
import { MatchPaymentDialog } from './match-payment-dialog';
import { NewPaymentDialog } from './new-payment-dialog';
import { NO_PAYMENT_FILTERS, PaymentFilters, type PaymentFilterValues } from './payment-filters';
import { PaymentsTable } from './payments-table';

type DialogState = { kind: 'create' } | { kind: 'import' } | { kind: 'match'; payment: Payment } | null;

export function PaymentsPage() {
  const canWrite = useCan('payments.write');
  const [filters, setFilters] = useState<PaymentFilterValues>(NO_PAYMENT_FILTERS);
  const query = useDebouncedValue(filters.search.trim());
  const days = dayRangeParams(filters.days);
  const [sort, setSort] = useState<SortState<PaymentSort>>({ by: 'paid_at', order: 'desc' });
  const [offset, setOffset] = usePageOffset(JSON.stringify([query, filters.status, filters.method, days, sort]));
  const [dialog, setDialog] = useState<DialogState>(null);

  const { data, error, isLoading, isValidating, mutate } = usePayments(
    days
      ? {
          query,
          status: filters.status === 'all' ? undefined : filters.status,
          method: filters.method === 'all' ? undefined : filters.method,
          ...days,
          sort: sort.by,
          order: sort.order,
          limit: LIST_PAGE_SIZE,
          offset,
        }
      : null,
  );
  useErrorToast(error, 'Fel vid laddning');

  const isFiltered = query !== '' || filters.status !== 'all' || filters.method !== 'all' || Boolean(days?.from || days?.to);
  const closeDialog = () => setDialog(null);
  const writeActions = canWrite ? (
    <>
      <Button variant="soft" onClick={() => setDialog({ kind: 'import' })}>
        <UploadIcon /> Importera
      </Button>
      <Button onClick={() => setDialog({ kind: 'create' })}>
        <PlusIcon /> Ny inbetalning
      </Button>
    </>
  ) : null;

  return (
    <>
      <PageHeader title="Inbetalningar" description="Inkomna betalningar och avräkning mot ärenden." actions={writeActions} />

      <PaymentFilters values={filters} onChange={setFilters} />

      {error && !data ? (
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      ) : data && data.total === 0 && !isLoading ? (
        <Box className="list-empty">
          {isFiltered ? (
            <EmptyState
              icon={<MagnifyingGlassIcon width="22" height="22" />}
              title="Inga inbetalningar matchar sökningen"
              description="Prova ett annat sökord, andra datum, en annan status eller ett annat betalsätt."
              action={
                <Button variant="soft" onClick={() => setFilters(NO_PAYMENT_FILTERS)}>
                  Rensa filter
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<CardStackIcon width="22" height="22" />}
              title="Inga inbetalningar registrerade"
              description="Registrera en inbetalning eller importera en bankfil från BgMax, camt.053 eller CSV."
              action={writeActions ? <Flex gap="2">{writeActions}</Flex> : undefined}
            />
          )}
        </Box>
      ) : (
        <>
          <PaymentsTable
            payments={data?.items}
            sort={sort}
            onSort={setSort}
            isStale={isValidating && !isLoading}
            onMatch={canWrite ? (payment) => setDialog({ kind: 'match', payment }) : null}
          />
          {data ? <TablePager offset={offset} pageSize={LIST_PAGE_SIZE} total={data.total} onOffsetChange={setOffset} /> : null}
        </>
      )}

      <NewPaymentDialog open={dialog?.kind === 'create'} onOpenChange={(open) => setDialog(open ? { kind: 'create' } : null)} />
      <ImportPaymentsDialog open={dialog?.kind === 'import'} onOpenChange={(open) => setDialog(open ? { kind: 'import' } : null)} />
      <MatchPaymentDialog payment={dialog?.kind === 'match' ? dialog.payment : null} onClose={closeDialog} />
    </>
  );
}
