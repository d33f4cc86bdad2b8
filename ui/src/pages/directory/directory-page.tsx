// The list page of a directory (spec part 1 §2: 'Kunder (Borgenärer)', 'Parter (Gäldenärer)'):
// the paged list with search, status and the definition's filters, sorting, the create/edit
// dialog and activate/inactivate; a name opens the record's page with its cases.
import { MagnifyingGlassIcon, PlusIcon } from '@radix-ui/react-icons';
import { Box, Button, Flex, Select, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import type { DirectoryListParams, DirectoryRecord } from '../../api/directory';
import { LIST_PAGE_SIZE } from '../../api/list';
import { TablePager, usePageOffset, type SortState } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { useErrorToast } from '../../components/toast';
import { useCan } from '../../lib/permissions';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import type { DirectoryDefinition, DirectoryFilter } from './directory-definition';
import { useDeactivation } from './directory-status';
import { DirectoryTable } from './directory-table';

type DialogState<T> = { record: T | null } | null;

const STATUS_FILTER: DirectoryFilter = {
  param: 'status',
  label: 'Filtrera på status',
  options: [
    { value: 'all', label: 'Alla statusar' },
    { value: 'active', label: 'Aktiva' },
    { value: 'inactive', label: 'Inaktiva' },
  ],
};

/** The list's search, filters, sort and page, and the page of records they ask for. */
function useDirectoryList<T extends DirectoryRecord, Sort extends string, Params extends DirectoryListParams<Sort>>(def: DirectoryDefinition<T, Sort, Params>) {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim());
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [sort, setSort] = useState<SortState<Sort>>({ by: 'name' as Sort, order: 'asc' });
  const [offset, setOffset] = usePageOffset(JSON.stringify([query, chosen, sort]));
  const list = def.useList({ ...chosen, query, sort: sort.by, order: sort.order, limit: LIST_PAGE_SIZE, offset } as Params);
  useErrorToast(list.error, 'Fel vid laddning');
  return {
    ...list,
    search,
    setSearch,
    chosen,
    choose: (param: string, value: string) => setChosen(withFilter(chosen, param, value)),
    isFiltered: query !== '' || Object.keys(chosen).length > 0,
    clearFilters: () => {
      setSearch('');
      setChosen({});
    },
    sort,
    setSort,
    offset,
    setOffset,
  };
}

export function DirectoryPage<T extends DirectoryRecord, Sort extends string, Params extends DirectoryListParams<Sort>>({
  def,
}: {
  def: DirectoryDefinition<T, Sort, Params>;
}) {
  const canWrite = useCan(def.write);
  const list = useDirectoryList(def);
  const { data } = list;
  const [dialog, setDialog] = useState<DialogState<T>>(null);
  const deactivation = useDeactivation(def);
  const newButton = canWrite ? (
    <Button onClick={() => setDialog({ record: null })}>
      <PlusIcon /> Ny {def.noun.one}
    </Button>
  ) : undefined;

  return (
    <>
      <PageHeader title={def.title} description={def.description} actions={newButton ?? null} />
      <Flex gap="3" mb="4" wrap="wrap" align="center">
        <SearchField value={list.search} onChange={list.setSearch} {...def.search} />
        {[...(def.filters ?? []), STATUS_FILTER].map((filter) => (
          <FilterSelect key={filter.param} filter={filter} value={list.chosen[filter.param]} onChange={(value) => list.choose(filter.param, value)} />
        ))}
      </Flex>

      {list.error && !data ? (
        <ErrorState message={list.error.message} onRetry={() => void list.mutate()} />
      ) : data && data.total === 0 && !list.isLoading ? (
        <Box className="list-empty">
          {list.isFiltered ? (
            <NoMatch def={def} onClear={list.clearFilters} />
          ) : (
            <EmptyState icon={def.icon} title={`Inga ${def.noun.many} ännu`} description={def.empty.description} action={newButton} />
          )}
        </Box>
      ) : (
        <>
          <DirectoryTable
            def={def}
            page={data}
            isStale={list.isValidating && !list.isLoading}
            sort={list.sort}
            onSort={list.setSort}
            canWrite={canWrite}
            onEdit={(record) => setDialog({ record })}
            onDeactivate={deactivation.ask}
          />
          {data ? <TablePager offset={list.offset} pageSize={LIST_PAGE_SIZE} total={data.total} onOffsetChange={list.setOffset} /> : null}
        </>
      )}

      <def.Dialog open={dialog !== null} record={dialog?.record ?? null} onOpenChange={(open) => (open ? undefined : setDialog(null))} />
      {deactivation.dialog}
    </>
  );
}

function NoMatch({ def, onClear }: { def: Pick<DirectoryDefinition<DirectoryRecord, string>, 'noun' | 'noMatch'>; onClear(): void }) {
  return (
    <EmptyState
      icon={<MagnifyingGlassIcon width="22" height="22" />}
      title={`Inga ${def.noun.many} matchar sökningen`}
      description={def.noMatch.description}
      action={
        <Button variant="soft" onClick={onClear}>
          Rensa filter
        </Button>
      }
    />
  );
}

/** The filters chosen with `param` set to `value` ('all' leaves it out). */
function withFilter(chosen: Record<string, string>, param: string, value: string): Record<string, string> {
  const next = { ...chosen };
  delete next[param];
  return value === 'all' ? next : { ...next, [param]: value };
}

function SearchField({ value, onChange, placeholder, label }: { value: string; onChange(value: string): void; placeholder: string; label: string }) {
  return (
    <Box flexGrow="1" maxWidth="420px" minWidth="220px">
      <TextField.Root type="search" value={value} placeholder={placeholder} aria-label={label} onChange={(event) => onChange(event.target.value)}>
        <TextField.Slot>
          <MagnifyingGlassIcon />
        </TextField.Slot>
      </TextField.Root>
    </Box>
  );
}

function FilterSelect({ filter, value, onChange }: { filter: DirectoryFilter; value: string | undefined; onChange(value: string): void }) {
  return (
    <Select.Root value={value ?? 'all'} onValueChange={onChange}>
      <Select.Trigger aria-label={filter.label} />
      <Select.Content position="popper">
        {filter.options.map((option) => (
          <Select.Item key={option.value} value={option.value}>
            {option.label}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}
