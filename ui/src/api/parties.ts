// Parties (debtors) of the current organisation ('Parter (Gäldenärer)', API contract issue 4), over
// the directory API they share with creditors (directory.ts); the types are the server's schemas.
import type { PartyCreateInput, PartyListQuery, PartyResponse, PartyUpdateInput } from '@fordran/services';
import { directoryApi } from './directory';

export { PARTY_TYPE_LABELS, type PartyType } from '@fordran/core/labels';

export type PartyAddress = NonNullable<PartyResponse['address_json']>;
export type Party = PartyResponse;
export type PartySort = NonNullable<PartyListQuery['sort']>;
export type PartyListParams = PartyListQuery & { limit: number; offset: number };
export type PartyInput = PartyCreateInput;
/** `reason` is required with status 'inactive' (kept in the system log). */
export type PartyPatch = PartyUpdateInput;

const parties = directoryApi<Party, PartyListParams, PartyInput, PartyPatch>('parties');

/** One page of parties; the previous page stays on screen while the next one loads. */
export const useParties = parties.useList;
/** One party (its detail page); a 404 for an id of another organisation. */
export const useParty = parties.useRecord;
/** Creating and changing parties; each revalidates every loaded party list and party of the organisation. */
export const usePartyMutations = parties.useMutations;
