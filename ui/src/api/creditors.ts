// Creditors of the current organisation ('Kunder (Borgenärer)', API contract issue 4), over the
// directory API they share with parties (directory.ts); the types are the server's schemas.
import type { CreditorCreateInput, CreditorListQuery, CreditorResponse, CreditorUpdateInput } from '@fordran/services';
import { directoryApi } from './directory';

export type CreditorContact = NonNullable<CreditorResponse['contact_json']>;
export type Creditor = CreditorResponse;
export type CreditorSort = NonNullable<CreditorListQuery['sort']>;
export type CreditorListParams = CreditorListQuery & { limit: number; offset: number };
export type CreditorInput = CreditorCreateInput;
/** `reason` is required with status 'inactive' (kept in the system log). */
export type CreditorPatch = CreditorUpdateInput;

const creditors = directoryApi<Creditor, CreditorListParams, CreditorInput, CreditorPatch>('creditors');

/** One page of creditors; the previous page stays on screen while the next one loads. */
export const useCreditors = creditors.useList;
/** One creditor (its detail page); a 404 for an id of another organisation. */
export const useCreditor = creditors.useRecord;
/** Creating and changing creditors; each revalidates every loaded creditor list and creditor of the organisation. */
export const useCreditorMutations = creditors.useMutations;
