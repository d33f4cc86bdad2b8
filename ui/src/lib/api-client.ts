// The only `fetch` of the UI. Paths are given without the `/api` prefix ("/me",
// "/orgs/<id>/dashboard") and double as SWR keys. Errors always arrive as `ApiError`.
import { ApiError } from './api-error';
import { getSession, readStoredSession, setSession, type Session } from './session-store';

export { ApiError };

export const API_BASE = '/api';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Send the Bearer token (default true). */
  auth?: boolean;
  /** On 401, refresh the session once and retry (default true when `auth`). */
  retryOnUnauthorized?: boolean;
  /** More request headers (the debtor portal's x-portal-session). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The absolute URL of an API path, e.g. for EventSource or an <img>. */
export function apiUrl(path: string, query?: Record<string, string>): string {
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return `${API_BASE}${path}${search}`;
}

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; details?: unknown };
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: ErrorBody | undefined;
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    body = undefined;
  }
  const code = typeof body?.error?.code === 'string' ? body.error.code : `HTTP_${response.status}`;
  const message = typeof body?.error?.message === 'string' ? body.error.message : `Servern svarade med fel (${response.status})`;
  return new ApiError(response.status, code, message, body?.error?.details);
}

async function send(path: string, options: RequestOptions, session: Session | null): Promise<Response> {
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  if (options.auth !== false && session) headers.set('Authorization', `Bearer ${session.access_token}`);
  try {
    return await fetch(apiUrl(path), { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Kunde inte nå servern');
  }
}

/** Sends a request; on 401 refreshes the session once and retries. Throws ApiError unless 2xx. */
async function sendOk(path: string, options: RequestOptions): Promise<Response> {
  const useAuth = options.auth !== false;
  let response = await send(path, options, useAuth ? getSession() : null);
  if (response.status === 401 && useAuth && options.retryOnUnauthorized !== false && getSession()) {
    const refreshed = await refreshSession();
    if (refreshed) response = await send(path, options, refreshed);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** Calls the API and returns the parsed JSON body (undefined for 204). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await sendOk(path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** A file the API sent (CSV, SIE): its bytes and the name from Content-Disposition. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** GETs a file download with the session's token (a plain link cannot send it). */
export async function apiDownload(path: string): Promise<DownloadedFile> {
  const response = await sendOk(path, {});
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}

/** The SWR fetcher: the key is the API path. */
export function fetchJson<T>(path: string): Promise<T> {
  return api.get<T>(path);
}

let refreshInFlight: Promise<Session | null> | null = null;

/**
 * Exchanges the refresh token for a new session. One refresh at a time, across tabs too: refresh
 * tokens rotate and reusing an old one revokes the whole family (API contract), so a tab that
 * waited for the lock first looks whether another tab already rotated the token.
 * Resolves to null (and clears the session) when the refresh token is no longer valid.
 */
export function refreshSession(): Promise<Session | null> {
  refreshInFlight ??= refreshUnderLock().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function refreshUnderLock(): Promise<Session | null> {
  const used = getSession();
  if (!used) return null;
  const run = async (): Promise<Session | null> => {
    const latest = readStoredSession();
    if (!latest) {
      setSession(null);
      return null;
    }
    if (latest.refresh_token !== used.refresh_token && Date.parse(latest.expires_at) > Date.now() + 30_000) {
      setSession(latest);
      return latest;
    }
    try {
      const next = await apiRequest<Session>('/auth/refresh', {
        method: 'POST',
        body: { refresh_token: latest.refresh_token },
        auth: false,
      });
      setSession(next);
      return next;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 400 || error.status === 401)) {
        setSession(null);
        return null;
      }
      throw error;
    }
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('fordran-session-refresh', run) : run();
}
