// Creditors of the current organisation ('Kunder (Borgenärer)', API contract issue 4).
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { isKeyUnder, listPath, type ListPage, type RecordStatus, type SortOrder } from './list';

export interface CreditorContact {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
}

export interface Creditor {
  id: string;
  org_id: string;
  name: string;
  /** Stored as NNNNNN-NNNN. */
  org_no: string | null;
  customer_no: string | null;
  status: RecordStatus;
  contact_json: CreditorContact | null;
  is_business: boolean | null;
  created_at: string;
  updated_at: string;
}

export type CreditorSort = 'name' | 'created_at' | 'customer_no';

export interface CreditorListParams {
  query?: string;
  status?: RecordStatus;
  sort?: CreditorSort;
  order?: SortOrder;
  limit: number;
  offset: number;
}

export interface CreditorInput {
  name: string;
  org_no?: string | null;
  customer_no?: string | null;
  contact_json?: CreditorContact;
  is_business?: boolean;
}

/** `reason` is required with status 'inactive' (kept in the system log). */
export type CreditorPatch = Partial<CreditorInput> & { status?: RecordStatus; reason?: string };

export function creditorsKey(orgId: string): string {
  return `/orgs/${orgId}/creditors`;
}

export function creditorListKey(orgId: string, params: CreditorListParams): string {
  return listPath(creditorsKey(orgId), { ...params });
}

export function fetchCreditors(orgId: string, params: CreditorListParams): Promise<ListPage<Creditor>> {
  return fetchJson<ListPage<Creditor>>(creditorListKey(orgId, params));
}

/** One page of creditors; the previous page stays on screen while the next one loads. */
export function useCreditors(params: CreditorListParams, enabled = true) {
  const orgId = useCurrentOrgId();
  return useSWR<ListPage<Creditor>, ApiError>(enabled && orgId ? creditorListKey(orgId, params) : null, (path: string) => fetchJson<ListPage<Creditor>>(path), {
    keepPreviousData: true,
  });
}

/** One creditor (its detail page); a 404 for an id of another organisation. */
export function useCreditor(creditorId: string) {
  const orgId = useCurrentOrgId();
  return useSWR<Creditor, ApiError>(orgId ? `${creditorsKey(orgId)}/${encodeURIComponent(creditorId)}` : null, (path: string) => fetchJson<Creditor>(path));
}

export function postCreditor(orgId: string, input: CreditorInput): Promise<Creditor> {
  return api.post<Creditor>(creditorsKey(orgId), input);
}

export function patchCreditor(orgId: string, creditorId: string, patch: CreditorPatch): Promise<Creditor> {
  return api.patch<Creditor>(`${creditorsKey(orgId)}/${encodeURIComponent(creditorId)}`, patch);
}

/** Creating and changing creditors; each revalidates every loaded creditor list and creditor of the organisation. */
export function useCreditorMutations() {
  const orgId = useCurrentOrgId();
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const requireOrg = (): string => {
      if (!orgId) throw new Error('Ingen organisation vald');
      return orgId;
    };
    const revalidate = (id: string) => mutate(isKeyUnder(creditorsKey(id)));
    return {
      async createCreditor(input: CreditorInput): Promise<Creditor> {
        const id = requireOrg();
        const creditor = await postCreditor(id, input);
        await revalidate(id);
        return creditor;
      },
      async updateCreditor(creditorId: string, patch: CreditorPatch): Promise<Creditor> {
        const id = requireOrg();
        const creditor = await patchCreditor(id, creditorId, patch);
        await revalidate(id);
        return creditor;
      },
    };
  }, [orgId, mutate]);
}
