// The organisation's two directories, creditors and parties (API contract issue 4), share one
// API: a paged list with search, status and sorting, one record (404 for another
// organisation's id), create and edit; each write revalidates every loaded list and record of
// the directory.
import useSWR, { type SWRResponse } from 'swr';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { isKeyUnder, listPath, type ListPage, type RecordStatus, type SortOrder } from './list';
import { useOrgWrites, type OrgWrites } from './org-writes';

/** What every directory record has. */
export interface DirectoryRecord {
  id: string;
  name: string;
  status: RecordStatus;
  created_at: string;
}

/** What every directory list takes; a directory may add filters (a party's type). A type, not an interface: a query string is made of it. */
export type DirectoryListParams<Sort extends string = string> = {
  query?: string;
  status?: RecordStatus;
  sort?: Sort;
  order?: SortOrder;
  limit: number;
  offset: number;
};

/** What every edit may carry: `reason` is required with status 'inactive' (kept in the system log). */
export interface DirectoryStatusPatch {
  status?: RecordStatus;
  reason?: string;
}

export interface DirectoryWrites<T, Input, Patch> {
  create(input: Input): Promise<T>;
  update(id: string, patch: Patch | DirectoryStatusPatch): Promise<T>;
}

export interface DirectoryApi<T, Params, Input, Patch> {
  /** One page; the previous page stays on screen while the next one loads. */
  useList(params: Params, enabled?: boolean): SWRResponse<ListPage<T>, ApiError>;
  /** One record (its detail page). */
  useRecord(id: string): SWRResponse<T, ApiError>;
  useMutations(): DirectoryWrites<T, Input, Patch>;
}

/** The API of the directory at `/orgs/{org}/{collection}`. */
export function directoryApi<T, Params extends DirectoryListParams, Input, Patch>(collection: 'creditors' | 'parties'): DirectoryApi<T, Params, Input, Patch> {
  const base = (orgId: string) => `/orgs/${orgId}/${collection}`;
  const recordPath = (orgId: string, id: string) => `${base(orgId)}/${encodeURIComponent(id)}`;

  const writes = ({ orgId, mutate }: OrgWrites): DirectoryWrites<T, Input, Patch> => {
    const written = async (write: (id: string) => Promise<T>) => {
      const id = orgId();
      const record = await write(id);
      await mutate(isKeyUnder(base(id)));
      return record;
    };
    return {
      create: (input) => written((id) => api.post<T>(base(id), input)),
      update: (recordId, patch) => written((id) => api.patch<T>(recordPath(id, recordId), patch)),
    };
  };

  return {
    useList(params, enabled = true) {
      const orgId = useCurrentOrgId();
      return useSWR<ListPage<T>, ApiError>(enabled && orgId ? listPath(base(orgId), params) : null, (path: string) => fetchJson<ListPage<T>>(path), {
        keepPreviousData: true,
      });
    },
    useRecord(id) {
      const orgId = useCurrentOrgId();
      return useSWR<T, ApiError>(orgId ? recordPath(orgId, id) : null, (path: string) => fetchJson<T>(path));
    },
    useMutations() {
      return useOrgWrites(writes);
    },
  };
}
