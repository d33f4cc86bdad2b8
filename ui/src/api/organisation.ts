// The current organisation's record.
import useSWR from 'swr';
import { fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';

export interface OrganisationAddress {
  street?: string;
  city?: string;
  zip?: string;
  country?: string;
}

export interface Organisation {
  id: string;
  name: string;
  org_no: string | null;
  address_json: OrganisationAddress | null;
  settings: Record<string, unknown> | null;
}

export function organisationKey(orgId: string): string {
  return `/orgs/${orgId}`;
}

export function fetchOrganisation(orgId: string): Promise<Organisation> {
  return fetchJson<Organisation>(organisationKey(orgId));
}

export function useOrganisation() {
  const orgId = useCurrentOrgId();
  return useSWR<Organisation, ApiError>(orgId ? organisationKey(orgId) : null, (path: string) =>
    fetchJson<Organisation>(path),
  );
}
