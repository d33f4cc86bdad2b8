import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '@fordran/services';

/**
 * The server's store waits only briefly (SERVER_BUSY_TIMEOUT_MS, blocking) for another process's
 * write lock — a CLI import, a nightly job — so the event loop never stalls for long; a request
 * whose write found the lock taken answers 503 DATABASE_BUSY (error-handling.ts). This wrapper
 * runs such a request again after an asynchronous pause, as long as nothing was written on the
 * connection since it began (so a request that wrote part of its work is never run twice; it
 * answers 503 and the client tries again).
 */
export const SERVER_BUSY_TIMEOUT_MS = 20;

type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>;

export function retryWhenBusy(fetch: Fetch, store: Pick<AppContext['store'], 'totalChanges'>, options: { timeoutMs?: number } = {}): Fetch {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return async (request, env) => {
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    // Read once: a retried request needs its body again.
    const body = hasBody ? await request.arrayBuffer() : undefined;
    const deadline = Date.now() + timeoutMs;
    for (let pauseMs = 10; ; pauseMs = Math.min(pauseMs * 2, 250)) {
      const changesBefore = store.totalChanges();
      const response = await fetch(hasBody ? new Request(request.url, { method: request.method, headers: request.headers, body: body ?? null }) : request, env);
      if (response.status !== 503 || store.totalChanges() !== changesBefore || Date.now() >= deadline) return response;
      await response.body?.cancel();
      await sleep(pauseMs / 2 + Math.random() * pauseMs);
    }
  };
}
