import { Theme } from '@radix-ui/themes';
import { useSyncExternalStore, type ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ToastProvider } from '../components/toast';
import { ApiError, fetchJson } from '../lib/api-client';
import { AuthProvider } from '../lib/auth';
import { getSessionGeneration, subscribeSession } from '../lib/session-store';

const swrConfig: SWRConfiguration = {
  fetcher: (path: string) => fetchJson(path),
  // A 4xx answer will not change by asking again; network and server errors are retried.
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return;
    if (retryCount >= 5) return;
    window.setTimeout(() => void revalidate({ retryCount }), Math.min(30_000, 1000 * 2 ** retryCount));
  },
};

/**
 * Theme, toasts, data cache and auth, outermost first. Every sign-out starts a fresh SWR cache
 * (a new Map, so also fresh de-duplication state): nothing cached for one user survives into the
 * next session, and nothing fetched before the sign-out is mistaken for fresh data after it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const generation = useSyncExternalStore(subscribeSession, getSessionGeneration);
  return (
    <Theme accentColor="indigo" grayColor="slate" radius="medium" scaling="100%" panelBackground="solid">
      <ToastProvider>
        <SWRConfig key={generation} value={{ ...swrConfig, provider: () => new Map() }}>
          <AuthProvider>{children}</AuthProvider>
        </SWRConfig>
      </ToastProvider>
    </Theme>
  );
}
