// Paged lists of the API: `GET …?query=&sort=&order=&limit=&offset=` → `{ items, total }`.

export type SortOrder = 'asc' | 'desc';

export type { RecordStatus } from '@fordran/core/labels';

/** One page of a list and the number of rows that match the filters. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** The page size of the staff lists. */
export const LIST_PAGE_SIZE = 50;

/**
 * A list path with its query string, used as the SWR key: empty and undefined values are left
 * out so equal filters give equal keys.
 */
export function listPath(base: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${base}?${text}` : base;
}

/** True for the list keys under `base` (the base path itself or any query of it). */
export function isListKeyOf(base: string) {
  return (key: unknown): boolean => typeof key === 'string' && (key === base || key.startsWith(`${base}?`));
}

/** True for every key under `base`: its lists and the paths below it (`base/…`, e.g. one record). */
export function isKeyUnder(base: string) {
  return (key: unknown): boolean => typeof key === 'string' && (key === base || key.startsWith(`${base}?`) || key.startsWith(`${base}/`));
}
