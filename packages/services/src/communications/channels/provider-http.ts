import type { SendOutcome } from './channel';

/*
 * One HTTP call to a provider (SendGrid, 46elks, Twilio, Kivra, the print partner) and what its
 * answer means for delivery: 2xx accepted (the caller reads the body), 429 throttled with the
 * provider's Retry-After, 5xx, time-outs and network errors retried later, 401/403 retried (a
 * credential an admin can fix), any other 4xx refused for good (bad number, bad address).
 */

const DEFAULT_PROVIDER_TIMEOUT_MS = 15_000;
/** When a 429 names no Retry-After. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

export interface ProviderRequest {
  provider: string;
  url: string;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** The delivery worker's signal: its abort (shutdown) is passed on, never turned into an outcome. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Non-2xx answers that mean success too (409: the provider already has this idempotency key). */
  alsoAccepted?: readonly number[];
}

export type ProviderAnswer =
  { ok: true; status: number; headers: Headers; text: string } | { ok: false; status: number | null; outcome: Exclude<SendOutcome, { kind: 'accepted' }> };

/** HTTP Basic credentials. */
export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

function retryAfterSeconds(headers: Headers): number {
  const value = headers.get('retry-after');
  if (!value) return DEFAULT_RETRY_AFTER_SECONDS;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? DEFAULT_RETRY_AFTER_SECONDS : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** The provider's own words from an error body (JSON `message`/`errors[].message`, or short text). */
function errorDetail(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown; errors?: { message?: unknown }[]; error_description?: unknown; short_message?: unknown };
    const message = body.message ?? body.errors?.[0]?.message ?? body.error_description ?? body.short_message;
    if (typeof message === 'string' && message) return message;
  } catch {
    // Not JSON: 46elks answers errors as plain text.
  }
  return text.trim().slice(0, 300) || 'inget svar';
}

/** Sends the request; a 2xx answer for the caller to read, or the outcome every other answer means. */
export async function callProvider(request: ProviderRequest): Promise<ProviderAnswer> {
  const timeout = AbortSignal.timeout(request.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const { provider } = request;
  let response: Response;
  let text: string;
  try {
    response = await fetch(request.url, {
      method: request.method ?? 'POST',
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      signal,
    });
    text = await response.text();
  } catch (error) {
    if (request.signal?.aborted) throw error;
    const detail = timeout.aborted
      ? `${provider} svarade inte inom tidsgränsen`
      : `${provider} kunde inte nås: ${error instanceof Error ? error.message : String(error)}`;
    return { ok: false, status: null, outcome: { kind: 'rejected', provider, detail, permanent: false } };
  }
  if (response.ok || request.alsoAccepted?.includes(response.status)) return { ok: true, status: response.status, headers: response.headers, text };
  const detail = `${provider} svarade ${response.status}: ${errorDetail(text)}`;
  if (response.status === 429)
    return { ok: false, status: 429, outcome: { kind: 'throttled', provider, detail, retry_after_seconds: retryAfterSeconds(response.headers) } };
  const permanent = response.status >= 400 && response.status < 500 && response.status !== 401 && response.status !== 403 && response.status !== 408;
  return { ok: false, status: response.status, outcome: { kind: 'rejected', provider, detail, permanent } };
}

/** The JSON of a 2xx answer, or undefined when it is not JSON. */
export function answerJson<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
