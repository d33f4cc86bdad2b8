// Parties (debtors) of the current organisation ('Parter (Gäldenärer)', API contract issue 4).
import { directoryApi, type DirectoryListParams, type DirectoryStatusPatch } from './directory';
import type { RecordStatus } from './list';

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

export type PartyListParams = DirectoryListParams<PartySort> & { type?: PartyType };

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
export type PartyPatch = Partial<PartyInput> & DirectoryStatusPatch;

const parties = directoryApi<Party, PartyListParams, PartyInput, PartyPatch>('parties');

/** One page of parties; the previous page stays on screen while the next one loads. */
export const useParties = parties.useList;
/** One party (its detail page); a 404 for an id of another organisation. */
export const useParty = parties.useRecord;
/** Creating and changing parties; each revalidates every loaded party list and party of the organisation. */
export const usePartyMutations = parties.useMutations;
