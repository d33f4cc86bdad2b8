// The signed-in user: profile, assurance level and organisation memberships.
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import type { Role } from '../lib/roles';
import type { SessionUser } from '../lib/session-store';

export { ROLE_LABELS, type Role } from '../lib/roles';

export interface Profile {
  id: string;
  full_name: string | null;
  email: string;
  avatar_url: string | null;
}

export interface Membership {
  org_id: string;
  org_name: string;
  role: Role;
  creditor_id: string | null;
  /** The organisation requires a second factor (aal2). */
  require_mfa: boolean;
}

export interface Me {
  user: SessionUser;
  profile: Profile;
  aal: 'aal1' | 'aal2';
  /** The user has a verified second factor. */
  mfa_enrolled: boolean;
  memberships: Membership[];
}

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
