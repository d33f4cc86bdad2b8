// The current organisation's record and its settings (/settings/organisation).
import useSWR from 'swr';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { useOrgWrites, type OrgWrites } from './org-writes';
import { meKey } from './me';
import type { OrganisationResponse, OrganisationUpdateInput } from '@fordran/services';

export type Organisation = OrganisationResponse;
export type OrganisationAddress = NonNullable<Organisation['address_json']>;
export type AllocationOrder = Organisation['allocation_order'];
export type OrganisationPatch = OrganisationUpdateInput;

export function organisationKey(orgId: string): string {
  return `/orgs/${orgId}`;
}

export function fetchOrganisation(orgId: string): Promise<Organisation> {
  return fetchJson<Organisation>(organisationKey(orgId));
}

export function useOrganisation() {
  const orgId = useCurrentOrgId();
  return useSWR<Organisation, ApiError>(orgId ? organisationKey(orgId) : null, (path: string) => fetchJson<Organisation>(path));
}

/** Saving the settings (admin); /me follows, since it carries the name and require_mfa. */
function organisationWrites({ orgId, mutate }: OrgWrites) {
  return {
    async updateOrganisation(patch: OrganisationPatch): Promise<Organisation> {
      const id = orgId();
      const organisation = await api.patch<Organisation>(organisationKey(id), patch);
      await Promise.all([mutate(organisationKey(id), organisation, { revalidate: false }), mutate(meKey)]);
      return organisation;
    },
  };
}

export function useOrganisationMutations() {
  return useOrgWrites(organisationWrites);
}

/** Saves the hours SMS and e-mail may go out (`settings.send_hours`); the page shows the saved record. */
export function useUpdateSendHours() {
  const { updateOrganisation } = useOrganisationMutations();
  return (hours: NonNullable<OrganisationPatch['send_hours']>) => updateOrganisation({ send_hours: hours });
}
