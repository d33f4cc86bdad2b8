// Creditors of the current organisation ('Kunder (Borgenärer)', API contract issue 4).
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import type { CreditorCreateInput, CreditorListQuery, CreditorResponse, CreditorUpdateInput } from '@fordran/services';
import { isKeyUnder, listPath, type ListPage } from './list';

export type CreditorContact = NonNullable<CreditorResponse['contact_json']>;
export type Creditor = CreditorResponse;
export type CreditorSort = NonNullable<CreditorListQuery['sort']>;
export type CreditorListParams = CreditorListQuery & { limit: number; offset: number };
export type CreditorInput = CreditorCreateInput;
/** `reason` is required with status 'inactive' (kept in the system log). */
export type CreditorPatch = CreditorUpdateInput;

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
