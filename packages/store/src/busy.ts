import { setTimeout as sleep } from 'node:timers/promises';
import { DrizzleQueryError } from 'drizzle-orm';

/*
 * SQLite has one writer at a time across every process on the file. better-sqlite3 waits for the
 * lock synchronously (busy_timeout), which in a server stalls the event loop for every request.
 * So the server opens the store with a short busy timeout and waits the rest asynchronously here.
 */

/**
 * The driver's own error under drizzle's wrapper ("Failed query: <sql> params: …", which carries
 * the SQL and its parameters: not for people's eyes, and without the driver's code); any other
 * error as it is.
 */
export function driverError(error: unknown): unknown {
  return error instanceof DrizzleQueryError && error.cause !== undefined ? error.cause : error;
}

/** True for SQLITE_BUSY (and its extended codes): another connection holds the lock, whether drizzle wrapped the error or not. */
export function isBusyError(error: unknown): boolean {
  const code = (driverError(error) as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

export interface BusyRetryOptions {
  /** Give up (rethrow the busy error) after this many ms in all (default 10 s). */
  timeoutMs?: number;
}

/**
 * Runs `write` (a synchronous transaction or statement) and, while the database is locked by
 * another connection, runs it again after a short asynchronous pause (10 ms doubling to 250 ms,
 * jittered), so the event loop keeps serving meanwhile. `write` must have done nothing when it
 * throws SQLITE_BUSY — true of one transaction or one statement, which roll back whole.
 * @example const row = await retryWhileBusy(() => store.transaction((tx) => claim(tx)));
 */
export async function retryWhileBusy<T>(write: () => T, options: BusyRetryOptions = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (let pauseMs = 10; ; pauseMs = Math.min(pauseMs * 2, 250)) {
    try {
      return write();
    } catch (error) {
      if (!isBusyError(error) || Date.now() >= deadline) throw error;
    }
    await sleep(pauseMs / 2 + Math.random() * pauseMs);
  }
}
