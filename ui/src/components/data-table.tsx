// Building blocks of the paged staff lists (creditors, parties, …): sortable column headers,
// the pagers ('1–50 av 1 234'; 'Sida 2' for the cursor-paged journals and system log), skeleton
// rows, the status badge and the page state.
import { CaretDownIcon, CaretSortIcon, CaretUpIcon, ChevronLeftIcon, ChevronRightIcon } from '@radix-ui/react-icons';
import { Badge, Button, Flex, Skeleton, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { useState, type ReactNode } from 'react';
import { RECORD_STATUS_LABELS, type RecordStatus } from '@fordran/core/labels';
import type { SortOrder } from '../api/list';
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
  justify?: 'start' | 'end';
}

/** A column header that sorts by its column; a second click turns the order around. */
export function SortableHeader<S extends string>({ column, sort, onSort, children, width, justify }: SortableHeaderProps<S>) {
  const isActive = sort.by === column;
  const ariaSort = isActive ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none';
  const Icon = !isActive ? CaretSortIcon : sort.order === 'asc' ? CaretUpIcon : CaretDownIcon;
  return (
    <Table.ColumnHeaderCell aria-sort={ariaSort} width={width} justify={justify}>
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

/** Where a cursor-paged list is: the cursor of the page on screen (none: the first) and its number. */
export interface CursorPages {
  cursor: string | undefined;
  /** 1-based. */
  page: number;
  next(cursor: string): void;
  previous(): void;
}

/**
 * The position in a cursor-paged list (journals, system log): the cursors of the pages walked so
 * far, so 'Föregående' returns to exactly the page before; back to the first page whenever the
 * filters change (`filterKey` differs).
 */
export function useCursorPages(filterKey: string): CursorPages {
  const [state, setState] = useState<{ filterKey: string; cursors: string[] }>({ filterKey, cursors: [] });
  const cursors = state.filterKey === filterKey ? state.cursors : [];
  return {
    cursor: cursors.at(-1),
    page: cursors.length + 1,
    next: (cursor) => setState({ filterKey, cursors: [...cursors, cursor] }),
    previous: () => setState({ filterKey, cursors: cursors.slice(0, -1) }),
  };
}

export interface CursorPagerProps {
  pages: CursorPages;
  pageSize: number;
  /** Rows on the page on screen. */
  rowCount: number;
  /** The next page's cursor; null on the last page. */
  nextCursor: string | null;
}

/**
 * 'Sida 2 · 51–100' with previous/next. No total: counting millions of journal rows for it is
 * what the cursor avoids.
 */
export function CursorPager({ pages, pageSize, rowCount, nextCursor }: CursorPagerProps) {
  if (pages.page === 1 && nextCursor === null) return null;
  const first = (pages.page - 1) * pageSize + 1;
  return (
    <Flex align="center" justify="between" gap="3" mt="3" wrap="wrap">
      <Text size="2" color="gray" aria-live="polite">
        Sida {formatCount(pages.page)}
        {rowCount > 0 ? ` · ${formatCount(first)}–${formatCount(first + rowCount - 1)}` : ''}
      </Text>
      <Flex gap="2">
        <Button variant="soft" color="gray" size="1" disabled={pages.page === 1} onClick={pages.previous}>
          <ChevronLeftIcon /> Föregående
        </Button>
        <Button variant="soft" color="gray" size="1" disabled={nextCursor === null} onClick={() => nextCursor && pages.next(nextCursor)}>
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

/** The header of a row-actions column (its menu or buttons): named for screen readers only. */
export function ActionsColumnHeader({ width }: { width?: string }) {
  return (
    <Table.ColumnHeaderCell width={width}>
      <VisuallyHidden>Åtgärder</VisuallyHidden>
    </Table.ColumnHeaderCell>
  );
}
