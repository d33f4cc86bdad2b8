// Parties (debtors) of the current organisation ('Parter (Gäldenärer)', API contract issue 4).
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { isKeyUnder, listPath, type ListPage, type RecordStatus, type SortOrder } from './list';

export type PartyType = 'person' | 'company';

/** Swedish names of the party types. */
export const PARTY_TYPE_LABELS: Record<PartyType, string> = {
  person: 'Person',
  company: 'Företag',
};

export interface PartyAddress {
  street?: string | null;
  city?: string | null;
  zip?: string | null;
}

export interface Party {
  id: string;
  org_id: string;
  type: PartyType;
  name: string;
  /** Personnummer or samordningsnummer, stored as 12 digits (persons only). */
  national_id: string | null;
  /** Stored as NNNNNN-NNNN (companies only). */
  org_no: string | null;
  email: string | null;
  phone: string | null;
  address_json: PartyAddress | null;
  status: RecordStatus;
  created_at: string;
  updated_at: string;
}

export type PartySort = 'name' | 'created_at';

export interface PartyListParams {
  query?: string;
  status?: RecordStatus;
  type?: PartyType;
  sort?: PartySort;
  order?: SortOrder;
  limit: number;
  offset: number;
}

export interface PartyInput {
  type: PartyType;
  name: string;
  national_id?: string | null;
  org_no?: string | null;
  email?: string | null;
  phone?: string | null;
  address_json?: PartyAddress;
}

/** `reason` is required with status 'inactive' (kept in the system log). */
export type PartyPatch = Partial<PartyInput> & { status?: RecordStatus; reason?: string };

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
