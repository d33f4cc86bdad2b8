// The signed-in user: profile, assurance level and organisation memberships.
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { MeResponse, MembershipResponse, Permission, ProfileResponse, Role } from '@fordran/services';
import { api, fetchJson, type ApiError } from '../lib/api-client';

export { ORG_ROLE_LABELS } from '@fordran/core/labels';
export type { Permission, Role };

export type Profile = ProfileResponse;

/** A membership with the role's permissions here (the server's role table: the UI keeps no copy). */
export type Membership = MembershipResponse;

export type Me = MeResponse;

export const meKey = '/me';

export function fetchMe(): Promise<Me> {
  return fetchJson<Me>(meKey);
}

/** Loads /me while `enabled` (i.e. while a usable session exists). */
export function useMe(enabled: boolean) {
  return useSWR<Me, ApiError>(enabled ? meKey : null, fetchMe);
}

export function patchProfile(input: { full_name: string }): Promise<Profile> {
  return api.patch<Profile>('/me/profile', input);
}

export function postAvatar(file: File): Promise<Profile> {
  const form = new FormData();
  form.append('file', file);
  return api.post<Profile>('/me/avatar', form);
}

/** Profile changes; each revalidates /me so the menu and dialog show the new values. */
export function useProfileMutations() {
  const { mutate } = useSWRConfig();
  return useMemo(
    () => ({
      async updateProfile(input: { full_name: string }): Promise<Profile> {
        const profile = await patchProfile(input);
        await mutate(meKey);
        return profile;
      },
      async uploadAvatar(file: File): Promise<Profile> {
        const profile = await postAvatar(file);
        await mutate(meKey);
        return profile;
      },
    }),
    [mutate],
  );
}
