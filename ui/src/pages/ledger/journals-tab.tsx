// 'Journaler' (spec part 2 §2, §7): journals newest first, 50 a page, paged by cursor beyond the
// latest 50, filtered by booked days, source and account; a row opens to show its entries with
// account code and name, debit and credit, the case and the creditor.
import { ChevronDownIcon, ChevronRightIcon, MagnifyingGlassIcon, ReaderIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Flex, IconButton, Link as RadixLink, Select, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { Fragment, useState } from 'react';
import { Link } from 'wouter';
import { useLedgerAccounts, useLedgerJournals, type LedgerJournal } from '../../api/ledger';
import { LIST_PAGE_SIZE } from '../../api/list';
import { CursorPager, TableSkeletonRows, useCursorPages } from '../../components/data-table';
import { dayRangeParams, DayRangeFields, NO_DAY_RANGE, type DayRange } from '../../components/day-range-fields';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { useErrorToast } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { JournalEntries } from './journal-entries';
import { LedgerAmount } from './ledger-amount';
import { LEDGER_JOURNAL_SOURCE_LABELS } from '@fordran/core/labels';
import { journalSourceColor, journalSourceLabel } from './ledger-labels';

const COLUMN_COUNT = 6;
const ALL = 'all';

interface JournalFilters {
  days: DayRange;
  source: string;
  account: string;
}

const NO_FILTERS: JournalFilters = { days: NO_DAY_RANGE, source: ALL, account: ALL };

export function JournalsTab() {
  const [filters, setFilters] = useState<JournalFilters>(NO_FILTERS);
  const days = dayRangeParams(filters.days);
  const pages = useCursorPages(JSON.stringify([days, filters.source, filters.account]));
  const { data, error, isLoading, isValidating, mutate } = useLedgerJournals(
    days
      ? {
          ...days,
          ...(filters.source === ALL ? {} : { source: filters.source }),
          ...(filters.account === ALL ? {} : { account: filters.account }),
          ...(pages.cursor ? { cursor: pages.cursor } : {}),
          limit: LIST_PAGE_SIZE,
        }
      : null,
  );
  useErrorToast(error, 'Fel vid laddning');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const isFiltered = Boolean(days?.from || days?.to) || filters.source !== ALL || filters.account !== ALL;

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const filterRow = <JournalFilterRow filters={filters} onChange={setFilters} />;
  if (error && !data) {
    return (
      <>
        {filterRow}
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      </>
    );
  }
  if (data && data.journals.length === 0 && !isLoading) {
    return (
      <>
        {filterRow}
        <Box className="list-empty">
          {isFiltered ? (
            <EmptyState
              icon={<MagnifyingGlassIcon width="22" height="22" />}
              title="Inga verifikationer matchar filtren"
              description="Prova andra datum, en annan källa eller ett annat konto."
              action={
                <Button variant="soft" onClick={() => setFilters(NO_FILTERS)}>
                  Rensa filter
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<ReaderIcon width="22" height="22" />}
              title="Inga verifikationer ännu"
              description="Verifikationer bokförs när ärenden registreras, avgifter och ränta läggs till och inbetalningar avräknas."
            />
          )}
        </Box>
      </>
    );
  }

  return (
    <>
      {filterRow}
      <Table.Root variant="surface" className="data-table ledger-journals" data-stale={isValidating && !isLoading}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell width="44px">
              <VisuallyHidden>Visa konteringar</VisuallyHidden>
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Bokförd</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Källa</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Ärende</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Debet</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Kredit</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {!data ? (
            <TableSkeletonRows columns={COLUMN_COUNT} />
          ) : (
            data.journals.map((journal) => (
              <Fragment key={journal.id}>
                <JournalRow journal={journal} isOpen={open.has(journal.id)} onToggle={() => toggle(journal.id)} />
                {open.has(journal.id) ? <EntriesRow journal={journal} /> : null}
              </Fragment>
            ))
          )}
        </Table.Body>
      </Table.Root>
      {data ? <CursorPager pages={pages} pageSize={LIST_PAGE_SIZE} rowCount={data.journals.length} nextCursor={data.next_cursor} /> : null}
      <Text as="p" size="1" color="gray" mt="2">
        Nyaste först, {LIST_PAGE_SIZE} per sida.
      </Text>
    </>
  );
}

/** Booked days, source and account (the organisation's chart of accounts). */
function JournalFilterRow({ filters, onChange }: { filters: JournalFilters; onChange(filters: JournalFilters): void }) {
  const { data: chart } = useLedgerAccounts();
  return (
    <Flex gap="3" mb="4" wrap="wrap" align="end">
      <DayRangeFields label="Bokförd" value={filters.days} onChange={(days) => onChange({ ...filters, days })} />
      <Select.Root value={filters.source} onValueChange={(source) => onChange({ ...filters, source })}>
        <Select.Trigger aria-label="Filtrera på källa" />
        <Select.Content position="popper">
          <Select.Item value={ALL}>Alla källor</Select.Item>
          {Object.entries(LEDGER_JOURNAL_SOURCE_LABELS).map(([source, label]) => (
            <Select.Item key={source} value={source}>
              {label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      <Select.Root value={filters.account} onValueChange={(account) => onChange({ ...filters, account })}>
        <Select.Trigger aria-label="Filtrera på konto" />
        <Select.Content position="popper">
          <Select.Item value={ALL}>Alla konton</Select.Item>
          {(chart?.accounts ?? []).map((account) => (
            <Select.Item key={account.code} value={account.code}>
              {account.code} {account.name}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}

function JournalRow({ journal, isOpen, onToggle }: { journal: LedgerJournal; isOpen: boolean; onToggle(): void }) {
  const label = journalSourceLabel(journal.source);
  const when = formatDateTime(journal.booked_at);
  return (
    <Table.Row align="center" className="expandable-row" data-open={isOpen} onClick={onToggle}>
      <Table.Cell>
        <IconButton
          size="1"
          variant="ghost"
          color="gray"
          aria-expanded={isOpen}
          aria-label={`${isOpen ? 'Dölj' : 'Visa'} konteringar för ${label} ${when}`}
          onClick={(event) => {
            event.stopPropagation();
            onToggle();
          }}
        >
          {isOpen ? <ChevronDownIcon /> : <ChevronRightIcon />}
        </IconButton>
      </Table.Cell>
      <Table.Cell className="nowrap">{when}</Table.Cell>
      <Table.Cell>
        <Badge color={journalSourceColor(journal.source)} variant="soft" radius="full">
          {label}
        </Badge>
      </Table.Cell>
      <Table.Cell>
        <CaseLink journal={journal} />
      </Table.Cell>
      <Table.Cell justify="end" className="nowrap amount-cell">
        <LedgerAmount value={journal.total_debit} />
      </Table.Cell>
      <Table.Cell justify="end" className="nowrap amount-cell">
        <LedgerAmount value={journal.total_credit} />
      </Table.Cell>
    </Table.Row>
  );
}

/** The case of the journal as a link; a journal over many cases (the nightly interest run) says how many. */
function CaseLink({ journal }: { journal: LedgerJournal }) {
  if (journal.case_id) {
    return (
      <RadixLink asChild size="2" onClick={(event) => event.stopPropagation()}>
        <Link href={`/cases/${journal.case_id}`}>{journal.case_reference ?? 'Visa ärende'}</Link>
      </RadixLink>
    );
  }
  const cases = new Set(journal.entries.map((entry) => entry.case_id).filter(Boolean)).size;
  return (
    <Text size="2" color="gray">
      {cases > 1 ? `${cases} ärenden` : '–'}
    </Text>
  );
}

function EntriesRow({ journal }: { journal: LedgerJournal }) {
  return (
    <Table.Row className="entries-row">
      <Table.Cell colSpan={COLUMN_COUNT} p="0">
        <Box px="4" py="3" className="entries-panel">
          <JournalEntries journal={journal} />
        </Box>
      </Table.Cell>
    </Table.Row>
  );
}
