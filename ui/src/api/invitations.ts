// The invitation link (/auth?invitation=<token>): what it is for, and accepting it when signed in.
import useSWR from 'swr';
import { api, type ApiError } from '../lib/api-client';
import type { InvitationPreviewResponse } from '@fordran/services';
import type { Role } from './me';

export type InvitationPreview = InvitationPreviewResponse;

export function invitationPreviewKey(token: string): string {
  return `/auth/invitations/${encodeURIComponent(token)}`;
}

/** Public: no session needed (the token is the key). Not retried: a bad link stays bad. */
export function useInvitationPreview(token: string | null) {
  return useSWR<InvitationPreview, ApiError>(token ? invitationPreviewKey(token) : null, (path: string) => api.get<InvitationPreview>(path, { auth: false }), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}

/** The signed-in user joins the inviting organisation (the invitation must be for their address). */
export function acceptInvitation(token: string): Promise<{ org_id: string; role: Role }> {
  return api.post<{ org_id: string; role: Role }>('/me/invitations/accept', { invitation_token: token });
}
