// The Ekonomi page: the versioned fee catalogue, interest profiles with the default for new cases
// (API: /orgs/:orgId/fee-catalogue, /orgs/:orgId/interest-profiles) and the global Riksbank
// reference rates (GET /reference-rates, read-only).
import useSWR from 'swr';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { useOrgWrites, type OrgWrites } from './org-writes';
import type {
  FeeCreateInput,
  FeeListResponse,
  FeeResponse,
  FeeUpdateInput,
  InterestProfileCreateInput,
  InterestProfileListResponse,
  InterestProfileResponse,
  InterestProfileUpdateInput,
  ReferenceRateListResponse,
  ReferenceRateResponse,
} from '@fordran/services';

export type Fee = FeeResponse;
/** Where a catalogue row stands today. */
export type FeeState = Fee['state'];
export type FeeList = FeeListResponse;
export type FeeInput = FeeCreateInput;
/** name/tax_code/is_active change in place; a new amount becomes a new version from valid_from. */
export type FeePatch = FeeUpdateInput;
export type InterestProfile = InterestProfileResponse;
export type InterestBase = InterestProfile['base'];
export type InterestProfileList = InterestProfileListResponse;
export type InterestProfileInput = InterestProfileCreateInput;
export type InterestProfilePatch = InterestProfileUpdateInput;
export type ReferenceRate = ReferenceRateResponse;
export type ReferenceRateList = ReferenceRateListResponse;

export function feeCatalogueKey(orgId: string): string {
  return `/orgs/${orgId}/fee-catalogue`;
}

export function interestProfilesKey(orgId: string): string {
  return `/orgs/${orgId}/interest-profiles`;
}

export const REFERENCE_RATES_KEY = '/reference-rates';

export function useFeeCatalogue() {
  const orgId = useCurrentOrgId();
  return useSWR<FeeList, ApiError>(orgId ? feeCatalogueKey(orgId) : null, (path: string) => fetchJson<FeeList>(path));
}

export function useInterestProfiles() {
  const orgId = useCurrentOrgId();
  return useSWR<InterestProfileList, ApiError>(orgId ? interestProfilesKey(orgId) : null, (path: string) => fetchJson<InterestProfileList>(path));
}

export function useReferenceRates() {
  return useSWR<ReferenceRateList, ApiError>(REFERENCE_RATES_KEY, (path: string) => fetchJson<ReferenceRateList>(path));
}

/** Changes to the fee catalogue and the interest profiles; each revalidates its list. */
function financeWrites({ orgId, mutate }: OrgWrites) {
  return {
    async createFee(input: FeeInput): Promise<Fee> {
      const id = orgId();
      const fee = await api.post<Fee>(feeCatalogueKey(id), input);
      await mutate(feeCatalogueKey(id));
      return fee;
    },
    async updateFee(feeId: string, patch: FeePatch): Promise<Fee> {
      const id = orgId();
      const fee = await api.patch<Fee>(`${feeCatalogueKey(id)}/${encodeURIComponent(feeId)}`, patch);
      await mutate(feeCatalogueKey(id));
      return fee;
    },
    async createInterestProfile(input: InterestProfileInput): Promise<InterestProfile> {
      const id = orgId();
      const profile = await api.post<InterestProfile>(interestProfilesKey(id), input);
      await mutate(interestProfilesKey(id));
      return profile;
    },
    async updateInterestProfile(profileId: string, patch: InterestProfilePatch): Promise<InterestProfile> {
      const id = orgId();
      const profile = await api.patch<InterestProfile>(`${interestProfilesKey(id)}/${encodeURIComponent(profileId)}`, patch);
      await mutate(interestProfilesKey(id));
      return profile;
    },
    async setDefaultInterestProfile(profileId: string): Promise<InterestProfileList> {
      const id = orgId();
      const list = await api.put<InterestProfileList>(`${interestProfilesKey(id)}/default`, { interest_profile_id: profileId });
      await mutate(interestProfilesKey(id), list, { revalidate: false });
      return list;
    },
  };
}

export function useFinanceMutations() {
  return useOrgWrites(financeWrites);
}
