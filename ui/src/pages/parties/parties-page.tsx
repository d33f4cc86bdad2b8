// /parties 'Parter (Gäldenärer)' (spec part 1 §2): the paged list with search, type and status
// filters and sorting, the create/edit dialog and activate/inactivate; a name opens the party's
// page with its cases.
import { DotsHorizontalIcon, MagnifyingGlassIcon, Pencil1Icon, PersonIcon, PlusIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, DropdownMenu, Flex, IconButton, Link as ThemeLink, Select, Table, TextField, VisuallyHidden } from '@radix-ui/themes';
import { Link } from 'wouter';
import { useState } from 'react';
import { LIST_PAGE_SIZE, type RecordStatus } from '../../api/list';
import { PARTY_TYPE_LABELS, useParties, usePartyMutations, type Party, type PartySort, type PartyType } from '../../api/parties';
import { orDash, RecordStatusBadge, SortableHeader, TablePager, TableSkeletonRows, usePageOffset, type SortState } from '../../components/data-table';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { useErrorToast, useToast } from '../../components/toast';
import { formatDate, formatNationalId } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { PartyDialog } from './party-dialog';

type StatusFilter = RecordStatus | 'all';
type TypeFilter = PartyType | 'all';
type DialogState = { mode: 'create' } | { mode: 'edit'; party: Party } | null;

const COLUMN_COUNT = 9;

/** The identifier shown for a party: personnummer for a person, org.nr for a company. */
export function partyIdentifier(party: Party): string | null {
  if (party.type === 'person') return party.national_id ? formatNationalId(party.national_id) : null;
  return party.org_no;
}

export function PartiesPage() {
  const canWrite = useCan('parties.write');
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim());
  const [status, setStatus] = useState<StatusFilter>('all');
  const [type, setType] = useState<TypeFilter>('all');
  const [sort, setSort] = useState<SortState<PartySort>>({ by: 'name', order: 'asc' });
  const [offset, setOffset] = usePageOffset(`${query}|${status}|${type}|${sort.by}|${sort.order}`);
  const [dialog, setDialog] = useState<DialogState>(null);
  // The party being deactivated stays while the confirmation closes (its row may leave the list).
  const [deactivating, setDeactivating] = useState<Party | null>(null);
  const [isDeactivateOpen, setDeactivateOpen] = useState(false);
  const changeStatus = usePartyStatus();
  const askDeactivate = (party: Party) => {
    setDeactivating(party);
    setDeactivateOpen(true);
  };

  const { data, error, isLoading, isValidating, mutate } = useParties({
    query,
    status: status === 'all' ? undefined : status,
    type: type === 'all' ? undefined : type,
    sort: sort.by,
    order: sort.order,
    limit: LIST_PAGE_SIZE,
    offset,
  });
  useErrorToast(error, 'Fel vid laddning');

  const isFiltered = query !== '' || status !== 'all' || type !== 'all';
  const openCreate = () => setDialog({ mode: 'create' });

  return (
    <>
      <PageHeader
        title="Parter (Gäldenärer)"
        description="Personer och företag som ärendena gäller."
        actions={
          canWrite ? (
            <Button onClick={openCreate}>
              <PlusIcon /> Ny part
            </Button>
          ) : null
        }
      />

      <Flex gap="3" mb="4" wrap="wrap" align="center">
        <Box flexGrow="1" maxWidth="420px" minWidth="220px">
          <TextField.Root
            type="search"
            value={search}
            placeholder="Sök på namn, personnr eller org.nr"
            aria-label="Sök parter"
            onChange={(event) => setSearch(event.target.value)}
          >
            <TextField.Slot>
              <MagnifyingGlassIcon />
            </TextField.Slot>
          </TextField.Root>
        </Box>
        <Select.Root value={type} onValueChange={(value) => setType(value as TypeFilter)}>
          <Select.Trigger aria-label="Filtrera på typ" />
          <Select.Content position="popper">
            <Select.Item value="all">Alla typer</Select.Item>
            <Select.Item value="person">Personer</Select.Item>
            <Select.Item value="company">Företag</Select.Item>
          </Select.Content>
        </Select.Root>
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
              title="Inga parter matchar sökningen"
              description="Prova ett annat sökord, en annan typ eller en annan status."
              action={
                <Button
                  variant="soft"
                  onClick={() => {
                    setSearch('');
                    setStatus('all');
                    setType('all');
                  }}
                >
                  Rensa filter
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<PersonIcon width="22" height="22" />}
              title="Inga parter ännu"
              description="Lägg till den första gäldenären. Sök på organisations- eller personnummer så fylls uppgifterna i."
              action={
                canWrite ? (
                  <Button onClick={openCreate}>
                    <PlusIcon /> Ny part
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
                <Table.ColumnHeaderCell>Typ</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Personnr / org.nr</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>E-post</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Telefon</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Ort</Table.ColumnHeaderCell>
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
                data.items.map((party) => (
                  <PartyRow
                    key={party.id}
                    party={party}
                    canWrite={canWrite}
                    onEdit={() => setDialog({ mode: 'edit', party })}
                    onDeactivate={() => askDeactivate(party)}
                  />
                ))
              )}
            </Table.Body>
          </Table.Root>
          {data ? <TablePager offset={offset} pageSize={LIST_PAGE_SIZE} total={data.total} onOffsetChange={setOffset} /> : null}
        </>
      )}

      <PartyDialog
        open={dialog !== null}
        party={dialog?.mode === 'edit' ? dialog.party : null}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
      />
      <ConfirmDialog
        open={isDeactivateOpen}
        title={`Inaktivera ${deactivating?.name ?? 'parten'}?`}
        description="En inaktiv part kan inte väljas i nya ärenden. Pågående ärenden drivs vidare som vanligt."
        confirmLabel="Inaktivera"
        reason={{ missing: 'Ange varför parten inaktiveras', placeholder: 'T.ex. Avliden, ersatt av en annan post' }}
        onConfirm={(reason) => (deactivating ? changeStatus(deactivating, 'inactive', reason) : Promise.resolve())}
        onOpenChange={setDeactivateOpen}
      />
    </>
  );
}

/** Sets a party's status with its toast; rejects on failure (a confirmation then stays open). */
function usePartyStatus(): (party: Party, status: RecordStatus, reason?: string) => Promise<void> {
  const { updateParty } = usePartyMutations();
  const { toast } = useToast();
  return async (party, status, reason) => {
    try {
      await updateParty(party.id, { status, ...(reason ? { reason } : {}) });
      toast({ title: status === 'active' ? 'Part aktiverad' : 'Part inaktiverad', description: party.name, variant: 'success' });
    } catch (statusError) {
      toast({ title: 'Fel vid uppdatering', description: (statusError as Error).message, variant: 'destructive' });
      throw statusError;
    }
  };
}

function PartyRow({ party, canWrite, onEdit, onDeactivate }: { party: Party; canWrite: boolean; onEdit(): void; onDeactivate(): void }) {
  const changeStatus = usePartyStatus();

  return (
    <Table.Row align="center">
      <Table.RowHeaderCell>
        <ThemeLink asChild weight="medium">
          <Link href={`/parties/${encodeURIComponent(party.id)}`}>{party.name}</Link>
        </ThemeLink>
      </Table.RowHeaderCell>
      <Table.Cell>
        <Badge color={party.type === 'person' ? 'blue' : 'violet'} variant="soft" radius="full">
          {PARTY_TYPE_LABELS[party.type] ?? party.type}
        </Badge>
      </Table.Cell>
      <Table.Cell className="nowrap">{orDash(partyIdentifier(party))}</Table.Cell>
      <Table.Cell>{orDash(party.email)}</Table.Cell>
      <Table.Cell className="nowrap">{orDash(party.phone)}</Table.Cell>
      <Table.Cell>{orDash(party.address_json?.city)}</Table.Cell>
      <Table.Cell>
        <RecordStatusBadge status={party.status} />
      </Table.Cell>
      <Table.Cell className="nowrap">{formatDate(party.created_at)}</Table.Cell>
      <Table.Cell justify="end">
        {canWrite ? (
          <DropdownMenu.Root>
            <DropdownMenu.Trigger>
              <IconButton variant="ghost" color="gray" aria-label={`Åtgärder för ${party.name}`}>
                <DotsHorizontalIcon />
              </IconButton>
            </DropdownMenu.Trigger>
            <DropdownMenu.Content align="end">
              <DropdownMenu.Item onSelect={onEdit}>
                <Pencil1Icon /> Redigera
              </DropdownMenu.Item>
              <DropdownMenu.Item
                color={party.status === 'active' ? 'red' : undefined}
                onSelect={() => (party.status === 'active' ? onDeactivate() : void changeStatus(party, 'active').catch(() => undefined))}
              >
                {party.status === 'active' ? 'Inaktivera' : 'Aktivera'}
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Root>
        ) : null}
      </Table.Cell>
    </Table.Row>
  );
}
