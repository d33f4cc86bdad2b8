// Messages to debtors (issue 11): the history of the organisation and of a case, sending with a
// preview, cancel / resend / change channel, opt-outs and the public unsubscribe link
// (packages/services/src/schemas/communications.ts).
import { useState } from 'react';
import useSWR from 'swr';
import type {
  CommunicationDetailResponse,
  CommunicationListResponse,
  CommunicationPreviewResponse,
  CommunicationResponse,
  CommunicationSendInput,
  CommunicationSendOptions,
  CommunicationSendResponse,
  OptOutListResponse,
  OptOutResponse,
  UnsubscribeResponse,
} from '@fordran/services';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { caseKey, casesKey } from './cases';
import { isKeyUnder, isListKeyOf, listPath } from './list';
import { useOrgWrites, type OrgWrites } from './org-writes';

export type Communication = CommunicationResponse;
export type CommunicationDetail = CommunicationDetailResponse;
export type CommunicationPage = CommunicationListResponse;
export type CommunicationPreview = CommunicationPreviewResponse;
export type SendOptions = CommunicationSendOptions;
export type OptOut = OptOutResponse;
export type OptOutPage = OptOutListResponse;
export type Unsubscribe = UnsubscribeResponse;
export type Channel = Communication['channel'];

export interface CommunicationListParams {
  /** One status or several, comma-separated. */
  status?: string;
  channel?: Channel;
  cursor?: string;
  limit: number;
}

function communicationsKey(orgId: string): string {
  return `/orgs/${orgId}/communications`;
}

function caseCommunicationsKey(orgId: string, caseId: string): string {
  return `${caseKey(orgId, caseId)}/communications`;
}

/** While a message may still go out within seconds, the list looks again every few seconds. */
const REFRESH_WHILE_QUEUED_MS = 3000;
function refreshWhileQueued(page: CommunicationPage): number {
  return page.items.some((item) => item.status === 'pending' || item.status === 'queued') ? REFRESH_WHILE_QUEUED_MS : 0;
}

/** One page of the organisation's messages (/communication), or of one case's (`caseId`). */
export function useCommunications(params: CommunicationListParams, caseId?: string) {
  const orgId = useCurrentOrgId();
  const base = orgId ? (caseId ? caseCommunicationsKey(orgId, caseId) : communicationsKey(orgId)) : null;
  // SWR reads a refresh interval given as a function only when polling starts; a number that
  // follows each answer starts and stops it.
  const [pollMs, setPollMs] = useState(0);
  return useSWR<CommunicationPage, ApiError>(base ? listPath(base, { ...params }) : null, (path: string) => fetchJson<CommunicationPage>(path), {
    keepPreviousData: true,
    refreshInterval: pollMs,
    onSuccess: (page) => setPollMs(refreshWhileQueued(page)),
  });
}

/** One message with every delivery round (the preview dialog). */
export function useCommunication(id: string | null) {
  const orgId = useCurrentOrgId();
  return useSWR<CommunicationDetail, ApiError>(orgId && id ? `${communicationsKey(orgId)}/${encodeURIComponent(id)}` : null, (path: string) =>
    fetchJson<CommunicationDetail>(path),
  );
}

/** What the send dialog offers on a case: templates and channels. */
export function useSendOptions(caseId: string | null) {
  const orgId = useCurrentOrgId();
  return useSWR<SendOptions, ApiError>(orgId && caseId ? `${caseCommunicationsKey(orgId, caseId)}/options` : null, (path: string) =>
    fetchJson<SendOptions>(path),
  );
}

/** The message as it would go out now (nothing is written); null input loads nothing. */
export function useSendPreview(caseId: string, input: CommunicationSendInput | null) {
  const orgId = useCurrentOrgId();
  const key = orgId && input ? [`${caseCommunicationsKey(orgId, caseId)}/preview`, input.template, input.channel ?? ''] : null;
  return useSWR<CommunicationPreview, ApiError>(key, ([path, template, channel]: [string, string, string]) =>
    api.post<CommunicationPreview>(path, { template, ...(channel ? { channel } : {}) }),
  );
}

/**
 * Sending and acting on messages. Each revalidates the message lists of the organisation (the
 * case's tab among them), the message itself, and the case (its count badge and timeline).
 */
function communicationWrites({ orgId, mutate }: OrgWrites) {
  const settle = async (id: string, caseId: string) => {
    await Promise.all([mutate(isKeyUnder(communicationsKey(id))), mutate(isKeyUnder(caseKey(id, caseId))), mutate(isListKeyOf(casesKey(id)))]);
  };
  const act = async (message: Communication, action: string, body?: unknown): Promise<Communication> => {
    const id = orgId();
    try {
      return await api.post<Communication>(`${communicationsKey(id)}/${encodeURIComponent(message.id)}/${action}`, body);
    } finally {
      await settle(id, message.case_id);
    }
  };
  return {
    async send(caseId: string, input: CommunicationSendInput): Promise<CommunicationSendResponse> {
      const id = orgId();
      try {
        return await api.post<CommunicationSendResponse>(caseCommunicationsKey(id, caseId), input);
      } finally {
        // A rule that blocks still records the flag that explains it.
        await settle(id, caseId);
      }
    },
    cancel: (message: Communication) => act(message, 'cancel'),
    resend: (message: Communication) => act(message, 'resend'),
    changeChannel: (message: Communication, channel: Channel) => act(message, 'change-channel', { channel }),
  };
}

export const useCommunicationMutations = () => useOrgWrites(communicationWrites);

function optOutsKey(orgId: string): string {
  return `/orgs/${orgId}/opt-outs`;
}

/** The opt-outs in force, newest first. */
export function useOptOuts(params: { cursor?: string; limit: number; channel?: Channel }) {
  const orgId = useCurrentOrgId();
  return useSWR<OptOutPage, ApiError>(orgId ? listPath(optOutsKey(orgId), { ...params }) : null, (path: string) => fetchJson<OptOutPage>(path), {
    keepPreviousData: true,
  });
}

function optOutWrites({ orgId, mutate }: OrgWrites) {
  return {
    async revoke(optOut: OptOut): Promise<OptOut> {
      const id = orgId();
      try {
        return await api.post<OptOut>(`${optOutsKey(id)}/${encodeURIComponent(optOut.id)}/revoke`);
      } finally {
        await mutate(isListKeyOf(optOutsKey(id)));
      }
    },
  };
}

export const useOptOutMutations = () => useOrgWrites(optOutWrites);

/** The public unsubscribe link (no sign-in). */
export function useUnsubscribe(token: string) {
  return useSWR<Unsubscribe, ApiError>(`/public/unsubscribe/${encodeURIComponent(token)}`, (path: string) => api.get<Unsubscribe>(path, { auth: false }));
}

export function confirmUnsubscribe(token: string): Promise<Unsubscribe> {
  return api.post<Unsubscribe>(`/public/unsubscribe/${encodeURIComponent(token)}`, undefined, { auth: false });
}
