// Parties (debtors) of the current organisation ('Parter (Gäldenärer)', API contract issue 4).
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import type { PartyCreateInput, PartyListQuery, PartyResponse, PartyUpdateInput } from '@fordran/services';
import { isKeyUnder, listPath, type ListPage } from './list';

export { PARTY_TYPE_LABELS, type PartyType } from '@fordran/core/labels';

export type PartyAddress = NonNullable<PartyResponse['address_json']>;
export type Party = PartyResponse;
export type PartySort = NonNullable<PartyListQuery['sort']>;
export type PartyListParams = PartyListQuery & { limit: number; offset: number };
export type PartyInput = PartyCreateInput;
/** `reason` is required with status 'inactive' (kept in the system log). */
export type PartyPatch = PartyUpdateInput;

export function partiesKey(orgId: string): string {
  return `/orgs/${orgId}/parties`;
}

export function partyListKey(orgId: string, params: PartyListParams): string {
  return listPath(partiesKey(orgId), { ...params });
}

export function fetchParties(orgId: string, params: PartyListParams): Promise<ListPage<Party>> {
  return fetchJson<ListPage<Party>>(partyListKey(orgId, params));
}

/** One page of parties; the previous page stays on screen while the next one loads. */
export function useParties(params: PartyListParams) {
  const orgId = useCurrentOrgId();
  return useSWR<ListPage<Party>, ApiError>(orgId ? partyListKey(orgId, params) : null, (path: string) => fetchJson<ListPage<Party>>(path), {
    keepPreviousData: true,
  });
}

/** One party (its detail page); a 404 for an id of another organisation. */
export function useParty(partyId: string) {
  const orgId = useCurrentOrgId();
  return useSWR<Party, ApiError>(orgId ? `${partiesKey(orgId)}/${encodeURIComponent(partyId)}` : null, (path: string) => fetchJson<Party>(path));
}

export function postParty(orgId: string, input: PartyInput): Promise<Party> {
  return api.post<Party>(partiesKey(orgId), input);
}

export function patchParty(orgId: string, partyId: string, patch: PartyPatch): Promise<Party> {
  return api.patch<Party>(`${partiesKey(orgId)}/${encodeURIComponent(partyId)}`, patch);
}

/** Creating and changing parties; each revalidates every loaded party list and party of the organisation. */
export function usePartyMutations() {
  const orgId = useCurrentOrgId();
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const requireOrg = (): string => {
      if (!orgId) throw new Error('Ingen organisation vald');
      return orgId;
    };
    const revalidate = (id: string) => mutate(isKeyUnder(partiesKey(id)));
    return {
      async createParty(input: PartyInput): Promise<Party> {
        const id = requireOrg();
        const party = await postParty(id, input);
        await revalidate(id);
        return party;
      },
      async updateParty(partyId: string, patch: PartyPatch): Promise<Party> {
        const id = requireOrg();
        const party = await patchParty(id, partyId, patch);
        await revalidate(id);
        return party;
      },
    };
  }, [orgId, mutate]);
}
