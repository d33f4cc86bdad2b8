/** How retries back off: the first wait, doubling per attempt, never longer than the cap. */
export interface BackoffSettings {
  /** The wait after the first failed attempt, ms. */
  baseMs: number;
  /** The longest wait, ms. */
  maxMs: number;
}

/**
 * The wait before the next attempt after `attempts` tries: base × 2^(attempts−1), at most max
 * (the job queue and message delivery retry on it).
 * @example exponentialBackoffMs(3, { baseMs: 5000, maxMs: 60_000 }) // 20000
 */
export function exponentialBackoffMs(attempts: number, settings: BackoffSettings): number {
  const exponent = Math.max(0, attempts - 1);
  // 2^exponent grows past any cap quickly; stop doubling once the cap is reached.
  return exponent >= 31 ? settings.maxMs : Math.min(settings.baseMs * 2 ** exponent, settings.maxMs);
}
