// Live updates of the current organisation over Server-Sent Events. EventSource cannot send
// headers, so the access token travels as `?access_token=` (API contract).
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { apiUrl, refreshSession } from '../lib/api-client';
import { useAuth } from '../lib/auth';
import { getSession } from '../lib/session-store';
import { isJobFinished, jobKey, type Job } from './jobs';
import { dashboardKey } from './dashboard';
import { notificationsKey } from './notifications';

/** A `job` event: the job's current state (its result only once it has finished, if at all). */
export type JobEvent = Job;

const MAX_RECONNECT_DELAY_MS = 30_000;

export function eventsKey(orgId: string): string {
  return `/orgs/${orgId}/events`;
}

/**
 * Keeps one event stream open for the organisation while mounted; a `notification` event
 * revalidates the notification list and the dashboard, a `job` event updates that job in the cache (and reads it
 * in full once it has finished, for its result). A stream closed by the server (e.g. an expired
 * token) is reopened with the current token after a growing pause. Pass a stable `onJob` (useCallback):
 * a new function reopens the stream.
 */
export function useOrgEvents(orgId: string | null, onJob?: (job: JobEvent) => void): void {
  const { isAuthenticated } = useAuth();
  const { mutate } = useSWRConfig();

  useEffect(() => {
    if (!orgId || !isAuthenticated || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: number | undefined;
    let failures = 0;
    let stopped = false;

    const open = async () => {
      let session = getSession();
      if (session && Date.parse(session.expires_at) - Date.now() < 10_000) {
        session = await refreshSession().catch(() => null);
      }
      if (stopped || !session) return;
      source = new EventSource(apiUrl(eventsKey(orgId), { access_token: session.access_token }));
      source.addEventListener('open', () => {
        failures = 0;
      });
      // The bell and the dashboard's unread count follow at once.
      source.addEventListener('notification', () => {
        void mutate(notificationsKey(orgId));
        void mutate(dashboardKey(orgId));
      });
      source.addEventListener('job', (event) => {
        let job: JobEvent;
        try {
          job = JSON.parse((event as MessageEvent<string>).data) as JobEvent;
        } catch {
          // A malformed job event is ignored; the next one carries the full state again.
          return;
        }
        void mutate<JobEvent>(jobKey(orgId, job.id), (cached) => ({ ...cached, ...job }), {
          revalidate: isJobFinished(job.status),
        });
        onJob?.(job);
      });
      source.addEventListener('error', () => {
        // The browser retries by itself unless the stream was closed for good (e.g. 401).
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        failures += 1;
        const delay = Math.min(MAX_RECONNECT_DELAY_MS, 1000 * 2 ** failures);
        retryTimer = window.setTimeout(() => void open(), delay);
      });
    };

    void open();
    return () => {
      stopped = true;
      window.clearTimeout(retryTimer);
      source?.close();
    };
  }, [orgId, isAuthenticated, onJob, mutate]);
}
