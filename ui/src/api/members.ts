// Members and open invitations of the current organisation ('Behörigheter', admin only).
import useSWR from 'swr';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { useOrgWrites, type OrgWrites } from './org-writes';
import { meKey, type Role } from './me';
import type { InvitationCreateInput, InvitationCreateResponse, MemberResponse, MembersResponse } from '@fordran/services';

export type MemberList = MembersResponse;
export type Member = MemberResponse;
export type Invitation = MemberList['invitations'][number];
export type InvitationInput = InvitationCreateInput;
export type CreatedInvitation = InvitationCreateResponse;

export function membersKey(orgId: string): string {
  return `/orgs/${orgId}/members`;
}

export function useMembers(enabled = true) {
  const orgId = useCurrentOrgId();
  return useSWR<MemberList, ApiError>(enabled && orgId ? membersKey(orgId) : null, (path: string) => fetchJson<MemberList>(path));
}

/** The link an invitee opens: the sign-up page with the token. */
export function invitationLink(token: string): string {
  return `${window.location.origin}/auth?invitation=${encodeURIComponent(token)}`;
}

/** Inviting, changing roles, removing members and revoking invitations; each revalidates the list. */
function memberWrites({ orgId, mutate }: OrgWrites) {
  const memberPath = (id: string, userId: string) => `${membersKey(id)}/${encodeURIComponent(userId)}`;
  return {
    async invite(input: InvitationInput): Promise<CreatedInvitation> {
      const id = orgId();
      const created = await api.post<CreatedInvitation>(`/orgs/${id}/invitations`, input);
      await mutate(membersKey(id));
      return created;
    },
    async revokeInvitation(invitationId: string): Promise<void> {
      const id = orgId();
      await api.delete<void>(`/orgs/${id}/invitations/${encodeURIComponent(invitationId)}`);
      await mutate(membersKey(id));
    },
    async changeRole(userId: string, role: Role, creditorId: string | null): Promise<Member> {
      const id = orgId();
      const member = await api.patch<Member>(memberPath(id, userId), { role, creditor_id: role === 'client' ? creditorId : null });
      // The admin may have changed their own role: the menu and permissions follow /me.
      await Promise.all([mutate(membersKey(id)), mutate(meKey)]);
      return member;
    },
    async removeMember(userId: string): Promise<void> {
      const id = orgId();
      await api.delete<void>(memberPath(id, userId));
      await Promise.all([mutate(membersKey(id)), mutate(meKey)]);
    },
  };
}

export function useMemberMutations() {
  return useOrgWrites(memberWrites);
}
