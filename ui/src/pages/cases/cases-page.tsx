// /cases (spec part 1 §2): one card per case, opening /cases/{id}; 'Skapa ärende' goes to
// /cases/create. The server pages, filters and sorts (an agency may hold 100 000 cases); the
// filters live in the query string so a reload or the back button from a case keeps them.
import { FileTextIcon, MagnifyingGlassIcon, PlusIcon } from '@radix-ui/react-icons';
import { Box, Button, Flex } from '@radix-ui/themes';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { useCases } from '../../api/cases';
import { LIST_PAGE_SIZE } from '../../api/list';
import { TablePager } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { useErrorToast } from '../../components/toast';
import { useAuth } from '../../lib/auth';
import { useCan } from '../../lib/permissions';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { CaseCard, CaseCardSkeletons } from './case-card';
import {
  caseListParams,
  caseListSearch,
  DEFAULT_CASE_LIST_FILTERS,
  hasCaseListFilters,
  parseCaseListFilters,
  withCaseListChange,
  type CaseListFilters,
} from './case-list-filters';
import { CaseListToolbar } from './case-list-toolbar';

export function CasesPage() {
  const canCreate = useCan('cases.write');
  const canFilterByCreditor = useCan('creditors.read');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseCaseListFilters(searchParams), [searchParams]);

  const update = (change: Partial<CaseListFilters>, options: { replace?: boolean } = {}) => {
    setSearchParams(caseListSearch(withCaseListChange(filters, change)), options);
  };

  // The search field runs ahead of the URL while typing; the URL (a reload, the back button,
  // 'Rensa filter') wins whenever it changes.
  const [search, setSearch] = useState(filters.query);
  const [urlQuery, setUrlQuery] = useState(filters.query);
  if (urlQuery !== filters.query) {
    setUrlQuery(filters.query);
    if (search.trim() !== filters.query) setSearch(filters.query);
  }
  const typedQuery = useDebouncedValue(search.trim());
  useEffect(() => {
    if (typedQuery !== filters.query) update({ query: typedQuery }, { replace: true });
    // Only a settled change of the typed text is written; a change of the URL is handled above.
  }, [typedQuery]);

  const { user } = useAuth();
  const { data, error, isLoading, isValidating, mutate } = useCases(caseListParams(filters, LIST_PAGE_SIZE, user?.id ?? null));
  useErrorToast(error, 'Fel vid laddning');

  const clearFilters = () => {
    setSearch('');
    setSearchParams(caseListSearch({ ...DEFAULT_CASE_LIST_FILTERS, sort: filters.sort, order: filters.order }));
  };
  const offset = (filters.page - 1) * LIST_PAGE_SIZE;
  const createButton = canCreate ? (
    <Button asChild>
      <Link href="/cases/create">
        <PlusIcon /> Skapa ärende
      </Link>
    </Button>
  ) : null;

  return (
    <>
      <PageHeader title="Ärenden" description="Alla inkassoärenden i organisationen." actions={createButton} />
      <CaseListToolbar
        filters={filters}
        search={search}
        onSearchChange={setSearch}
        onChange={(change) => update(change)}
        canFilterByCreditor={canFilterByCreditor}
      />

      {error && !data ? (
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      ) : data && data.total === 0 && !isLoading ? (
        <Box className="list-empty">
          {hasCaseListFilters(filters) ? (
            <EmptyState
              icon={<MagnifyingGlassIcon width="22" height="22" />}
              title="Inga ärenden matchar filtren"
              description="Prova ett annat sökord eller ta bort några filter."
              action={
                <Button variant="soft" onClick={clearFilters}>
                  Rensa filter
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<FileTextIcon width="22" height="22" />}
              title="Inga ärenden ännu"
              description="Skapa det första ärendet: välj borgenär och gäldenär och registrera fordran. Ärendet skapas som utkast."
              action={createButton ?? undefined}
            />
          )}
        </Box>
      ) : data && data.items.length === 0 && !isLoading ? (
        <Box className="list-empty">
          <EmptyState
            icon={<FileTextIcon width="22" height="22" />}
            title="Sidan är tom"
            description="Det finns inte så många ärenden längre."
            action={
              <Button variant="soft" onClick={() => update({ page: 1 })}>
                Till första sidan
              </Button>
            }
          />
        </Box>
      ) : (
        <>
          <Flex direction="column" gap="2" className="case-list" data-stale={isValidating && !isLoading} aria-busy={!data}>
            {data ? data.items.map((item) => <CaseCard key={item.id} item={item} />) : <CaseCardSkeletons />}
          </Flex>
          {data ? (
            <TablePager
              offset={offset}
              pageSize={LIST_PAGE_SIZE}
              total={data.total}
              onOffsetChange={(next) => update({ page: Math.floor(next / LIST_PAGE_SIZE) + 1 })}
            />
          ) : null}
        </>
      )}
    </>
  );
}
