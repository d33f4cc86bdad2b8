// A journal's entries (konteringar): account code and name, the case, the creditor, debit and
// credit, with the journal's reference and status below. The journal list opens it under a row;
// a payment's detail view lists the journals that booked the payment with it.
import { Flex, Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { Link } from 'wouter';
import type { LedgerEntry, LedgerJournal } from '../../api/ledger';
import { TableCaption } from '../../components/data-table';
import { formatDateTime } from '../../lib/format';
import { LedgerAmount } from './ledger-amount';
import { LEDGER_JOURNAL_STATUS_LABELS } from '@fordran/core/labels';
import { journalSourceLabel } from './ledger-labels';

export function JournalEntries({ journal }: { journal: LedgerJournal }) {
  return (
    <>
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
        {typeof journal.meta.text === 'string' ? <Text size="1">Text: {journal.meta.text}</Text> : null}
        {journal.source_ref ? (
          <Text size="1" color="gray">
            Referens: <span className="mono">{journal.source_ref}</span>
          </Text>
        ) : null}
        <Text size="1" color="gray">
          Status: {LEDGER_JOURNAL_STATUS_LABELS[journal.status]}
        </Text>
      </Flex>
    </>
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
