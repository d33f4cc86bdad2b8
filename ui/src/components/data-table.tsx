// Building blocks of the paged staff lists (creditors, parties, …): sortable column headers,
// the pager ('1–50 av 1 234'), skeleton rows, the status badge and the page state.
import { CaretDownIcon, CaretSortIcon, CaretUpIcon, ChevronLeftIcon, ChevronRightIcon } from '@radix-ui/react-icons';
import { Badge, Button, Flex, Skeleton, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { useState, type ReactNode } from 'react';
import type { RecordStatus, SortOrder } from '../api/list';
import { formatCount } from '../lib/format';

export interface SortState<S extends string> {
  by: S;
  order: SortOrder;
}

export interface SortableHeaderProps<S extends string> {
  column: S;
  sort: SortState<S>;
  onSort(next: SortState<S>): void;
  children: ReactNode;
  width?: string;
}

/** A column header that sorts by its column; a second click turns the order around. */
export function SortableHeader<S extends string>({ column, sort, onSort, children, width }: SortableHeaderProps<S>) {
  const isActive = sort.by === column;
  const ariaSort = isActive ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none';
  const Icon = !isActive ? CaretSortIcon : sort.order === 'asc' ? CaretUpIcon : CaretDownIcon;
  return (
    <Table.ColumnHeaderCell aria-sort={ariaSort} width={width}>
      <button
        type="button"
        className="sort-button"
        data-active={isActive}
        onClick={() => onSort({ by: column, order: isActive && sort.order === 'asc' ? 'desc' : 'asc' })}
      >
        {children}
        <Icon aria-hidden />
      </button>
    </Table.ColumnHeaderCell>
  );
}

export interface TablePagerProps {
  offset: number;
  pageSize: number;
  total: number;
  onOffsetChange(offset: number): void;
}

/** 'x–y av N' with previous/next buttons. */
export function TablePager({ offset, pageSize, total, onOffsetChange }: TablePagerProps) {
  if (total === 0) return null;
  const first = Math.min(offset + 1, total);
  const last = Math.min(offset + pageSize, total);
  return (
    <Flex align="center" justify="between" gap="3" mt="3" wrap="wrap">
      <Text size="2" color="gray" aria-live="polite">
        {formatCount(first)}–{formatCount(last)} av {formatCount(total)}
      </Text>
      <Flex gap="2">
        <Button variant="soft" color="gray" size="1" disabled={offset === 0} onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}>
          <ChevronLeftIcon /> Föregående
        </Button>
        <Button variant="soft" color="gray" size="1" disabled={last >= total} onClick={() => onOffsetChange(offset + pageSize)}>
          Nästa <ChevronRightIcon />
        </Button>
      </Flex>
    </Flex>
  );
}

/** Placeholder rows while the first page loads. */
export function TableSkeletonRows({ columns, rows = 6 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <Table.Row key={row} aria-hidden>
          {Array.from({ length: columns }, (__, column) => (
            <Table.Cell key={column}>
              <Skeleton height="16px" width={column === 0 ? '70%' : '60%'} />
            </Table.Cell>
          ))}
        </Table.Row>
      ))}
    </>
  );
}

export const RECORD_STATUS_LABELS: Record<RecordStatus, string> = {
  active: 'Aktiv',
  inactive: 'Inaktiv',
};

/** 'Aktiv' (green) or 'Inaktiv' (gray). */
export function RecordStatusBadge({ status }: { status: RecordStatus }) {
  return (
    <Badge color={status === 'active' ? 'green' : 'gray'} variant="soft" radius="full">
      {RECORD_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

/**
 * The offset of a paged list that returns to the first page whenever the filters change
 * (`filterKey` is any string that differs when they do).
 */
export function usePageOffset(filterKey: string): [number, (offset: number) => void] {
  const [state, setState] = useState({ filterKey, offset: 0 });
  const offset = state.filterKey === filterKey ? state.offset : 0;
  return [offset, (next: number) => setState({ filterKey, offset: next })];
}

/** A table cell's text, or a dash when there is none. */
export function orDash(value: string | null | undefined): string {
  return value?.trim() ? value : '–';
}

/** A table's accessible name: a `<caption>` inside Table.Root that screen readers read and nobody sees. */
export function TableCaption({ children }: { children: string }) {
  return (
    <VisuallyHidden asChild>
      <caption>{children}</caption>
    </VisuallyHidden>
  );
}
