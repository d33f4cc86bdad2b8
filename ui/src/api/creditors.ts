// Creditors of the current organisation ('Kunder (Borgenärer)', API contract issue 4).
import { directoryApi, type DirectoryListParams, type DirectoryStatusPatch } from './directory';
import type { RecordStatus } from './list';

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

export type CreditorListParams = DirectoryListParams<CreditorSort>;

export interface CreditorInput {
  name: string;
  org_no?: string | null;
  customer_no?: string | null;
  contact_json?: CreditorContact;
  is_business?: boolean;
}

/** `reason` is required with status 'inactive' (kept in the system log). */
export type CreditorPatch = Partial<CreditorInput> & DirectoryStatusPatch;

const creditors = directoryApi<Creditor, CreditorListParams, CreditorInput, CreditorPatch>('creditors');

/** One page of creditors; the previous page stays on screen while the next one loads. */
export const useCreditors = creditors.useList;
/** One creditor (its detail page); a 404 for an id of another organisation. */
export const useCreditor = creditors.useRecord;
/** Creating and changing creditors; each revalidates every loaded creditor list and creditor of the organisation. */
export const useCreditorMutations = creditors.useMutations;
