// What differs between the two directory pages, /customers (Kunder) and /parties (Parter): the
// nouns and texts, the columns, the filters beyond status, the record's page and its dialog.
// The list page, its rows, the status change and the record's page are shared (this folder).
import type { ComponentType, ReactNode } from 'react';
import type { CasesOf } from '../cases/related-cases-card';
import type { DirectoryListParams, DirectoryRecord, DirectoryWrites } from '../../api/directory';
import type { ListPage } from '../../api/list';
import type { ApiError } from '../../lib/api-client';
import type { Permission } from '../../lib/permissions';
import type { SWRResponse } from 'swr';

/** A column of the list: its header, the cell of a record and, when it sorts, the API's sort. */
export interface DirectoryColumn<T, Sort extends string> {
  header: string;
  sort?: Sort;
  cell(record: T): ReactNode;
  /** No line breaks (numbers, dates). */
  nowrap?: boolean;
}

/** A select filter beside the status ('Alla typer', 'Personer', 'Företag'). */
export interface DirectoryFilter {
  /** The list parameter it sets; 'all' (the first option) leaves it out. */
  param: string;
  label: string;
  options: readonly { value: string; label: string }[];
}

/** The dialog that creates (record null) or edits a record. */
export type DirectoryDialogComponent<T> = ComponentType<{ open: boolean; record: T | null; onOpenChange(open: boolean): void }>;

export interface DirectoryDefinition<T extends DirectoryRecord, Sort extends string, Params extends DirectoryListParams<Sort> = DirectoryListParams<Sort>> {
  title: string;
  description: string;
  /** 'kund', 'kunden', 'kunder' as the texts use them. */
  noun: { one: string; the: string; many: string };
  /** The list's page path ('/customers'); a record's page is below it. */
  path: string;
  write: Permission;
  icon: ReactNode;
  search: { placeholder: string; label: string };
  filters?: readonly DirectoryFilter[];
  /** The first column is the name, linked to the record's page. */
  columns: readonly DirectoryColumn<T, Sort>[];
  empty: { description: string };
  noMatch: { description: string };
  deactivate: { placeholder: string };
  useList(params: Params): SWRResponse<ListPage<T>, ApiError>;
  useRecord(id: string): SWRResponse<T, ApiError>;
  useMutations(): Pick<DirectoryWrites<T, unknown, unknown>, 'update'>;
  Dialog: DirectoryDialogComponent<T>;
  /** The record's page: badges beside its status, its details as label and value, and whose cases it lists. */
  record: {
    badges?(record: T): ReactNode;
    details(record: T): [label: string, value: string | null | undefined][];
    cases(record: T): CasesOf;
  };
}

/** 'kund' → 'Kund'. */
export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
