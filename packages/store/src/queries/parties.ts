import { eq } from 'drizzle-orm';
import { parties } from '../schema';
import type { PartyRow } from '../types';
import type { DirectoryTableSpec } from './directory';

/** Parties (Parter) as a directory: searched in name, e-mail and the identifiers, filtered by type. */
export const partyDirectoryTable: DirectoryTableSpec<PartyRow, 'name' | 'created_at', { type?: PartyRow['type'] }> = {
  table: parties,
  search: { text: [parties.name, parties.email, parties.org_no], identifiers: [parties.national_id, parties.org_no] },
  sorts: { name: parties.name, created_at: parties.created_at },
  filters: (filters) => [filters.type ? eq(parties.type, filters.type) : undefined],
};
