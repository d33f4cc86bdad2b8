import { DotsHorizontalIcon, Pencil1Icon } from '@radix-ui/react-icons';
import { DropdownMenu, IconButton, Link as ThemeLink, Table } from '@radix-ui/themes';
import { Link } from 'wouter';
import type { DirectoryRecord } from '../../api/directory';
import type { ListPage } from '../../api/list';
import { RecordStatusBadge, SortableHeader, TableSkeletonRows, type SortState, ActionsColumnHeader } from '../../components/data-table';
import { formatDate } from '../../lib/format';
import type { DirectoryColumn, DirectoryDefinition } from './directory-definition';
import { useStatusChange } from './directory-status';

type TableDefinition<T extends DirectoryRecord, Sort extends string> = Pick<DirectoryDefinition<T, Sort>, 'columns' | 'path' | 'noun' | 'useMutations'>;

export interface DirectoryTableProps<T extends DirectoryRecord, Sort extends string> {
  def: TableDefinition<T, Sort>;
  /** Undefined while the first page loads. */
  page: ListPage<T> | undefined;
  isStale: boolean;
  sort: SortState<Sort>;
  onSort(sort: SortState<Sort>): void;
  canWrite: boolean;
  onEdit(record: T): void;
  onDeactivate(record: T): void;
}

/** The list's table: the name (a link to the record's page), the definition's columns, the status and the row menu. */
export function DirectoryTable<T extends DirectoryRecord, Sort extends string>({ def, page, isStale, sort, onSort, ...row }: DirectoryTableProps<T, Sort>) {
  return (
    <Table.Root variant="surface" className="data-table" data-stale={isStale}>
      <Table.Header>
        <Table.Row>
          {def.columns.map((column) =>
            column.sort ? (
              <SortableHeader key={column.header} column={column.sort} sort={sort} onSort={onSort}>
                {column.header}
              </SortableHeader>
            ) : (
              <Table.ColumnHeaderCell key={column.header}>{column.header}</Table.ColumnHeaderCell>
            ),
          )}
          <ActionsColumnHeader width="48px" />
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {page ? (
          page.items.map((record) => <DirectoryRow key={record.id} def={def} record={record} {...row} />)
        ) : (
          <TableSkeletonRows columns={def.columns.length + 1} />
        )}
      </Table.Body>
    </Table.Root>
  );
}

type RowProps<T extends DirectoryRecord, Sort extends string> = Pick<DirectoryTableProps<T, Sort>, 'def' | 'canWrite' | 'onEdit' | 'onDeactivate'> & {
  record: T;
};

function DirectoryRow<T extends DirectoryRecord, Sort extends string>({ def, record, ...menu }: RowProps<T, Sort>) {
  const [name, ...rest] = def.columns;
  return (
    <Table.Row align="center">
      <Table.RowHeaderCell>
        <ThemeLink asChild weight="medium">
          <Link href={`${def.path}/${encodeURIComponent(record.id)}`}>{name?.cell(record)}</Link>
        </ThemeLink>
      </Table.RowHeaderCell>
      {rest.map((column) => (
        <Table.Cell key={column.header} className={column.nowrap ? 'nowrap' : undefined}>
          {column.cell(record)}
        </Table.Cell>
      ))}
      <Table.Cell justify="end">{menu.canWrite ? <RowMenu def={def} record={record} {...menu} /> : null}</Table.Cell>
    </Table.Row>
  );
}

/** 'Redigera', and 'Inaktivera' (asks why) or 'Aktivera'. */
function RowMenu<T extends DirectoryRecord, Sort extends string>({ def, record, onEdit, onDeactivate }: RowProps<T, Sort>) {
  const changeStatus = useStatusChange(def);
  const isActive = record.status === 'active';
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <IconButton variant="ghost" color="gray" aria-label={`Åtgärder för ${record.name}`}>
          <DotsHorizontalIcon />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        <DropdownMenu.Item onSelect={() => onEdit(record)}>
          <Pencil1Icon /> Redigera
        </DropdownMenu.Item>
        <DropdownMenu.Item
          color={isActive ? 'red' : undefined}
          onSelect={() => (isActive ? onDeactivate(record) : void changeStatus(record, 'active').catch(() => undefined))}
        >
          {isActive ? 'Inaktivera' : 'Aktivera'}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

/** The columns every directory ends with: its status and when it was created (sorts). */
export function statusAndCreatedColumns<T extends DirectoryRecord>(): DirectoryColumn<T, 'created_at'>[] {
  return [
    { header: 'Status', cell: (record) => <RecordStatusBadge status={record.status} /> },
    { header: 'Skapad', sort: 'created_at', nowrap: true, cell: (record) => formatDate(record.created_at) },
  ];
}
