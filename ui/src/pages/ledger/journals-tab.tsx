// 'Journaler' (spec part 2 §2, §7): the latest 50 journals, newest first; a row opens to show its
// entries with account code and name, debit and credit, the case and the creditor.
import { ChevronDownIcon, ChevronRightIcon, ReaderIcon } from '@radix-ui/react-icons';
import { Badge, Box, Flex, IconButton, Link as RadixLink, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { Fragment, useState } from 'react';
import { Link } from 'wouter';
import { useLedgerJournals, type LedgerEntry, type LedgerJournal } from '../../api/ledger';
import { TableCaption, TableSkeletonRows } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { useErrorToast } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { LedgerAmount } from './ledger-amount';
import { JOURNAL_SOURCE_COLORS, journalSourceLabel } from './ledger-labels';

const COLUMN_COUNT = 6;

export function JournalsTab() {
  const { data, error, isLoading, mutate } = useLedgerJournals();
  useErrorToast(error, 'Fel vid laddning');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (error && !data) return <ErrorState message={error.message} onRetry={() => void mutate()} />;
  if (data && data.journals.length === 0) {
    return (
      <Box className="list-empty">
        <EmptyState
          icon={<ReaderIcon width="22" height="22" />}
          title="Inga verifikationer ännu"
          description="Verifikationer bokförs när ärenden registreras, avgifter och ränta läggs till och inbetalningar avräknas."
        />
      </Box>
    );
  }

  return (
    <>
      <Table.Root variant="surface" className="data-table ledger-journals">
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
          {isLoading || !data ? (
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
      {data ? (
        <Text as="p" size="1" color="gray" mt="2">
          De {data.journals.length} senaste verifikationerna, nyaste först.
        </Text>
      ) : null}
    </>
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
        <Badge color={JOURNAL_SOURCE_COLORS[journal.source] ?? 'gray'} variant="soft" radius="full">
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
          <Table.Root size="1" variant="ghost">
            <TableCaption>{`Konteringar, ${journalSourceLabel(journal.source)} ${formatDateTime(journal.booked_at)}`}</TableCaption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Konto</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Kontonamn</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Ärende</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Borgenär</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Debet</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Kredit</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {journal.entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </Table.Body>
          </Table.Root>
          <Flex gap="4" mt="2" wrap="wrap">
            {journal.source_ref ? (
              <Text size="1" color="gray">
                Referens: <span className="mono">{journal.source_ref}</span>
              </Text>
            ) : null}
            <Text size="1" color="gray">
              Status: {journal.status === 'posted' ? 'Bokförd' : journal.status === 'reversed' ? 'Återförd' : 'Utkast'}
            </Text>
          </Flex>
        </Box>
      </Table.Cell>
    </Table.Row>
  );
}

function EntryRow({ entry }: { entry: LedgerEntry }) {
  return (
    <Table.Row>
      <Table.Cell className="mono">{entry.account_code}</Table.Cell>
      <Table.Cell>{entry.account_name}</Table.Cell>
      <Table.Cell>
        {entry.case_id ? (
          <RadixLink asChild size="1">
            <Link href={`/cases/${entry.case_id}`}>{entry.case_reference ?? 'Visa ärende'}</Link>
          </RadixLink>
        ) : (
          '–'
        )}
      </Table.Cell>
      <Table.Cell>{entry.creditor_name ?? '–'}</Table.Cell>
      <Table.Cell justify="end" className="nowrap amount-cell">
        <LedgerAmount value={entry.debit} blankZero />
      </Table.Cell>
      <Table.Cell justify="end" className="nowrap amount-cell">
        <LedgerAmount value={entry.credit} blankZero />
      </Table.Cell>
    </Table.Row>
  );
}
