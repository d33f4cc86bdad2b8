// /customers 'Kunder (Borgenärer)' (spec part 1 §2): the paged list with search, status filter
// and sorting, the create/edit dialog and activate/inactivate; a name opens the creditor's page
// with its cases.
import { DotsHorizontalIcon, IdCardIcon, MagnifyingGlassIcon, Pencil1Icon, PlusIcon } from '@radix-ui/react-icons';
import { Box, Button, DropdownMenu, Flex, IconButton, Link as ThemeLink, Select, Table, Text, TextField, VisuallyHidden } from '@radix-ui/themes';
import { Link } from 'wouter';
import { useState } from 'react';
import { useCreditorMutations, useCreditors, type Creditor, type CreditorSort } from '../../api/creditors';
import { LIST_PAGE_SIZE, type RecordStatus } from '../../api/list';
import { orDash, RecordStatusBadge, SortableHeader, TablePager, TableSkeletonRows, usePageOffset, type SortState } from '../../components/data-table';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { useErrorToast, useToast } from '../../components/toast';
import { formatDate } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { CustomerDialog } from './customer-dialog';

type StatusFilter = RecordStatus | 'all';
type DialogState = { mode: 'create' } | { mode: 'edit'; creditor: Creditor } | null;

const COLUMN_COUNT = 7;

export function CustomersPage() {
  const canWrite = useCan('creditors.write');
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim());
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<SortState<CreditorSort>>({ by: 'name', order: 'asc' });
  const [offset, setOffset] = usePageOffset(`${query}|${status}|${sort.by}|${sort.order}`);
  const [dialog, setDialog] = useState<DialogState>(null);
  // The creditor being deactivated stays while the confirmation closes (its row may leave the list).
  const [deactivating, setDeactivating] = useState<Creditor | null>(null);
  const [isDeactivateOpen, setDeactivateOpen] = useState(false);
  const changeStatus = useCreditorStatus();
  const askDeactivate = (creditor: Creditor) => {
    setDeactivating(creditor);
    setDeactivateOpen(true);
  };

  const { data, error, isLoading, isValidating, mutate } = useCreditors({
    query,
    status: status === 'all' ? undefined : status,
    sort: sort.by,
    order: sort.order,
    limit: LIST_PAGE_SIZE,
    offset,
  });
  useErrorToast(error, 'Fel vid laddning');

  const isFiltered = query !== '' || status !== 'all';
  const openCreate = () => setDialog({ mode: 'create' });

  return (
    <>
      <PageHeader
        title="Kunder (Borgenärer)"
        description="Borgenärer som organisationen driver ärenden för."
        actions={
          canWrite ? (
            <Button onClick={openCreate}>
              <PlusIcon /> Ny kund
            </Button>
          ) : null
        }
      />

      <Flex gap="3" mb="4" wrap="wrap" align="center">
        <Box flexGrow="1" maxWidth="420px" minWidth="220px">
          <TextField.Root
            type="search"
            value={search}
            placeholder="Sök på namn, org.nr eller kundnummer"
            aria-label="Sök kunder"
            onChange={(event) => setSearch(event.target.value)}
          >
            <TextField.Slot>
              <MagnifyingGlassIcon />
            </TextField.Slot>
          </TextField.Root>
        </Box>
        <Select.Root value={status} onValueChange={(value) => setStatus(value as StatusFilter)}>
          <Select.Trigger aria-label="Filtrera på status" />
          <Select.Content position="popper">
            <Select.Item value="all">Alla statusar</Select.Item>
            <Select.Item value="active">Aktiva</Select.Item>
            <Select.Item value="inactive">Inaktiva</Select.Item>
          </Select.Content>
        </Select.Root>
      </Flex>

      {error && !data ? (
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      ) : data && data.total === 0 && !isLoading ? (
        <Box className="list-empty">
          {isFiltered ? (
            <EmptyState
              icon={<MagnifyingGlassIcon width="22" height="22" />}
              title="Inga kunder matchar sökningen"
              description="Prova ett annat sökord eller en annan status."
              action={
                <Button
                  variant="soft"
                  onClick={() => {
                    setSearch('');
                    setStatus('all');
                  }}
                >
                  Rensa filter
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<IdCardIcon width="22" height="22" />}
              title="Inga kunder ännu"
              description="Lägg till den första borgenären du driver ärenden för. Sök på organisationsnumret så fylls företagsuppgifterna i."
              action={
                canWrite ? (
                  <Button onClick={openCreate}>
                    <PlusIcon /> Ny kund
                  </Button>
                ) : undefined
              }
            />
          )}
        </Box>
      ) : (
        <>
          <Table.Root variant="surface" className="data-table" data-stale={isValidating && !isLoading}>
            <Table.Header>
              <Table.Row>
                <SortableHeader column="name" sort={sort} onSort={setSort}>
                  Namn
                </SortableHeader>
                <Table.ColumnHeaderCell>Org.nr</Table.ColumnHeaderCell>
                <SortableHeader column="customer_no" sort={sort} onSort={setSort}>
                  Kundnummer
                </SortableHeader>
                <Table.ColumnHeaderCell>Kontakt</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                <SortableHeader column="created_at" sort={sort} onSort={setSort}>
                  Skapad
                </SortableHeader>
                <Table.ColumnHeaderCell width="48px">
                  <VisuallyHidden>Åtgärder</VisuallyHidden>
                </Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {!data ? (
                <TableSkeletonRows columns={COLUMN_COUNT} />
              ) : (
                data.items.map((creditor) => (
                  <CreditorRow
                    key={creditor.id}
                    creditor={creditor}
                    canWrite={canWrite}
                    onEdit={() => setDialog({ mode: 'edit', creditor })}
                    onDeactivate={() => askDeactivate(creditor)}
                  />
                ))
              )}
            </Table.Body>
          </Table.Root>
          {data ? <TablePager offset={offset} pageSize={LIST_PAGE_SIZE} total={data.total} onOffsetChange={setOffset} /> : null}
        </>
      )}

      <CustomerDialog
        open={dialog !== null}
        creditor={dialog?.mode === 'edit' ? dialog.creditor : null}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
      />
      <ConfirmDialog
        open={isDeactivateOpen}
        title={`Inaktivera ${deactivating?.name ?? 'kunden'}?`}
        description="En inaktiv kund kan inte väljas i nya ärenden. Pågående ärenden drivs vidare som vanligt."
        confirmLabel="Inaktivera"
        reason={{ missing: 'Ange varför kunden inaktiveras', placeholder: 'T.ex. Avslutat samarbete' }}
        onConfirm={(reason) => (deactivating ? changeStatus(deactivating, 'inactive', reason) : Promise.resolve())}
        onOpenChange={setDeactivateOpen}
      />
    </>
  );
}

/** Sets a creditor's status with its toast; rejects on failure (a confirmation then stays open). */
function useCreditorStatus(): (creditor: Creditor, status: RecordStatus, reason?: string) => Promise<void> {
  const { updateCreditor } = useCreditorMutations();
  const { toast } = useToast();
  return async (creditor, status, reason) => {
    try {
      await updateCreditor(creditor.id, { status, ...(reason ? { reason } : {}) });
      toast({ title: status === 'active' ? 'Kund aktiverad' : 'Kund inaktiverad', description: creditor.name, variant: 'success' });
    } catch (statusError) {
      toast({ title: 'Fel vid uppdatering', description: (statusError as Error).message, variant: 'destructive' });
      throw statusError;
    }
  };
}

function CreditorRow({ creditor, canWrite, onEdit, onDeactivate }: { creditor: Creditor; canWrite: boolean; onEdit(): void; onDeactivate(): void }) {
  const changeStatus = useCreditorStatus();
  const contact = creditor.contact_json ?? {};
  const contactLine = [contact.email, contact.phone].filter(Boolean).join(' · ');

  return (
    <Table.Row align="center">
      <Table.RowHeaderCell>
        <ThemeLink asChild weight="medium">
          <Link href={`/customers/${encodeURIComponent(creditor.id)}`}>{creditor.name}</Link>
        </ThemeLink>
      </Table.RowHeaderCell>
      <Table.Cell className="nowrap">{orDash(creditor.org_no)}</Table.Cell>
      <Table.Cell>{orDash(creditor.customer_no)}</Table.Cell>
      <Table.Cell>
        {contact.name || contactLine ? (
          <Flex direction="column">
            {contact.name ? <Text size="2">{contact.name}</Text> : null}
            {contactLine ? (
              <Text size="1" color="gray">
                {contactLine}
              </Text>
            ) : null}
          </Flex>
        ) : (
          '–'
        )}
      </Table.Cell>
      <Table.Cell>
        <RecordStatusBadge status={creditor.status} />
      </Table.Cell>
      <Table.Cell className="nowrap">{formatDate(creditor.created_at)}</Table.Cell>
      <Table.Cell justify="end">
        {canWrite ? (
          <DropdownMenu.Root>
            <DropdownMenu.Trigger>
              <IconButton variant="ghost" color="gray" aria-label={`Åtgärder för ${creditor.name}`}>
                <DotsHorizontalIcon />
              </IconButton>
            </DropdownMenu.Trigger>
            <DropdownMenu.Content align="end">
              <DropdownMenu.Item onSelect={onEdit}>
                <Pencil1Icon /> Redigera
              </DropdownMenu.Item>
              <DropdownMenu.Item
                color={creditor.status === 'active' ? 'red' : undefined}
                onSelect={() => (creditor.status === 'active' ? onDeactivate() : void changeStatus(creditor, 'active').catch(() => undefined))}
              >
                {creditor.status === 'active' ? 'Inaktivera' : 'Aktivera'}
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Root>
        ) : null}
      </Table.Cell>
    </Table.Row>
  );
}
