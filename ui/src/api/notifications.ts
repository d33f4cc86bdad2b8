// Notifications of the current organisation (addressed to the user or to everyone).
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { dashboardKey } from './dashboard';
import type { NotificationListResponse, NotificationResponse } from '@fordran/services';

export type Notification = NotificationResponse;
export type NotificationList = NotificationListResponse;

export function notificationsKey(orgId: string): string {
  return `/orgs/${orgId}/notifications`;
}

export function fetchNotifications(orgId: string): Promise<NotificationList> {
  return fetchJson<NotificationList>(notificationsKey(orgId));
}

export function useNotifications() {
  const orgId = useCurrentOrgId();
  return useSWR<NotificationList, ApiError>(orgId ? notificationsKey(orgId) : null, (path: string) => fetchJson<NotificationList>(path));
}

export function postNotificationRead(orgId: string, notificationId: string): Promise<Notification> {
  return api.post<Notification>(`${notificationsKey(orgId)}/${encodeURIComponent(notificationId)}/read`);
}

export function postAllNotificationsRead(orgId: string): Promise<{ updated: number }> {
  return api.post<{ updated: number }>(`${notificationsKey(orgId)}/read-all`);
}

/** Marking as read in the current organisation; both revalidate the list and the dashboard (the unread counts). */
export function useNotificationMutations() {
  const orgId = useCurrentOrgId();
  const { mutate } = useSWRConfig();
  return useMemo(
    () => ({
      async markRead(notificationId: string): Promise<void> {
        if (!orgId) return;
        await postNotificationRead(orgId, notificationId);
        await Promise.all([mutate(notificationsKey(orgId)), mutate(dashboardKey(orgId))]);
      },
      async markAllRead(): Promise<number> {
        if (!orgId) return 0;
        const result = await postAllNotificationsRead(orgId);
        await Promise.all([mutate(notificationsKey(orgId)), mutate(dashboardKey(orgId))]);
        return result.updated;
      },
    }),
    [orgId, mutate],
  );
}
