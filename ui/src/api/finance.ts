// The Ekonomi page: the versioned fee catalogue, interest profiles with the default for new cases
// (API: /orgs/:orgId/fee-catalogue, /orgs/:orgId/interest-profiles) and the global Riksbank
// reference rates (GET /reference-rates, read-only).
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';

/** Where a catalogue row stands today. */
export type FeeState = 'in_force' | 'scheduled' | 'superseded' | 'inactive';

export interface Fee {
  id: string;
  org_id: string;
  code: string;
  name: string;
  /** Decimal string, "180.00". */
  amount: string;
  tax_code: string | null;
  /** 'Momsfri' for EXEMPT; an organisation's own code as typed. */
  tax_code_label: string | null;
  valid_from: string;
  is_active: boolean;
  state: FeeState;
  /** The law's maximum for the code (lag 1981:739), or null. */
  statutory_max: string | null;
  created_at: string;
}

export interface FeeList {
  /** Every version, by code, newest valid_from first. */
  items: Fee[];
  today: string;
}

export interface FeeInput {
  code: string;
  name: string;
  amount: string;
  tax_code?: string | null;
  valid_from?: string;
  is_active?: boolean;
}

/** name/tax_code/is_active change in place; a new amount becomes a new version from valid_from. */
export interface FeePatch {
  name?: string;
  tax_code?: string | null;
  is_active?: boolean;
  amount?: string;
  valid_from?: string;
}

export type InterestBase = 'REFERENCE_RATE' | 'fixed';

export interface InterestProfile {
  id: string;
  org_id: string;
  code: string;
  name: string | null;
  base: InterestBase;
  margin_bp: number | null;
  /** Percent per year as decimal text. */
  fixed_rate_pa: string | null;
  valid_from: string | null;
  valid_to: string | null;
  is_active: boolean;
  is_default: boolean;
  /** 'Referensränta + 8 %' or '8,5 % per år'. */
  rate_display: string;
  /** Cases use it, so its rate cannot change. */
  in_use: boolean;
  created_at: string;
  updated_at: string;
}

export interface InterestProfileList {
  items: InterestProfile[];
  default_interest_profile_id: string | null;
}

export interface InterestProfileInput {
  code: string;
  name?: string | null;
  base: InterestBase;
  margin_bp?: number | null;
  fixed_rate_pa?: string | null;
  valid_from?: string | null;
  valid_to?: string | null;
}

export type InterestProfilePatch = Partial<Omit<InterestProfileInput, 'code'>> & { is_active?: boolean };

export interface ReferenceRate {
  valid_from: string;
  valid_to: string;
  /** Percent, "2.25". */
  rate: string;
  rate_bp: number;
  /** Dröjsmålsränta of the half-year (reference + 8 points). */
  legal_interest_rate: string;
  verified: boolean;
  updated_at: string;
}

export interface ReferenceRateList {
  items: ReferenceRate[];
  current_half_year: string;
  current_missing: boolean;
}

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
export function useFinanceMutations() {
  const orgId = useCurrentOrgId();
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const requireOrg = (): string => {
      if (!orgId) throw new Error('Ingen organisation vald');
      return orgId;
    };
    return {
      async createFee(input: FeeInput): Promise<Fee> {
        const id = requireOrg();
        const fee = await api.post<Fee>(feeCatalogueKey(id), input);
        await mutate(feeCatalogueKey(id));
        return fee;
      },
      async updateFee(feeId: string, patch: FeePatch): Promise<Fee> {
        const id = requireOrg();
        const fee = await api.patch<Fee>(`${feeCatalogueKey(id)}/${encodeURIComponent(feeId)}`, patch);
        await mutate(feeCatalogueKey(id));
        return fee;
      },
      async createInterestProfile(input: InterestProfileInput): Promise<InterestProfile> {
        const id = requireOrg();
        const profile = await api.post<InterestProfile>(interestProfilesKey(id), input);
        await mutate(interestProfilesKey(id));
        return profile;
      },
      async updateInterestProfile(profileId: string, patch: InterestProfilePatch): Promise<InterestProfile> {
        const id = requireOrg();
        const profile = await api.patch<InterestProfile>(`${interestProfilesKey(id)}/${encodeURIComponent(profileId)}`, patch);
        await mutate(interestProfilesKey(id));
        return profile;
      },
      async setDefaultInterestProfile(profileId: string): Promise<InterestProfileList> {
        const id = requireOrg();
        const list = await api.put<InterestProfileList>(`${interestProfilesKey(id)}/default`, { interest_profile_id: profileId });
        await mutate(interestProfilesKey(id), list, { revalidate: false });
        return list;
      },
    };
  }, [orgId, mutate]);
}
